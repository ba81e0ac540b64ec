import type { CatalogueSet } from './catalogue'
import { fullNumber, subthemeOf, themeOf } from './catalogue'
import type { Args, ServiceState } from './context'
import { mix } from './rng'
import type { UserData } from './state'

/** getSets / search2 / v3 getSets semantics: filters, order, paging (docs/protocol.md §5, §6). */

export const PAGE_SIZE_DEFAULT = 20
const PAGE_SIZE_MAX = 500

// Kept beside the state rather than in it: a test option, not service data.
const pageCaps = new WeakMap<ServiceState, number>()

/**
 * Makes a service honour at most `max` sets a page (production's cap may be lower than the
 * documented 500); page numbers then count pages of the honoured size.
 */
export function capPageSize(state: ServiceState, max: number): void {
  if (!Number.isInteger(max) || max < 1 || max > PAGE_SIZE_MAX) {
    throw new RangeError(`maxPageSize must be an integer from 1 to ${PAGE_SIZE_MAX}`)
  }
  pageCaps.set(state, max)
}

export interface SetQuery {
  query: string
  themes: readonly string[]
  subthemes: readonly string[]
  setNumbers: readonly string[]
  years: readonly string[]
  setIDs: readonly number[]
  owned: boolean
  wanted: boolean
  /** The user whose collection `owned`/`wanted` and QtyOwned refer to. */
  user: UserData | null
  /** Epoch ms: only sets updated at or after it. */
  updatedSince: number | null
  orderBy: string
  pageSize: number
  pageNumber: number
}

export function emptyQuery(): SetQuery {
  return {
    query: '',
    themes: [],
    subthemes: [],
    setNumbers: [],
    years: [],
    setIDs: [],
    owned: false,
    wanted: false,
    user: null,
    updatedSince: null,
    orderBy: '',
    pageSize: PAGE_SIZE_DEFAULT,
    pageNumber: 1
  }
}

const ORDER_KEYS = [
  'number',
  'yearfrom',
  'pieces',
  'minifigs',
  'rating',
  'name',
  'theme',
  'subtheme',
  'qtyowned',
  'random'
] as const
type OrderKey = (typeof ORDER_KEYS)[number]

function parseOrder(orderBy: string): { key: OrderKey; desc: boolean } {
  const m = /^\s*([a-z]+?)\s*(desc)?\s*$/i.exec(orderBy)
  const key = (m?.[1] ?? '').toLowerCase()
  const found = ORDER_KEYS.find((k) => k === key)
  return { key: found ?? 'number', desc: found !== undefined && m?.[2] !== undefined }
}

type Cmp = (a: CatalogueSet, b: CatalogueSet) => number

function comparator(state: ServiceState, key: OrderKey, user: UserData | null): Cmp {
  const cat = state.cat
  const byNumber: Cmp = (a, b) =>
    a.number.length - b.number.length ||
    (a.number < b.number ? -1 : a.number > b.number ? 1 : 0) ||
    a.numberVariant - b.numberVariant
  const then =
    (primary: Cmp): Cmp =>
    (a, b) =>
      primary(a, b) || byNumber(a, b)
  const str = (f: (s: CatalogueSet) => string): Cmp => then((a, b) => f(a).localeCompare(f(b)))
  switch (key) {
    case 'number':
      return byNumber
    case 'yearfrom':
      return then((a, b) => a.year - b.year)
    case 'pieces':
      return then((a, b) => (a.pieces ?? -1) - (b.pieces ?? -1))
    case 'minifigs':
      return then((a, b) => a.minifigs - b.minifigs)
    case 'rating':
      return then((a, b) => a.rating100 - b.rating100)
    case 'name':
      return str((s) => s.name)
    case 'theme':
      return str((s) => themeOf(cat, s).name)
    case 'subtheme':
      return str((s) => subthemeOf(cat, s))
    case 'qtyowned':
      return then(
        (a, b) =>
          (user?.sets.get(a.setID)?.qtyOwned ?? 0) - (user?.sets.get(b.setID)?.qtyOwned ?? 0)
      )
    case 'random':
      return then((a, b) => mix(cat.seed, a.setID) - mix(cat.seed, b.setID))
  }
}

/** The whole catalogue in one order; cached, since no change alters a sort key (QtyOwned aside). */
function ordered(state: ServiceState, key: OrderKey): readonly CatalogueSet[] {
  const hit = state.sortCache.get(key)
  if (hit) return hit
  const sorted = [...state.cat.sets].sort(comparator(state, key, null))
  state.sortCache.set(key, sorted)
  return sorted
}

