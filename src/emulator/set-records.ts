import type { CatalogueSet } from './catalogue'
import { fullNumber, subthemeOf, themeOf } from './catalogue'
import type { Call, ServiceState } from './context'
import { setDetails, setPaths } from './set-details'
import type { UserData } from './state'
import type { FieldValues } from './xml-write'

/** Field values of the set records (the service interface), as seen by one user (or nobody). */

/** What a set's record is written from, in v2 and v3 alike: its details, theme and picture paths. */
export function setSources(state: ServiceState, set: CatalogueSet) {
  return {
    d: setDetails(state.cat, set, state.today),
    theme: themeOf(state.cat, set),
    paths: setPaths(set)
  }
}

export function setRecord(call: Call, set: CatalogueSet, user: UserData | null): FieldValues {
  const { state, origin } = call
  const { d, theme, paths } = setSources(state, set)
  const entry = user?.sets.get(set.setID)
  const copies = user ? [...user.copies.values()].filter((c) => c.setID === set.setID).length : 0
  return {
    setID: set.setID,
    number: set.number,
    numberVariant: set.numberVariant,
    name: set.name,
    year: String(set.year),
    theme: theme.name,
    themeGroup: theme.group,
    subtheme: subthemeOf(state.cat, set),
    pieces: set.pieces === null ? '' : String(set.pieces),
    minifigs: set.minifigs === 0 ? '' : String(set.minifigs),
    image: d.image,
    imageFilename: fullNumber(set),
    thumbnailURL: d.image ? origin + paths.thumbnail : '',
    largeThumbnailURL: d.image ? origin + paths.large : '',
    imageURL: d.image ? origin + paths.image : '',
    serviceURL: origin + paths.page,
    released: d.released,
    owned: entry?.owned ?? false,
    wanted: entry?.wanted ?? false,
    qtyOwned: entry?.qtyOwned ?? 0,
    userNotes: entry?.notes ?? '',
    ACMDataCount: copies,
    ownedByTotal: d.ownedByTotal,
    wantedByTotal: d.wantedByTotal,
    UKRetailPrice: d.prices[0],
    USRetailPrice: d.prices[1],
    CARetailPrice: d.prices[2],
    EURetailPrice: d.prices[3],
    USDateAddedToSAH: d.dateAdded,
    USDateRemovedFromSAH: d.dateRemoved,
    rating: set.rating100 / 100,
    reviewCount: set.reviewCount,
    packagingType: d.packagingType,
    availability: d.availability,
    instructionsCount: set.instructionsCount,
    additionalImageCount: set.additionalImageCount,
    ageMin: d.ageMin,
    ageMax: d.ageMax,
    height: d.height,
    width: d.width,
    depth: d.depth,
    weight: d.weight,
    category: d.category,
    notes: d.notes,
    userRating: String(entry?.rating ?? 0),
    tags: set.tags === '' ? null : set.tags,
    EAN: set.EAN,
    UPC: set.UPC,
    description: d.description,
    lastUpdated: new Date(set.lastUpdated)
  }
}

export function setDataRecord(call: Call, set: CatalogueSet, user: UserData | null): FieldValues {
  const full = setRecord(call, set, user)
  return {
    ...full,
    setName: set.name,
    own: full.owned,
    want: full.wanted,
    instructionsAvailable: set.instructionsCount > 0
  }
}

/** Aggregates for getThemes / getSubthemes / getYears, over any subset of sets. */
interface Group {
  theme: string
  key: string
  setCount: number
  yearFrom: number
  yearTo: number
  subthemes: Set<string>
}

export function groupSets(
  state: ServiceState,
  sets: Iterable<CatalogueSet>,
  keyOf: (s: CatalogueSet) => string | null
): Group[] {
  const groups = new Map<string, Group>()
  for (const s of sets) {
    const key = keyOf(s)
    if (key === null) continue
    const theme = themeOf(state.cat, s).name
    let g = groups.get(key)
    if (!g) {
      g = { theme, key, setCount: 0, yearFrom: s.year, yearTo: s.year, subthemes: new Set() }
      groups.set(key, g)
    }
    g.setCount++
    g.yearFrom = Math.min(g.yearFrom, s.year)
    g.yearTo = Math.max(g.yearTo, s.year)
    const sub = subthemeOf(state.cat, s)
    if (sub !== '') g.subthemes.add(sub)
  }
  return [...groups.values()].sort((a, b) => a.key.localeCompare(b.key))
}
