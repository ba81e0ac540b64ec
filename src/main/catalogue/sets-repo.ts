import type { ShopDates, ShopRegion } from '../../shared/model/catalog'
import type { SetRecord } from '../../shared/protocol/records'
import type { WriteDb } from '../store/handles'
import { run } from '../store/handles'
import { initialsOf } from '../store/initials'
import { noteCatalogueChange } from '../store/match-sets'
import { sql } from '../store/sql'

type ShopDatesByRegion = Readonly<Record<ShopRegion, ShopDates>>

/** A set to cache: the flat record, plus what only v3's nested record carries. */
export type CatalogueSetInput = SetRecord & { readonly shopDates?: ShopDatesByRegion }

/** What the service means by "never" (v3 `0001-01-01T00:00:00Z`; v2 writes it without a zone). */
export const NEVER_UPDATED = new Date('0001-01-01T00:00:00Z')

/** The per-set fields the UI shows in detail only: kept as one JSON column, read one set at a time. */
export interface SetDetailJson {
  readonly category: string
  readonly packagingType: string
  readonly released: boolean
  readonly image: boolean
  readonly serviceURL: string | null
  readonly shopDateAdded: string | null
  readonly shopDateRemoved: string | null
  /** Absent in rows written before regions were kept: those have the US dates above only. */
  readonly shopDates?: ShopDatesByRegion
  readonly ageMin: string | null
  readonly ageMax: string | null
  readonly height: string | null
  readonly width: string | null
  readonly depth: string | null
  readonly weight: string | null
  readonly description: string
  readonly ownedByTotal: number
  readonly wantedByTotal: number
  readonly reviewCount: number
  readonly instructionsCount: number
  readonly additionalImageCount: number
}

function intOrNull(s: string | null): number | null {
  if (s === null || !/^\s*\d+\s*$/.test(s)) return null
  return Number(s)
}

function blankToNull(s: string | null): string | null {
  return s === null || s.trim() === '' ? null : s
}

/** Numeric part of a set number first, so 99 sorts before 100 and `10179` before `10179a`. */
export function numberSortKey(number: string): number {
  const m = /^\d+/.exec(number)
  return m ? Math.min(Number(m[0]), Number.MAX_SAFE_INTEGER) : Number.MAX_SAFE_INTEGER
}

const NO_DATES: ShopDates = { first: null, last: null }

/** A v2 record's shop dates are the US shop's. */
export function usOnly(first: string | null, last: string | null): ShopDatesByRegion {
  return { US: { first, last }, UK: NO_DATES, CA: NO_DATES, DE: NO_DATES }
}

function detailOf(r: CatalogueSetInput): SetDetailJson {
  const shopDates =
    r.shopDates ?? usOnly(blankToNull(r.USDateAddedToSAH), blankToNull(r.USDateRemovedFromSAH))
  return {
    category: r.category ?? '',
    packagingType: r.packagingType ?? '',
    released: r.released,
    image: r.image,
    serviceURL: blankToNull(r.serviceURL),
    shopDateAdded: shopDates.US.first,
    shopDateRemoved: shopDates.US.last,
    shopDates,
    ageMin: blankToNull(r.ageMin),
    ageMax: blankToNull(r.ageMax),
    height: blankToNull(r.height),
    width: blankToNull(r.width),
    depth: blankToNull(r.depth),
    weight: blankToNull(r.weight),
    description: r.description ?? '',
    ownedByTotal: r.ownedByTotal,
    wantedByTotal: r.wantedByTotal,
    reviewCount: r.reviewCount,
    instructionsCount: r.instructionsCount,
    additionalImageCount: r.additionalImageCount
  }
}

/**
 * Inserts or updates cached sets. Guarded: a row whose lastUpdated and content are unchanged is
 * not rewritten (a re-sync of an unchanged catalogue then costs reads only).
 * Returns the setIDs that were inserted or changed.
 */
