import type { FacetCount, SearchFacets } from '../../shared/model/catalog'
import type { SearchInput } from './search-filters'

/**
 * The four value facets' columns of one profile's catalogue, kept in memory by the facet worker.
 * Counting them in SQL under another filter read every matching row of `sets` (no index holds
 * availability with theme, subtheme and year: 1-2 s for a year range at 200,000 sets); a pass over
 * four typed arrays of 200,000 codes is a few ms. Each column is dictionary-coded: `values[code]`
 * is the stored value as SQLite returned it (string, number or null), so filters and the order of
 * values follow SQLite's own comparisons.
 */
export interface FacetColumns {
  readonly profileId: number
  readonly rows: number
  /** Row of each set id (`rowOf(id)`), -1 when the id is not one of this profile's sets. */
  readonly rowOf: (id: number) => number
  readonly theme: Column
  readonly subtheme: Column
  readonly year: Column
  readonly availability: Column
}

interface Column {
  readonly codes: Int32Array
  readonly values: readonly unknown[]
}

/**
 * A profile's sets grouped as two covering indexes give them without reading the table (whose
 * rows hold the detail JSON: a scan of 200,000 is 300-700 ms): by (theme, subtheme, year) in
 * sets_by_theme and by availability in sets_by_availability, each group's ids a JSON array.
 */
interface ColumnGroups {
  readonly byTheme: readonly (readonly [theme: unknown, sub: unknown, year: unknown, ids: string])[]
  readonly byAvailability: readonly (readonly [availability: unknown, ids: string])[]
}

class ColumnBuilder {
  readonly codes: Int32Array
  // Code 0 is null: a row no group named (a write between the two reads) has no value.
  readonly values: unknown[] = [null]
  private readonly byValue = new Map<unknown, number>([[null, 0]])
  constructor(size: number) {
    this.codes = new Int32Array(size)
  }
  code(value: unknown): number {
    // A blob (a hostile file) is keyed by its text, as the SQL facets print it.
    const v = value instanceof Uint8Array ? Buffer.from(value).toString() : value
    let code = this.byValue.get(v)
    if (code === undefined) {
      code = this.values.length
      this.values.push(v)
      this.byValue.set(v, code)
    }
    return code
  }
}

const idsOf = (json: string): number[] => {
  const ids: unknown = JSON.parse(json)
  return Array.isArray(ids) ? ids.filter((x): x is number => Number.isInteger(x)) : []
}

/** Builds the columns from a profile's groups (see ColumnGroups). */
export function buildFacetColumns(profileId: number, groups: ColumnGroups): FacetColumns {
  const lists = groups.byTheme.map((g) => idsOf(g[3]))
  const n = lists.reduce((sum, l) => sum + l.length, 0)
  const ids = new Int32Array(n)
  const theme = new ColumnBuilder(n)
  const sub = new ColumnBuilder(n)
  const year = new ColumnBuilder(n)
  const availability = new ColumnBuilder(n)
  let row = 0
  groups.byTheme.forEach((g, i) => {
    const t = theme.code(g[0])
    const s = sub.code(g[1])
    const y = year.code(g[2])
    for (const id of lists[i] ?? []) {
      ids[row] = id
      theme.codes[row] = t
      sub.codes[row] = s
      year.codes[row] = y
      row++
    }
  })
  const rowOf = rowLookup(ids)
  for (const [value, json] of groups.byAvailability) {
    const a = availability.code(value)
    for (const id of idsOf(json)) {
      const r = rowOf(id)
      if (r >= 0) availability.codes[r] = a
    }
  }
  return { profileId, rows: n, rowOf, theme, subtheme: sub, year, availability }
}

function rowLookup(ids: Int32Array): (id: number) => number {
  const n = ids.length
  let min = Infinity
  let max = -Infinity
  for (const id of ids) {
    min = Math.min(min, id)
    max = Math.max(max, id)
  }
  // Ids are dense integer keys; a hostile file's sparse ones get a map, not a huge array.
  if (n > 0 && max - min < 4 * n + 1024) {
    const dense = new Int32Array(max - min + 1).fill(-1)
    for (let i = 0; i < n; i++) dense[(ids[i] ?? 0) - min] = i
    return (id) => (id >= min && id <= max ? (dense[id - min] ?? -1) : -1)
  }
  const byId = new Map<number, number>()
  for (let i = 0; i < n; i++) byId.set(ids[i] ?? 0, i)
  return (id) => byId.get(id) ?? -1
}

/** Which codes pass a filter (SQLite's `=` and `BETWEEN` on the stored values); null: all do. */
function passing(col: Column, test: ((v: unknown) => boolean) | null): Uint8Array | null {
  if (test === null) return null
  return Uint8Array.from(col.values, (v) => (v !== null && test(v) ? 1 : 0))
}

const equals = (want: string | undefined) =>
  want === undefined ? null : (v: unknown) => typeof v === 'string' && v === want

function yearTest(q: SearchInput): ((v: unknown) => boolean) | null {
  if (q.yearFrom === undefined && q.yearTo === undefined) return null
  const from = q.yearFrom ?? 0
  const to = q.yearTo ?? 9999
  // A text value is greater than any number in SQLite, so never BETWEEN two numbers.
  return (v) => typeof v === 'number' && v >= from && v <= to
}

/** SQLite's order of values: numbers before text, text by code point (BINARY). */
function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  if (typeof a === 'number') return -1
  if (typeof b === 'number') return 1
  const x = String(a)
  const y = String(b)
  return x < y ? -1 : x > y ? 1 : 0
}

