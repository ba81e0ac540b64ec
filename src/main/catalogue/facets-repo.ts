import type { FacetCount, SearchFacets } from '../../shared/model/catalog'
import type { ReadDb } from '../store/handles'
import { all, get, stmt } from '../store/handles'
import { memo } from '../store/memo'
import { buildFacetColumns, buildFacetState, countFacets, rankedCounts } from './facet-columns'
import type { FacetColumns, FacetState } from './facet-columns'
import { STATE_FILTERS, filters, whereOf } from './search-filters'
import type { FilterKey, SearchInput } from './search-filters'
import { queryKey, raw, sql } from '../store/sql'
import type { Sql } from '../store/sql'
import type { SetStateSql } from './set-state-port'

/**
 * Counts a facet query reads, by statement and parameters, kept by the caller for as long as the
 * database has not changed (the facet worker: until `PRAGMA data_version` moves). A user's next
 * query shares most of its counts with the last one: every theme-only query counts the themes of
 * the whole catalogue (150 ms at 200,000 sets), a theme with a year range counts that theme's
 * subthemes as the theme alone does.
 */
export type FacetMemo = Map<string, unknown>

interface Reader {
  all<T>(q: Sql): T[]
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- T names the row shape the query selects
  get<T>(q: Sql): T | undefined
}

function readerOf(db: ReadDb, kept: FacetMemo | undefined): Reader {
  if (kept === undefined) return { all: (q) => all(db, q), get: (q) => get(db, q) }
  const key = (kind: string, q: Sql) => `${kind}\u0000${queryKey(q)}`
  return {
    all: <T>(q: Sql) => memo(kept, key('all', q), () => all<T>(db, q)),
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- T names the row shape the query selects
    get: <T>(q: Sql) => memo(kept, key('get', q), () => get<T>(db, q))
  }
}

/**
 * FROM for facet queries: driven by the FTS hits when there is text (the `sets_fts MATCH` filter
 * needs it; CROSS JOIN fixes that order), joined to the user's state only when needed.
 */
function facetFrom(st: SetStateSql, f: Map<FilterKey, Sql>, state: 'none' | 'left' | 'inner'): Sql {
  const byFts = f.get('text')?.text.startsWith('sets_fts MATCH') ?? false
  // Counts of the user's own rows are driven by them (a few thousand), each set found by its
  // key: left to itself SQLite walks a filter's index over the catalogue (80,000 rows of a year
  // range at 200,000 sets) and looks each up in the user's state.
  if (state === 'inner' && !byFts) return st.stateThenSets
  const base = raw(byFts ? 'sets_fts CROSS JOIN sets s ON s.id = sets_fts.rowid' : 'sets s')
  if (state === 'none') return base
  return sql`${base} ${state === 'inner' ? st.joinState : st.leftJoinState}`
}

function facet(
  read: Reader,
  st: SetStateSql,
  column: string,
  f: Map<FilterKey, Sql>,
  where: Sql
): FacetCount[] {
  // Value facets read only `sets` unless a remaining filter needs the user's state.
  const from = facetFrom(st, f, STATE_FILTERS.some((k) => f.has(k)) ? 'left' : 'none')
  return read
    .all<{ value: string | number; count: number }>(
      // The unary + keeps the facet's own column from choosing the index: grouped by its index,
      // SQLite walks the whole catalogue in that order and reads every row for the other filters
      // (2 s at 200,000 sets for a theme's years); the filters' own index (or a covering one) is
      // a few thousand entries, then a sort of the counts.
      sql`SELECT ${raw(column)} AS value, count(*) AS count FROM ${from} WHERE ${where}
        AND +${raw(column)} IS NOT NULL AND +${raw(column)} <> ''
        GROUP BY +${raw(column)} ORDER BY count DESC, value LIMIT 500`
    )
    .map((r) => ({ value: String(r.value), count: r.count }))
}

function without(f: Map<FilterKey, Sql>, key: FilterKey): Map<FilterKey, Sql> {
  const out = new Map(f)
  out.delete(key)
  return out
}