export function upsertSets(
  db: WriteDb,
  profileId: number,
  records: readonly CatalogueSetInput[],
  fetchedAt: string
): number[] {
  const changed: number[] = []
  // In FTS column order, as the columns below are stored (fts.ts indexes them).
  const initials = initialsOf(
    db,
    records.map((r) => [
      `${r.number ?? ''}-${r.numberVariant}`,
      r.name ?? '',
      r.theme ?? '',
      r.subtheme ?? '',
      r.tags ?? '',
      blankToNull(r.EAN),
      blankToNull(r.UPC)
    ])
  )
  records.forEach((r, i) => {
    const number = r.number ?? ''
    const details = detailOf(r)
    const detail = JSON.stringify(details)
    // '' keeps "never" apart from every real time and sorts before them (the column is NOT NULL).
    const lastUpdated =
      r.lastUpdated.getTime() === NEVER_UPDATED.getTime() ? '' : r.lastUpdated.toISOString()
    const result = run(
      db,
      sql`INSERT INTO sets (profile_id, set_id, number, number_variant, full_number, number_sort,
            name, year, theme, theme_group, subtheme, pieces, minifigs, availability, rating, tags,
            ean, upc, uk_price, us_price, ca_price, eu_price, thumbnail_url, large_thumbnail_url,
            image_url, last_updated, detail, shop_exit, fetched_at, initials)
          VALUES (${profileId}, ${r.setID}, ${number}, ${r.numberVariant},
            ${`${number}-${r.numberVariant}`}, ${numberSortKey(number)}, ${r.name ?? ''},
            ${intOrNull(r.year)}, ${r.theme ?? ''}, ${r.themeGroup ?? ''}, ${r.subtheme ?? ''},
            ${intOrNull(r.pieces)}, ${intOrNull(r.minifigs)}, ${r.availability ?? ''}, ${r.rating},
            ${r.tags ?? ''}, ${blankToNull(r.EAN)}, ${blankToNull(r.UPC)},
            ${blankToNull(r.UKRetailPrice)}, ${blankToNull(r.USRetailPrice)},
            ${blankToNull(r.CARetailPrice)}, ${blankToNull(r.EURetailPrice)},
            ${blankToNull(r.thumbnailURL)}, ${blankToNull(r.largeThumbnailURL)},
            ${blankToNull(r.imageURL)}, ${lastUpdated}, ${detail}, ${details.shopDateRemoved},
            ${fetchedAt}, ${initials[i] ?? 0})
          ON CONFLICT (profile_id, set_id) DO UPDATE SET
            number = excluded.number, number_variant = excluded.number_variant,
            full_number = excluded.full_number, number_sort = excluded.number_sort,
            name = excluded.name, year = excluded.year, theme = excluded.theme,
            theme_group = excluded.theme_group, subtheme = excluded.subtheme,
            pieces = excluded.pieces, minifigs = excluded.minifigs,
            availability = excluded.availability, rating = excluded.rating, tags = excluded.tags,
            ean = excluded.ean, upc = excluded.upc, uk_price = excluded.uk_price,
            us_price = excluded.us_price, ca_price = excluded.ca_price, eu_price = excluded.eu_price,
            thumbnail_url = excluded.thumbnail_url,
            large_thumbnail_url = excluded.large_thumbnail_url, image_url = excluded.image_url,
            last_updated = excluded.last_updated, detail = excluded.detail,
            shop_exit = excluded.shop_exit, fetched_at = excluded.fetched_at, initials = excluded.initials
          WHERE sets.last_updated IS NOT excluded.last_updated
            OR sets.detail IS NOT excluded.detail OR sets.rating IS NOT excluded.rating
            OR sets.name IS NOT excluded.name OR sets.tags IS NOT excluded.tags`
    )
    if (result.changes > 0) changed.push(r.setID)
  })
  if (changed.length > 0) noteCatalogueChange(db)
  return changed
}
