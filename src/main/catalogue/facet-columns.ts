import type { FacetCount } from '../../shared/model/catalog'
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

type Row = readonly [id: number, theme: unknown, subtheme: unknown, year: unknown, avail: unknown]

class ColumnBuilder {
  readonly codes: Int32Array
  readonly values: unknown[] = []
  private readonly byValue = new Map<unknown, number>()
  constructor(size: number) {
    this.codes = new Int32Array(size)
  }
  add(row: number, value: unknown): void {
    // A blob (a hostile file) is keyed by its text, as the SQL facets print it.
    const v = value instanceof Uint8Array ? Buffer.from(value).toString() : value
    let code = this.byValue.get(v)
    if (code === undefined) {
      code = this.values.length
      this.values.push(v)
      this.byValue.set(v, code)
    }
    this.codes[row] = code
  }
}

/** Builds the columns from a profile's rows `[id, theme, subtheme, year, availability]`. */
export function buildFacetColumns(profileId: number, rows: readonly Row[]): FacetColumns {
  const n = rows.length
  const cols = [0, 1, 2, 3].map(() => new ColumnBuilder(n))
  let min = Infinity
  let max = -Infinity
  for (let i = 0; i < n; i++) {
    const r = rows[i] as Row
    min = Math.min(min, r[0])
    max = Math.max(max, r[0])
    for (let c = 0; c < 4; c++) cols[c]?.add(i, r[c + 1])
  }
  return {
    profileId,
    rows: n,
    rowOf: rowLookup(rows, min, max),
    theme: cols[0] as Column,
    subtheme: cols[1] as Column,
    year: cols[2] as Column,
    availability: cols[3] as Column
  }
}

function rowLookup(rows: readonly Row[], min: number, max: number): (id: number) => number {
  const n = rows.length
  // Ids are dense integer keys; a hostile file's sparse ones get a map, not a huge array.
  if (n > 0 && max - min < 4 * n + 1024) {
    const dense = new Int32Array(max - min + 1).fill(-1)
    for (let i = 0; i < n; i++) dense[(rows[i] as Row)[0] - min] = i
    return (id) => (id >= min && id <= max ? (dense[id - min] ?? -1) : -1)
  }
  const byId = new Map<number, number>()
  for (let i = 0; i < n; i++) byId.set((rows[i] as Row)[0], i)
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

export interface ValueFacets {
  readonly themes: FacetCount[]
  readonly subthemes: FacetCount[]
  readonly years: FacetCount[]
  readonly availability: FacetCount[]
}

/**
 * The value facets of a query, each under every filter but its own. `others`: the ids of the sets
 * the query's remaining filters (text, state, price, exit) let through, or null when there are none.
 */
export function countValueFacets(
  cols: FacetColumns,
  q: SearchInput,
  others: readonly number[] | null
): ValueFacets {
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
  const th = cols.theme.codes
  const st = cols.subtheme.codes
  const yr = cols.year.codes
  const av = cols.availability.codes
  const nT = new Int32Array(cols.theme.values.length)
  const nS = new Int32Array(cols.subtheme.values.length)
  const nY = new Int32Array(cols.year.values.length)
  const nA = new Int32Array(cols.availability.values.length)
  for (let i = 0; i < cols.rows; i++) {
    if (allowed !== null && allowed[i] === 0) continue
    const t = th[i] ?? 0
    const s = st[i] ?? 0
    const y = yr[i] ?? 0
    const a = av[i] ?? 0
    const pT = okT === null || okT[t] === 1
    const pS = okS === null || okS[s] === 1
    const pY = okY === null || okY[y] === 1
    const pA = okA === null || okA[a] === 1
    if (pS && pY && pA) nT[t] = (nT[t] ?? 0) + 1
    if (pT && pY && pA) nS[s] = (nS[s] ?? 0) + 1
    if (pT && pS && pA) nY[y] = (nY[y] ?? 0) + 1
    if (pT && pS && pY) nA[a] = (nA[a] ?? 0) + 1
  }
  return {
    themes: toCounts(cols.theme, nT),
    subthemes: toCounts(cols.subtheme, nS),
    years: toCounts(cols.year, nY),
    availability: toCounts(cols.availability, nA)
  }
}
