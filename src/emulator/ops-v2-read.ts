import type { CatalogueSet } from './catalogue'
import { setsOfTheme, themeOf } from './catalogue'
import { consumeAllowance } from './allowance'
import type { Args, Call } from './context'
import { userByHash, userByName, validKey } from './context'
import { filterMinifigs, userMinifigs } from './minifigs'
import type { OpResult } from './results'
import { EMPTY, list } from './results'
import { flag, parsePositive, PAGE_SIZE_DEFAULT, searchQuery, searchSets } from './search'
import { additionalImagePaths, instructionLinks, setReviews } from './set-details'
import { groupSets, setRecord } from './set-records'
import type { UserData } from './state'
import { CONDITIONS } from './words'

export type Handler = (call: Call, a: Args) => OpResult

/** userHash wins over userName when both are given (the service interface leaves it open). */
function readingUser(call: Call, a: Args): UserData | null {
  return (
    userByHash(call, a.str('userHash')) ??
    (a.has('userName') ? userByName(call, a.str('userName')) : null)
  )
}

const getSets: Handler = (call, a) => {
  const key = a.str('apiKey')
  if (!validKey(call, key)) return EMPTY
  if (!consumeAllowance(call, key)) return { kind: 'serverError', message: 'API limit exceeded' }
  const user = readingUser(call, a)
  const q = searchQuery(a, user, 'owned', 'wanted')
  q.orderBy = a.str('orderBy')
  q.pageSize = parsePositive(a.str('pageSize'), PAGE_SIZE_DEFAULT) ?? PAGE_SIZE_DEFAULT
  q.pageNumber = parsePositive(a.str('pageNumber'), 1) ?? 1
  const { page } = searchSets(call.state, q)
  return list(page.map((s) => setRecord(call, s, user)))
}

function setByText(call: Call, text: string): CatalogueSet | undefined {
  return /^\s*\d+\s*$/.test(text) ? call.state.cat.byID.get(Number(text)) : undefined
}

const getSet: Handler = (call, a) => {
  if (!validKey(call, a.str('apiKey'))) return EMPTY
  const set = setByText(call, a.str('SetID'))
  return set ? list([setRecord(call, set, userByHash(call, a.str('userHash')))]) : EMPTY
}

const getRecentlyUpdatedSets: Handler = (call, a) => {
  if (!validKey(call, a.str('apiKey'))) return EMPTY
  const since = call.state.now().getTime() - a.int('minutesAgo') * 60_000
  const hits = call.state.cat.sets.filter((s) => s.lastUpdated >= since)
  hits.sort((x, y) => x.lastUpdated - y.lastUpdated || x.setID - y.setID)
  return list(hits.map((s) => setRecord(call, s, null)))
}

function perSet(fn: (call: Call, set: CatalogueSet) => OpResult): Handler {
  return (call, a) => {
    if (!validKey(call, a.str('apiKey'))) return EMPTY
    const set = call.state.cat.byID.get(a.int('setID'))
    return set ? fn(call, set) : EMPTY
  }
}

const getAdditionalImages = perSet((call, set) =>
  list(
    additionalImagePaths(set).map((p) => ({
      thumbnailURL: call.origin + p.thumbnail,
      largeThumbnailURL: call.origin + p.large,
      imageURL: call.origin + p.image
    }))
  )
)
const getReviews = perSet((call, set) =>
  list(setReviews(call.state.cat, set).map((r) => ({ ...r })))
)
const getInstructions = perSet((call, set) =>
  list(instructionLinks(set).map((i) => ({ URL: call.origin + i.URL, description: i.description })))
)

const getMinifigCollection: Handler = (call, a) => {
  const user = validKey(call, a.str('apiKey')) ? userByHash(call, a.str('userHash')) : null
  if (!user) return EMPTY
  return list(
    filterMinifigs(
      userMinifigs(call.state, user),
      a.str('query'),
      flag(a.str('owned')),
      flag(a.str('wanted'))
    ).map((m) => ({ ...m }))
  )
}

function themeRows(call: Call, sets: Iterable<CatalogueSet>, forUser: boolean): OpResult {
  const groups = groupSets(call.state, sets, (s) => themeOf(call.state.cat, s).name)
  return list(
    groups.map((g) => ({
      theme: g.theme,
      setCount: g.setCount,
      subthemeCount: forUser ? 0 : g.subthemes.size,
      yearFrom: forUser ? 0 : g.yearFrom,
      yearTo: forUser ? 0 : g.yearTo
    }))
  )
}

export function subthemeRows(call: Call, sets: Iterable<CatalogueSet>, theme: string): OpResult {
  const t = theme.trim().toLowerCase()
  const groups = groupSets(call.state, sets, (s) => {
    const th = themeOf(call.state.cat, s)
    return s.subtheme >= 0 && th.name.toLowerCase() === t
      ? (th.subthemes[s.subtheme] ?? null)
      : null
  })
  return list(
    groups.map((g) => ({
      theme: g.theme,
      subtheme: g.key,
      setCount: g.setCount,
      yearFrom: g.yearFrom,
      yearTo: g.yearTo
    }))
  )
}

