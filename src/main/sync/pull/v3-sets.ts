import { AppError } from '../../../shared/errors'
import { NOT_SPECIFIED, v3SetsRefusal } from '../../../shared/protocol/v3-sets'
import type { V3Region, V3Set, V3SetsAnswer } from '../../../shared/protocol/v3-sets'
import { NEVER_UPDATED } from '../../catalogue/index'
import type { CatalogueSetInput } from '../../catalogue/index'

/** v3 is optional on a service: these errors say "not offered here", so a pull degrades to v2. */
export function v3Unavailable(e: unknown): boolean {
  return (
    e instanceof AppError &&
    [
      'binding_unsupported',
      'server_error',
      'soap_fault_client',
      'unexpected_empty_body',
      'bad_json',
      'not_found'
    ].includes(e.code)
  )
}

/**
 * A v3 read of the user's collection or of the figures that this service will not answer: not
 * offered (above), refused in-band for any reason but the credentials or the allowance
 * (production answers `No valid parameters` for some), or an ASP.NET error page, which is how a
 * server may answer an operation it lacks (docs/protocol.md §4). Such a read falls back to v2 or
 * keeps what the app holds; it never ends the sync, which would then end every sync after it.
 */
export function v3CannotAnswer(e: unknown): boolean {
  return (
    v3Unavailable(e) ||
    (e instanceof AppError && (e.code === 'service_error' || e.code === 'html_error_page'))
  )
}

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
export function setFromV3(s: V3Set): CatalogueSetInput {
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
        ? NEVER_UPDATED
        : new Date(s.lastUpdated),
    shopDates: {
      US: dates(shop?.US),
      UK: dates(shop?.UK),
      CA: dates(shop?.CA),
      DE: dates(shop?.DE)
    }
  }
}

interface CataloguePage {
  /** The query's total (production's `matches`), not the page length. */
  readonly matches: number
  readonly sets: readonly CatalogueSetInput[]
}

/**
 * A v3 getSets answer as the flat records the catalogue stores, or null when the service sent no
 * page at all (an empty body), which the pull reads as "v3 not here". The client's decoder has
 * checked every record already (off the main thread for a large page); a page with a rejected
 * record is refused whole with AppError `bad_record`, storing nothing of it.
 */
export function setsOfPage(answer: V3SetsAnswer | null | undefined): CataloguePage | null {
  if (answer === null || answer === undefined) return null
  const refusal = v3SetsRefusal(answer.rejected)
  if (refusal !== null) throw refusal
  return { matches: answer.matches, sets: answer.sets.map(setFromV3) }
}
