import { NOT_SPECIFIED } from '../shared/protocol/records'
import type { CatalogueSet } from './catalogue'
import { subthemeOf } from './catalogue'
import type { Call } from './context'
import { setSources } from './set-records'
import type { UserData } from './state'
import { emptyEntry } from './state'
import type { V3FlagShape } from './v3-flag-shape'

/**
 * A set as production's v3 getSets writes it (docs/protocol.md §5, the recording in
 * test/fixtures/production/production-v3): nested objects, unknown values omitted rather than null,
 * `{Not specified}` placeholders, JSON numbers, UTC timestamps with `Z` and a trimmed fraction.
 * The values are v2's (set-records.ts), so both versions describe one catalogue.
 */

type Json = string | number | boolean | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }

/** `collection.flags` in the shape the service was asked for; null leaves the key out. */
function flagsIn(shape: V3FlagShape, flags: readonly boolean[]): Json | null {
  switch (shape) {
    case 'list':
      return flags.map((value, i) => ({ flagNo: i + 1, value }))
    case 'omitted':
      return null
    case 'booleans':
      return [...flags]
    case 'keyed':
      return Object.fromEntries(flags.map((v, i) => [`flag${i + 1}`, v]))
  }
}

/** Production trims the fraction: `.47Z`, `.9Z`, none at all for whole seconds. */
function v3Timestamp(ms: number): string {
  const iso = new Date(ms).toISOString()
  // `…:SS.mmmZ`: the fraction's trailing zeros go, and its dot with them when nothing is left.
  let end = iso.length - 1
  while (iso.charCodeAt(end - 1) === 48 /* 0 */) end--
  if (iso.charCodeAt(end - 1) === 46 /* . */) end--
  return `${iso.slice(0, end)}Z`
}

/**
 * Only the keys with a known value: production omits the rest. A loop over the keys, not
 * Object.entries: the demo's service builds ~10 of these per set, and the pair arrays were its
 * largest garbage in a first sync (issue #25).
 */
function known(entries: Record<string, Json | null | undefined>): JsonObject {
  const out: JsonObject = {}
  for (const k in entries) {
    const v = entries[k]
    if (v !== null && v !== undefined) out[k] = v
  }
  return out
}

const num = (text: string): number | null => (text === '' ? null : Number(text))
const day = (date: string): string | null => (date === '' ? null : `${date}T00:00:00Z`)

export function setRecordV3(call: Call, set: CatalogueSet, user: UserData | null): JsonObject {
  const { state, origin } = call
  const { d, theme, paths } = setSources(state, set)
  const [uk, us, ca, eu] = d.prices
  // v2 knows the US shop's dates only; the other shops sold the set over the same days when they
  // priced it.
  const region = (price: string, always: boolean, last: string): JsonObject =>
    known({
      retailPrice: num(price),
      dateFirstAvailable: always || price !== '' ? day(d.dateAdded) : null,
      dateLastAvailable: always || price !== '' ? day(last) : null
    })
  const e = user ? (user.sets.get(set.setID) ?? emptyEntry()) : null
  const tags = set.tags === '' ? null : set.tags.split(', ')
  return known({
    setID: set.setID,
    number: set.number,
    numberVariant: set.numberVariant,
    name: set.name,
    year: set.year,
    theme: theme.name,
    themeGroup: theme.group,
    subtheme: subthemeOf(state.cat, set) || null,
    category: d.category,
    released: d.released,
    pieces: set.pieces,
    minifigs: set.minifigs === 0 ? null : set.minifigs,
    image: d.image ? { thumbnailURL: origin + paths.large, imageURL: origin + paths.image } : {},
    bricksetURL: origin + paths.page,
    // Without a userHash production still writes the object, empty.
    collection: e
      ? known({
          owned: e.owned,
          wanted: e.wanted,
          qtyOwned: e.qtyOwned,
          rating: e.rating,
          notes: e.notes,
          flags: flagsIn(state.v3Flags, e.flags)
        })
      : {},
    collections: { ownedBy: d.ownedByTotal, wantedBy: d.wantedByTotal },
    LEGOCom: {
      US: region(us, true, d.dateRemoved),
      UK: region(uk, false, d.dateRemovedIn.UK),
      CA: region(ca, false, d.dateRemovedIn.CA),
      DE: region(eu, false, d.dateRemovedIn.DE)
    },
    rating: set.rating100 / 100,
    reviewCount: set.reviewCount,
    packagingType: d.packagingType,
    availability: d.availability === 'Unknown' ? NOT_SPECIFIED : d.availability,
    instructionsCount: set.instructionsCount,
    additionalImageCount: set.additionalImageCount,
    ageRange: known({ min: num(d.ageMin), max: num(d.ageMax) }),
    dimensions: known({
      height: num(d.height),
      width: num(d.width),
      depth: num(d.depth),
      weight: num(d.weight)
    }),
    barcode: known({ EAN: set.EAN || null, UPC: set.UPC || null }),
    extendedData: known({ notes: d.notes, tags, description: d.description }),
    lastUpdated: v3Timestamp(set.lastUpdated)
  })
}