function toCounts(col: Column, counts: Int32Array): FacetCount[] {
  const out: { value: unknown; count: number }[] = []
  for (let c = 0; c < counts.length; c++) {
    const v = col.values[c]
    // As the SQL facets: no count for a missing or empty value.
    if ((counts[c] ?? 0) > 0 && v !== null && v !== '')
      out.push({ value: v, count: counts[c] ?? 0 })
  }
  out.sort((a, b) => b.count - a.count || compareValues(a.value, b.value))
  return out.slice(0, 500).map((r) => ({ value: String(r.value), count: r.count }))
}

/**
 * The user's own marks per row of the columns (owned, wanted, flag bits), read again whenever the
 * database changes (a few thousand rows): the owned, wanted and flag counts then need no SQL.
 */
export interface FacetState {
  readonly owned: Uint8Array
  readonly wanted: Uint8Array
  readonly flags: Uint8Array
}

/** The state of each set row, from `[set row id, owned, wanted, flags]` rows. */
export function buildFacetState(
  cols: FacetColumns,
  rows: readonly (readonly [id: number, owned: unknown, wanted: unknown, flags: unknown])[]
): FacetState {
  const state = {
    owned: new Uint8Array(cols.rows),
    wanted: new Uint8Array(cols.rows),
    flags: new Uint8Array(cols.rows)
  }
  for (const [id, owned, wanted, flags] of rows) {
    const r = cols.rowOf(id)
    if (r < 0) continue
    state.owned[r] = owned === 1 ? 1 : 0
    state.wanted[r] = wanted === 1 ? 1 : 0
    state.flags[r] = typeof flags === 'number' ? flags & 0xff : 0
  }
  return state
}

const flagMask = (flags: readonly number[] | undefined): number =>
  (flags ?? []).reduce((m, n) => m | (1 << (n - 1)), 0)

/**
 * Every facet of a query, each under every filter but its own, counted in one pass: a row
 * failing two filters counts nowhere, one failing one counts only in that filter's facet.
 * `others`: the ids the remaining filters (text, price, exit) let through, null when none.
 */
export function countFacets(
  cols: FacetColumns,
  state: FacetState,
  q: SearchInput,
  others: readonly number[] | null
): SearchFacets {
  let allowed: Uint8Array | null = null
  if (others !== null) {
    allowed = new Uint8Array(cols.rows)
    for (const id of others) {
      const row = cols.rowOf(id)
      if (row >= 0) allowed[row] = 1
    }
  }
  const okT = passing(cols.theme, equals(q.theme))
  const okS = passing(cols.subtheme, equals(q.subtheme))
  const okY = passing(cols.year, yearTest(q))
  const okA = passing(cols.availability, equals(q.availability))
  const mask = flagMask(q.flags)
  const { owned, wanted, flags } = state
  const th = cols.theme.codes
  const st = cols.subtheme.codes
  const yr = cols.year.codes
  const av = cols.availability.codes
  const nT = new Int32Array(cols.theme.values.length)
  const nS = new Int32Array(cols.subtheme.values.length)
  const nY = new Int32Array(cols.year.values.length)
  const nA = new Int32Array(cols.availability.values.length)
  const nF = new Int32Array(8)
  let nOwned = 0
  let nWanted = 0
  for (let i = 0; i < cols.rows; i++) {
    if (allowed !== null && allowed[i] === 0) continue
    const t = th[i] ?? 0
    const s = st[i] ?? 0
    const y = yr[i] ?? 0
    const a = av[i] ?? 0
    const o = owned[i] ?? 0
    const w = wanted[i] ?? 0
    const f = flags[i] ?? 0
    // Bit k set: the row fails filter k (0 theme, 1 subtheme, 2 year, 3 availability, 4 owned,
    // 5 wanted, 6 flags).
    let fail = 0
    if (okT !== null && okT[t] !== 1) fail |= 1
    if (okS !== null && okS[s] !== 1) fail |= 2
    if (okY !== null && okY[y] !== 1) fail |= 4
    if (okA !== null && okA[a] !== 1) fail |= 8
    if (q.owned !== undefined && o !== (q.owned ? 1 : 0)) fail |= 16
    if (q.wanted !== undefined && w !== (q.wanted ? 1 : 0)) fail |= 32
    if (mask !== 0 && (f & mask) !== mask) fail |= 64
    if ((fail & (fail - 1)) !== 0) continue
    if ((fail | 1) === 1) nT[t] = (nT[t] ?? 0) + 1
    if ((fail | 2) === 2) nS[s] = (nS[s] ?? 0) + 1
    if ((fail | 4) === 4) nY[y] = (nY[y] ?? 0) + 1
    if ((fail | 8) === 8) nA[a] = (nA[a] ?? 0) + 1
    if ((fail | 16) === 16) nOwned += o
    if ((fail | 32) === 32) nWanted += w
    if ((fail | 64) === 64 && f !== 0)
      for (let b = 0; b < 8; b++) nF[b] = (nF[b] ?? 0) + ((f >> b) & 1)
  }
  return {
    themes: toCounts(cols.theme, nT),
    subthemes: toCounts(cols.subtheme, nS),
    years: toCounts(cols.year, nY),
    availability: toCounts(cols.availability, nA),
    owned: nOwned,
    wanted: nWanted,
    flags: Array.from(nF)
  }
}