/** Owned, wanted and flag counts, each under every filter but its own, from the user's rows. */
function markCounts(
  read: Reader,
  st: SetStateSql,
  profileId: number,
  f: Map<FilterKey, Sql>
): Pick<SearchFacets, 'owned' | 'wanted' | 'flags'> {
  const count = (key: FilterKey, cond: Sql) =>
    read.get<{ n: number }>(
      sql`SELECT count(*) AS n FROM ${facetFrom(st, f, 'inner')} WHERE ${whereOf(profileId, f, key)}
          AND ${cond}`
    )?.n ?? 0
  const flagSums = Array.from(
    { length: 8 },
    (_, i) => `sum((${st.flags.text} >> ${i}) & 1) AS f${i}`
  )
  const flagRow = read.get<Record<string, number | null>>(
    sql`SELECT ${raw(flagSums.join(', '))} FROM ${facetFrom(st, f, 'inner')}
        WHERE ${whereOf(profileId, f, 'flags')} AND ${st.flags} <> 0`
  )
  return {
    owned: count('owned', st.isOwned),
    wanted: count('wanted', st.isWanted),
    flags: Array.from({ length: 8 }, (_, i) => flagRow?.[`f${i}`] ?? 0)
  }
}

/**
 * Counts per facet value, each facet under every filter but its own (so choices stay visible).
 * Owned, wanted and flag counts join from the user's state (the small side), never scan every set.
 */
function facetsOf(
  read: Reader,
  st: SetStateSql,
  profileId: number,
  f: Map<FilterKey, Sql>
): SearchFacets {
  const valueFacet = (column: string, key: FilterKey) =>
    facet(read, st, column, without(f, key), whereOf(profileId, f, key))
  return {
    themes: valueFacet('s.theme', 'theme'),
    subthemes: valueFacet('s.subtheme', 'subtheme'),
    years: valueFacet('s.year', 'year'),
    availability: valueFacet('s.availability', 'availability'),
    ...markCounts(read, st, profileId, f)
  }
}

/**
 * The facets of the whole catalogue (no filter but the profile: the Browse page's first counts),
 * each value facet counted in its covering index's own order, one group after another, with no
 * set's id read: at 200,000 sets 65-125 ms, where reading the columns takes 250 (issue #25).
 * Themes and subthemes both come from the (theme, subtheme) groups of sets_by_theme.
 */
function catalogueFacets(read: Reader, st: SetStateSql, profileId: number): SearchFacets {
  const pairs = (q: Sql) => read.all<{ v: unknown; n: number }>(q).map((r) => [r.v, r.n] as const)
  const themeSub = read.all<{ theme: unknown; subtheme: unknown; n: number }>(
    sql`SELECT theme, subtheme, count(*) AS n FROM sets WHERE profile_id = ${profileId}
      GROUP BY theme, subtheme`
  )
  return {
    themes: rankedCounts(themeSub.map((r) => [r.theme, r.n])),
    subthemes: rankedCounts(themeSub.map((r) => [r.subtheme, r.n])),
    years: rankedCounts(
      pairs(sql`SELECT year AS v, count(*) AS n FROM sets WHERE profile_id = ${profileId}
        GROUP BY year`)
    ),
    availability: rankedCounts(
      pairs(sql`SELECT availability AS v, count(*) AS n FROM sets WHERE profile_id = ${profileId}
        GROUP BY availability`)
    ),
    ...markCounts(read, st, profileId, new Map())
  }
}

/**
 * Whether a query's facets are the whole catalogue's (no filter at all): those are counted from
 * the indexes' groups without the facet worker's columns (catalogueFacets).
 */
export function isWholeCatalogue(db: ReadDb, st: SetStateSql, q: SearchInput): boolean {
  return filters(db, st, q, false).size === 0
}

/** Filters the facet worker tests in memory (facet-columns.ts); SQL reads the others' ids. */
const MEMORY_FILTERS: readonly FilterKey[] = [
  'theme',
  'subtheme',
  'year',
  'availability',
  ...STATE_FILTERS
]

/**
 * One profile's value-facet columns (the facet worker keeps them until the catalogue changes),
 * read from the covering indexes sets_by_theme, sets_by_year and sets_by_availability, in one
 * snapshot.
 */
