import type { ShopDates, ShopRegion } from '../model/catalog'
import type { SetRecord } from './records'
import { NOT_SPECIFIED } from './records'
import { checkV3SetsPage, v3SetsRefusal } from './v3-sets'
import type { V3Region, V3Set, V3SetRejection } from './v3-sets'
import { flagsOfPage } from './v3-set-flags'
import type { FlagMask } from './v3-set-flags'

/**
 * A v3 getSets answer as the client hands it over: each record checked on its own (v3-sets.ts)
 * and read as the flat record v2 gives, where the client decodes the body (its worker thread for
 * a large page), so the main thread neither checks nor maps a record (issue 25).
 */

/** The flat record v2 gives, plus the per-region shop dates only v3's nested record carries. */
type V3FlatSet = SetRecord & { readonly shopDates: Readonly<Record<ShopRegion, ShopDates>> }

/**
 * The user's values of one set as v3 gives them; `flags` null when the answer did not tell them
 * (v3-set-flags.ts: production's records carry none).
 */
export type V3Collection = NonNullable<V3Set['collection']> & {
  readonly flags: FlagMask
}

/** One checked record: as the catalogue stores it, and the user's values as v3 gives them. */
interface V3SetRecord {
  readonly flat: V3FlatSet
  /** Flags, rating and notes as sent (the flat record holds no flags). */
  readonly collection: V3Collection | null
}

/** A getSets answer checked record by record: the good records in order, and each refusal. */
export interface V3SetsAnswer {
  readonly status: 'success'
  /** The query's total (production's `matches`), not the page length. */
  readonly matches: number
  readonly sets: readonly V3SetRecord[]
  readonly rejected: readonly V3SetRejection[]
}

/** What the service means by "never" (v3 `0001-01-01T00:00:00Z`), as the catalogue reads it. */
const NEVER = '0001-01-01T00:00:00Z'

type Maybe<T> = T | null | undefined

/** Text as the flat record holds it: unknown (omitted or production's placeholder) is null. */
function text(v: Maybe<string>): string | null {
  return v === undefined || v === null || v === NOT_SPECIFIED ? null : v
}

const numberText = (n: Maybe<number>): string | null =>
  n === undefined || n === null ? null : String(n)

/** Prices read as v2 writes them (`10.00`), unless that would round the service's value. */
function priceText(n: Maybe<number>): string | null {
  if (n === undefined || n === null) return null
  const fixed = n.toFixed(2)
  return Number(fixed) === n ? fixed : String(n)
}

/** A shop date as a day (the timestamps are UTC midnights); production's year-1 "never" is none. */
function day(ts: Maybe<string>): string | null {
  if (ts === undefined || ts === null || ts.startsWith('0001-01-01')) return null
  return ts.slice(0, 10)
}

const dates = (r: Maybe<V3Region>) => ({
  first: day(r?.dateFirstAvailable),
  last: day(r?.dateLastAvailable)
})

function tagsText(tags: Maybe<string | readonly string[]>): string | null {
  if (tags === undefined || tags === null) return null
  return typeof tags === 'string' ? tags : tags.join(', ')
}

/**
 * A set of a production v3 getSets page (nested, unknowns omitted) as the flat record v2 gives,
 * plus the per-region shop dates the flat record cannot hold. v3's `image.thumbnailURL` is v2's
 * large thumbnail; v3 names no smaller one, so the list thumbnail uses the same picture.
 */
export function flatSetOfV3(s: V3Set): V3FlatSet {
  const shop = s.LEGOCom
  const c = s.collection
  const thumb = text(s.image?.thumbnailURL)
  const image = text(s.image?.imageURL)
  return {
    setID: s.setID,
    number: s.number,
    numberVariant: s.numberVariant,
    name: text(s.name),
    year: numberText(s.year),
    theme: text(s.theme),
    themeGroup: text(s.themeGroup),
    subtheme: text(s.subtheme),
    pieces: numberText(s.pieces),
    minifigs: numberText(s.minifigs),
    image: image !== null && image !== '',
    imageFilename: null,
    thumbnailURL: thumb,
    largeThumbnailURL: thumb,
    imageURL: image,
    serviceURL: text(s.bricksetURL),
    released: s.released ?? false,
    owned: c?.owned ?? false,
    wanted: c?.wanted ?? false,
    qtyOwned: c?.qtyOwned ?? 0,
    userNotes: text(c?.notes),
    ACMDataCount: 0,
    ownedByTotal: s.collections?.ownedBy ?? 0,
    wantedByTotal: s.collections?.wantedBy ?? 0,
    UKRetailPrice: priceText(shop?.UK?.retailPrice),
    USRetailPrice: priceText(shop?.US?.retailPrice),
    CARetailPrice: priceText(shop?.CA?.retailPrice),
    // The flat record's one euro price is the German shop's.
    EURetailPrice: priceText(shop?.DE?.retailPrice),
    USDateAddedToSAH: day(shop?.US?.dateFirstAvailable),
    USDateRemovedFromSAH: day(shop?.US?.dateLastAvailable),
    rating: s.rating ?? 0,
    reviewCount: s.reviewCount ?? 0,
    packagingType: text(s.packagingType),
    availability: text(s.availability),
    instructionsCount: s.instructionsCount ?? 0,
    additionalImageCount: s.additionalImageCount ?? 0,
    ageMin: numberText(s.ageRange?.min),
    ageMax: numberText(s.ageRange?.max),
    height: numberText(s.dimensions?.height),
    width: numberText(s.dimensions?.width),
    depth: numberText(s.dimensions?.depth),
    weight: numberText(s.dimensions?.weight),
    category: text(s.category),
    notes: text(s.extendedData?.notes),
    userRating: numberText(c?.rating),
    tags: tagsText(s.extendedData?.tags),
    EAN: text(s.barcode?.EAN),
    UPC: text(s.barcode?.UPC),
    description: text(s.extendedData?.description),
    lastUpdated:
      s.lastUpdated === undefined ||
      s.lastUpdated === null ||
      s.lastUpdated.startsWith('0001-01-01')
        ? new Date(NEVER)
        : new Date(s.lastUpdated),
    shopDates: {
      US: dates(shop?.US),
      UK: dates(shop?.UK),
      CA: dates(shop?.CA),
      DE: dates(shop?.DE)
    }
  }
}

/**
 * Checks a getSets answer (the page, then each record on its own, never throwing for one) and
 * reads each good record; AppError `bad_record` only for a page that breaks the protocol.
 */
export function checkV3SetsAnswer(value: unknown): V3SetsAnswer {
  // Flags are read apart from the record's schema: no shape of them may refuse a record.
  const flags = flagsOfPage(value)
  const page = checkV3SetsPage(value)
  const collectionOf = (s: V3Set): V3Collection | null =>
    s.collection ? { ...s.collection, flags: flags.get(s.setID) ?? null } : null
  return {
    status: page.status,
    matches: page.matches,
    sets: page.sets.map((s) => ({ flat: flatSetOfV3(s), collection: collectionOf(s) })),
    rejected: page.rejected
  }
}

/** The user's values of the answer's first set (a one-set read); a rejected record refuses it. */
export function firstCollectionOf(answer: V3SetsAnswer): V3SetRecord['collection'] {
  const refusal = v3SetsRefusal(answer.rejected)
  if (refusal !== null) throw refusal
  return answer.sets[0]?.collection ?? null
}
