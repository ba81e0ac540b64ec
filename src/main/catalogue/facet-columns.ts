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
 * A profile's sets grouped as covering indexes give them without reading the table (whose rows
 * hold the detail JSON: a scan of 200,000 is 300-700 ms), each group's ids a JSON array: by
 * (theme, subtheme) in sets_by_theme, by year in sets_by_year, by availability in
 * sets_by_availability. Each facet's own groups: grouped by (theme, subtheme, year) they were
 * 96,000 rows and arrays at 200,000 sets (300 ms of CPU), these are a few thousand.
 */
interface ColumnGroups {
  readonly byThemeSub: readonly (readonly [theme: unknown, sub: unknown, ids: string])[]
  readonly byYear: readonly (readonly [year: unknown, ids: string])[]
  readonly byAvailability: readonly (readonly [availability: unknown, ids: string])[]
}

/** A stored value as the facets key it: a blob (a hostile file) by its text, as they print it. */
const facetValue = (value: unknown): unknown =>
  value instanceof Uint8Array ? Buffer.from(value).toString() : value

class ColumnBuilder {
  readonly codes: Int32Array
  // Code 0 is null: a row no group named (a write between the reads) has no value.
  readonly values: unknown[] = [null]
  private readonly byValue = new Map<unknown, number>([[null, 0]])
  constructor(size: number) {
    this.codes = new Int32Array(size)
  }
  code(value: unknown): number {
    const v = facetValue(value)
    let code = this.byValue.get(v)
    if (code === undefined) {
      code = this.values.length
      this.values.push(v)
      this.byValue.set(v, code)
    }
    return code
  }
}

/**
 * A group's ids, from its JSON array (json_group_array of the rowids: integers only), as typed
 * memory: 200,000 of them per read. JSON.parse beats a hand-written loop over the text here, as
 * the worker's first read runs before any of its own code is optimized.
 */
function idsOf(json: string): Int32Array {
  const ids: unknown = JSON.parse(json)
  return Array.isArray(ids) ? Int32Array.from(ids as number[]) : new Int32Array(0)
}

/** Builds the columns from a profile's groups (see ColumnGroups). */
export function buildFacetColumns(profileId: number, groups: ColumnGroups): FacetColumns {
  const lists = groups.byThemeSub.map((g) => idsOf(g[2]))
  const n = lists.reduce((sum, l) => sum + l.length, 0)
  const ids = new Int32Array(n)
  const theme = new ColumnBuilder(n)
  const sub = new ColumnBuilder(n)
  const year = new ColumnBuilder(n)
  const availability = new ColumnBuilder(n)
  let row = 0
  groups.byThemeSub.forEach((g, i) => {
    const list = lists[i] ?? new Int32Array(0)
    ids.set(list, row)
    theme.codes.fill(theme.code(g[0]), row, row + list.length)
    sub.codes.fill(sub.code(g[1]), row, row + list.length)
    row += list.length
  })
  const rows = new RowIndex(ids)
  for (const [value, json] of groups.byYear) rows.mark(idsOf(json), year.codes, year.code(value))
  for (const [value, json] of groups.byAvailability)
    rows.mark(idsOf(json), availability.codes, availability.code(value))
  const rowOf = (id: number): number => rows.rowOf(id)
  return { profileId, rows: n, rowOf, theme, subtheme: sub, year, availability }
}

/** The row of each set id: an array over the id range (ids are dense keys), else a map. */
class RowIndex {
  private readonly min: number
  private readonly max: number
  private readonly dense: Int32Array | null = null
  private readonly byId: Map<number, number> | null = null

  constructor(ids: Int32Array) {
    const n = ids.length
    let min = 0
    let max = -1
    if (n > 0) {
      min = ids[0] ?? 0
      max = min
      for (let i = 1; i < n; i++) {
        const id = ids[i] ?? 0
        if (id < min) min = id
        else if (id > max) max = id
      }
    }
    this.min = min
    this.max = max
    // A hostile file's sparse ids get a map, not a huge array.
    if (n === 0 || max - min < 4 * n + 1024) {
      const dense = new Int32Array(max - min + 1).fill(-1)
      for (let i = 0; i < n; i++) dense[(ids[i] ?? 0) - min] = i
      this.dense = dense
    } else {
      this.byId = new Map()
      for (let i = 0; i < n; i++) this.byId.set(ids[i] ?? 0, i)
    }
  }