export function readFacetColumns(db: ReadDb, profileId: number): FacetColumns {
  const byThemeSub = sql`SELECT theme, subtheme, json_group_array(id) FROM sets
    WHERE profile_id = ${profileId} GROUP BY theme, subtheme`
  const byYear = sql`SELECT year, json_group_array(id) FROM sets
    WHERE profile_id = ${profileId} GROUP BY year`
  const byAvailability = sql`SELECT availability, json_group_array(id) FROM sets
    WHERE profile_id = ${profileId} GROUP BY availability`
  // Arrays, not objects; a few thousand groups rather than 200,000 rows.
  const rows = <T>(q: Sql) =>
    stmt(db, q)
      .raw(true)
      .all(...q.params) as T[]
  const groups = db
    .transaction(() => ({
      byThemeSub: rows<[unknown, unknown, string]>(byThemeSub),
      byYear: rows<[unknown, string]>(byYear),
      byAvailability: rows<[unknown, string]>(byAvailability)
    }))
    .deferred()
  return buildFacetColumns(profileId, groups)
}

/** The user's marks of a profile's sets, for the columns read from the same catalogue. */
export function readFacetState(
  db: ReadDb,
  st: SetStateSql,
  profileId: number,
  columns: FacetColumns
): FacetState {
  const q = sql`SELECT s.id, ${st.owned}, ${st.wanted}, ${st.flags} FROM ${st.stateWithSets}
    WHERE ${st.profileId} = ${profileId}`
  return buildFacetState(
    columns,
    stmt(db, q)
      .raw(true)
      .all(...q.params) as [number, unknown, unknown, unknown][]
  )
}

/**
 * Counts per facet value for a query's filters (its paging and sort do not matter); `kept`, when
 * given, serves counts read before (see FacetMemo). With `memory` (this profile's columns and
 * state, current), every facet is counted from it; SQL reads only the ids of the sets the text,
 * price and exit filters let through.
 */
export function computeFacets(
  db: ReadDb,
  st: SetStateSql,
  profileId: number,
  q: SearchInput,
  kept?: FacetMemo,
  memory?: { readonly columns: FacetColumns; readonly state: FacetState }
): SearchFacets {
  const f = filters(db, st, q, false)
  const read = readerOf(db, kept)
  if (memory?.columns.profileId === profileId) {
    const rest = new Map([...f].filter(([k]) => !MEMORY_FILTERS.includes(k)))
    const text = rest.get('text')
    const others =
      rest.size === 0
        ? null
        : read
            .all<{ id: number }>(
              // Text alone: the FTS hits' rowids, no lookup of each in `sets` (the columns know
              // the profile's ids; another profile's map to no row).
              rest.size === 1 && text?.text.startsWith('sets_fts MATCH') === true
                ? sql`SELECT rowid AS id FROM sets_fts WHERE ${text}`
                : sql`SELECT s.id AS id FROM ${facetFrom(st, rest, 'none')} WHERE ${whereOf(profileId, rest)}`
            )
            .map((r) => r.id)
    return countFacets(memory.columns, memory.state, q, others)
  }
  if (f.size === 0) return catalogueFacets(read, st, profileId)
  if (q.yearFrom !== undefined || q.yearTo !== undefined) {
    // A year range read through its own index is tens of thousands of sets looked up one by one
    // in the table (a second at 200,000 sets); as a test, the year rides along in sets_by_theme,
    // which covers theme, subtheme and year, so the value counts read that index alone.
    f.set('year', sql`+s.year BETWEEN ${q.yearFrom ?? 0} AND ${q.yearTo ?? 9999}`)
  }
  return facetsOf(read, st, profileId, f)
}

/** The part of a query facet counts depend on. */
export function facetKey(profileId: number, q: SearchInput): string {
  const { text, theme, subtheme, yearFrom, yearTo, owned, wanted, flags, availability } = q
  const { price, exitFrom, exitTo } = q
  return JSON.stringify([
    profileId,
    price,
    exitFrom,
    exitTo,
    text,
    theme,
    subtheme,
    yearFrom,
    yearTo,
    owned,
    wanted,
    flags,
    availability
  ])
}