function yearRows(call: Call, sets: Iterable<CatalogueSet>, theme: string): OpResult {
  const t = theme.trim().toLowerCase()
  const groups = groupSets(call.state, sets, (s) =>
    t === '' || themeOf(call.state.cat, s).name.toLowerCase() === t ? String(s.year) : null
  )
  return list(
    groups.map((g) => ({ theme: t === '' ? '' : g.theme, year: g.key, setCount: g.setCount }))
  )
}

/** The user's sets for the *ForUser operations: owned, wanted, or either when neither is asked. */
function userSets(call: Call, a: Args): CatalogueSet[] | null {
  const user = validKey(call, a.str('apiKey')) ? userByHash(call, a.str('userHash')) : null
  if (!user) return null
  const owned = flag(a.str('owned'))
  const wanted = flag(a.str('wanted'))
  const out: CatalogueSet[] = []
  for (const [id, e] of user.sets) {
    const keep = owned || wanted ? (owned && e.owned) || (wanted && e.wanted) : e.owned || e.wanted
    const set = call.state.cat.byID.get(id)
    if (keep && set) out.push(set)
  }
  return out
}

const withKey =
  (fn: Handler): Handler =>
  (call, a) =>
    validKey(call, a.str('apiKey')) ? fn(call, a) : EMPTY

export const V2_READS = {
  getSets,
  getSet,
  getRecentlyUpdatedSets,
  getAdditionalImages,
  getReviews,
  getInstructions,
  getMinifigCollection,
  getThemes: withKey((call) => themeRows(call, call.state.cat.sets, false)),
  getSubthemes: withKey((call, a) =>
    subthemeRows(call, setsOfTheme(call.state.cat, a.str('theme')), a.str('theme'))
  ),
  getYears: withKey((call, a) =>
    yearRows(call, setsOfTheme(call.state.cat, a.str('theme')), a.str('theme'))
  ),
  getThemesForUser: (call, a) => {
    const sets = userSets(call, a)
    return sets ? themeRows(call, sets, true) : EMPTY
  },
  getSubthemesForUser: (call, a) => {
    const sets = userSets(call, a)
    return sets ? subthemeRows(call, sets, a.str('theme')) : EMPTY
  },
  getYearsForUser: (call, a) => {
    const sets = userSets(call, a)
    return sets ? yearRows(call, sets, a.str('theme')) : EMPTY
  },
  getUserNotes: (call, a) => {
    const user = validKey(call, a.str('apiKey')) ? userByHash(call, a.str('userHash')) : null
    if (!user) return EMPTY
    const rows = [...user.sets].filter(([, e]) => e.notes !== '').sort(([x], [y]) => x - y)
    return list(rows.map(([setID, e]) => ({ setID, userNotes: e.notes })))
  },
  getCollectionTotals: (call, a) => {
    const user = validKey(call, a.str('apiKey')) ? userByHash(call, a.str('userHash')) : null
    const sets = user ? [...user.sets.values()] : []
    const figs = user ? userMinifigs(call.state, user) : []
    return {
      kind: 'single',
      row: {
        totalSetsOwned: sets.reduce((n, e) => n + (e.owned ? e.qtyOwned : 0), 0),
        totalDistinctSetsOwned: sets.filter((e) => e.owned).length,
        totalSetsWanted: sets.filter((e) => e.wanted).length,
        totalMinifigsOwned: figs.reduce((n, m) => n + m.ownedTotal, 0),
        totalMinifigsWanted: figs.filter((m) => m.wanted).length
      }
    }
  },
  getCollectionDetail: (call, a) => {
    const user = validKey(call, a.str('apiKey')) ? userByHash(call, a.str('userHash')) : null
    const set = setByText(call, a.str('SetID'))
    if (!user || !set) return EMPTY
    const copies = [...user.copies.values()].filter((c) => c.setID === set.setID)
    return list(
      copies.map((c) => ({
        ...c,
        pricePaid: c.pricePaid.toFixed(4),
        additionalPricePaid: c.additionalPricePaid.toFixed(4),
        currentEstimatedValue: c.currentEstimatedValue.toFixed(4),
        deleted: false
      }))
    )
  },
  getCollectionDetailConditions: withKey((_call, a) => {
    const which = a.str('which').trim().toLowerCase()
    const names = which === 'acquired' ? ACQUIRED_CONDITIONS : which === 'now' ? CONDITIONS : []
    return list(names.map((condition) => ({ condition })))
  })
} satisfies Readonly<Record<string, Handler>>

/** Conditions a copy can have been acquired in (`which=acquired`); `which=now` answers CONDITIONS. */
const ACQUIRED_CONDITIONS = [
  'New',
  'Used - complete',
  'Used - incomplete',
  'Sealed',
  'Unknown'
] as const