  rowOf(id: number): number {
    if (this.dense === null) return this.byId?.get(id) ?? -1
    return id >= this.min && id <= this.max ? (this.dense[id - this.min] ?? -1) : -1
  }

  /** Sets `code` at the rows of these ids; an id of no row (a hostile file's) is passed over. */
  mark(ids: Int32Array, codes: Int32Array, code: number): void {
    const { dense, min, max } = this
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i] ?? 0
      const r =
        dense === null ? this.rowOf(id) : id >= min && id <= max ? (dense[id - min] ?? -1) : -1
      if (r >= 0) codes[r] = code
    }
  }
}

/**
 * 1 for each code that passes a filter (SQLite's `=` and `BETWEEN` on the stored values), every
 * code when there is none: the counting pass then reads a table for every filter, whether set or
 * not, and V8 compiles one shape of it (a filter going from absent to set deoptimized it, and the
 * next queries ran unoptimized at 30-60 ms instead of 4-5 over 200,000 rows).
 */
function passing(col: Column, test: ((v: unknown) => boolean) | null): Uint8Array {
  if (test === null) return new Uint8Array(col.values.length).fill(1)
  return Uint8Array.from(col.values, (v) => (v !== null && test(v) ? 1 : 0))
}

/** 1 for the marks that pass a yes/no filter (index 0: unmarked, 1: marked). */
const passingMark = (want: boolean | undefined): Uint8Array =>
  Uint8Array.of(want === true ? 0 : 1, want === false ? 0 : 1)

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

/**
 * The facet's counts as shown: the largest first, ties in SQLite's order of values, no count for
 * a missing or empty value (as the SQL facets), at most 500.
 */
function ranked(counted: { value: unknown; count: number }[]): FacetCount[] {
  const out = counted.filter((r) => r.count > 0 && r.value !== null && r.value !== '')
  out.sort((a, b) => b.count - a.count || compareValues(a.value, b.value))
  return out.slice(0, 500).map((r) => ({ value: String(r.value), count: r.count }))
}

function toCounts(col: Column, counts: Int32Array): FacetCount[] {
  return ranked(Array.from(counts, (count, c) => ({ value: col.values[c], count })))
}

/** A facet's counts from (value, count) groups, equal values (as the columns key them) added up. */
export function rankedCounts(
  groups: Iterable<readonly [value: unknown, count: number]>
): FacetCount[] {
  const byValue = new Map<unknown, number>()
  for (const [value, count] of groups) {
    const v = facetValue(value)
    byValue.set(v, (byValue.get(v) ?? 0) + count)
  }
  return ranked(Array.from(byValue, ([value, count]) => ({ value, count })))
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
  const allowed = new Uint8Array(cols.rows).fill(others === null ? 1 : 0)
  for (const id of others ?? []) {
    const row = cols.rowOf(id)
    if (row >= 0) allowed[row] = 1
  }
  const okT = passing(cols.theme, equals(q.theme))
  const okS = passing(cols.subtheme, equals(q.subtheme))
  const okY = passing(cols.year, yearTest(q))
  const okA = passing(cols.availability, equals(q.availability))
  const okO = passingMark(q.owned)
  const okW = passingMark(q.wanted)
  const mask = flagMask(q.flags)
  const okF = Uint8Array.from({ length: 256 }, (_, f) => ((f & mask) === mask ? 1 : 0))
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
    if (allowed[i] === 0) continue
    const t = th[i] ?? 0
    const s = st[i] ?? 0
    const y = yr[i] ?? 0
    const a = av[i] ?? 0
    const o = owned[i] ?? 0
    const w = wanted[i] ?? 0
    const f = flags[i] ?? 0
    // Bit k set: the row fails filter k (0 theme, 1 subtheme, 2 year, 3 availability, 4 owned,
    // 5 wanted, 6 flags).
    const fail =
      ((okT[t] ?? 0) ^ 1) |
      (((okS[s] ?? 0) ^ 1) << 1) |
      (((okY[y] ?? 0) ^ 1) << 2) |
      (((okA[a] ?? 0) ^ 1) << 3) |
      (((okO[o] ?? 0) ^ 1) << 4) |
      (((okW[w] ?? 0) ^ 1) << 5) |
      (((okF[f] ?? 0) ^ 1) << 6)
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