const haystacks = new WeakMap<CatalogueSet, string>()

function haystack(state: ServiceState, s: CatalogueSet): string {
  let h = haystacks.get(s)
  if (h === undefined) {
    const t = themeOf(state.cat, s)
    h =
      `${fullNumber(s)} ${s.name} ${t.name} ${subthemeOf(state.cat, s)} ${s.tags} ${s.EAN} ${s.UPC}`.toLowerCase()
    haystacks.set(s, h)
  }
  return h
}

const lowerSet = (xs: readonly string[]): Set<string> =>
  new Set(xs.map((x) => x.trim().toLowerCase()).filter((x) => x !== ''))

export function searchSets(
  state: ServiceState,
  q: SetQuery
): { total: number; page: CatalogueSet[] } {
  const { key, desc } = parseOrder(q.orderBy)
  const perUser = q.owned || q.wanted
  if (perUser && q.user === null) return { total: 0, page: [] }
  let source: readonly CatalogueSet[]
  if (q.setIDs.length > 0) {
    source = q.setIDs
      .map((id) => state.cat.byID.get(id))
      .filter((s): s is CatalogueSet => s !== undefined)
  } else if (perUser && q.user) {
    source = [...q.user.sets.keys()]
      .map((id) => state.cat.byID.get(id))
      .filter((s): s is CatalogueSet => s !== undefined)
  } else {
    source = key === 'qtyowned' ? state.cat.sets : ordered(state, key)
  }
  const themes = lowerSet(q.themes)
  const subs = lowerSet(q.subthemes)
  const numbers = lowerSet(q.setNumbers)
  const years = lowerSet(q.years)
  const tokens = q.query
    .toLowerCase()
    .split(/\s+/)
    .filter((t) => t !== '')
  const user = q.user
  const hits = source.filter((s) => {
    if (themes.size > 0 && !themes.has(themeOf(state.cat, s).name.toLowerCase())) return false
    if (subs.size > 0 && !subs.has(subthemeOf(state.cat, s).toLowerCase())) return false
    if (years.size > 0 && !years.has(String(s.year))) return false
    if (numbers.size > 0 && !numbers.has(fullNumber(s)) && !numbers.has(s.number.toLowerCase()))
      return false
    if (q.updatedSince !== null && s.lastUpdated < q.updatedSince) return false
    if (q.owned && !(user?.sets.get(s.setID)?.owned ?? false)) return false
    if (q.wanted && !(user?.sets.get(s.setID)?.wanted ?? false)) return false
    if (tokens.length > 0) {
      const h = haystack(state, s)
      if (!tokens.every((t) => h.includes(t))) return false
    }
    return true
  })
  if (source !== state.sortCache.get(key)) hits.sort(comparator(state, key, user))
  if (desc) hits.reverse()
  const size = Math.min(pageCaps.get(state) ?? PAGE_SIZE_MAX, Math.max(1, q.pageSize))
  const start = (Math.max(1, q.pageNumber) - 1) * size
  return { total: hits.length, page: hits.slice(start, start + size) }
}

/** A page-size or page-number parameter: blank means the default, junk is null. */
export function parsePositive(text: string, fallback: number): number | null {
  const t = text.trim()
  if (t === '') return fallback
  if (!/^\d+$/.test(t)) return null
  const n = Number(t)
  return n >= 1 ? n : null
}

export function commaList(text: string): string[] {
  return text
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x !== '')
}

/** A flag parameter: 1 or true, any case, spaces around ignored. */
export const flag = (v: string): boolean => v.trim() === '1' || v.trim().toLowerCase() === 'true'

/**
 * A search's query: its filters, for `user`, owned and wanted as the parameters named `owned` and
 * `wanted` say (the earlier service's search spells them Owned and Wanted).
 */
export function searchQuery(
  a: Args,
  user: UserData | null,
  owned: string,
  wanted: string
): SetQuery {
  const q = emptyQuery()
  q.query = a.str('query')
  q.themes = commaList(a.str('theme'))
  q.subthemes = commaList(a.str('subtheme'))
  q.setNumbers = commaList(a.str('setNumber'))
  q.years = commaList(a.str('year'))
  q.user = user
  q.owned = flag(a.str(owned))
  q.wanted = flag(a.str(wanted))
  return q
}
