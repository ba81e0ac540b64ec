import type { z } from 'zod'
import type { searchQuery } from '../../shared/ipc/channels/catalog'
import type { FacetCount, SearchFacets, SearchResultDto } from '../../shared/model/catalog'
import type { ReadDb } from './handles'
import { all, get } from './handles'
import { SUMMARY_COLUMNS, summaryOf } from './set-rows'
import type { SummaryRow } from './set-rows'
import { initialBit } from './initials'
import { BITS_MIN, hasMatchSet, hasPerCatalogue, matchSet, perCatalogue } from './match-sets'
import { join, raw, sql } from './sql'
import type { Sql } from './sql'

export type SearchInput = z.output<typeof searchQuery>

type FilterKey =
  'text' | 'theme' | 'subtheme' | 'year' | 'owned' | 'wanted' | 'flags' | 'availability'

/**
 * The text as an FTS5 query: each word a quoted prefix term, all required. Quoting makes every
 * user character literal, so no input can be FTS syntax.
 */
export function ftsQuery(text: string): string | null {
  const w = wordsOf(text)
  return w.length === 0 ? null : w.map((x) => `"${x}"*`).join(' ')
}

function wordsOf(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '')
    .slice(0, 16)
}

/** The `initials` bit answering this text, when it is a single character a-z or 0-9. */
function initialOf(text: string): number | null {
  const w = wordsOf(text)
  return w.length === 1 && w[0] !== undefined ? initialBit(w[0]) : null
}

const countKey = (match: string): string => `count\u0000${match}`

/** How many cached sets (of every profile) match, counted by FTS once per catalogue generation. */
function textCount(db: ReadDb, match: string): number {
  if (hasMatchSet(db, match)) return matchSet(db, match).count
  return perCatalogue(
    db,
    countKey(match),
    () =>
      get<{ n: number }>(db, sql`SELECT count(*) AS n FROM sets_fts WHERE sets_fts MATCH ${match}`)
        ?.n ?? 0
  )
}

/** Whether the first query of this text will find its count already read for this catalogue. */
export function isTextWarm(db: ReadDb, text: string): boolean {
  const match = ftsQuery(text)
  return match === null || hasPerCatalogue(db, countKey(match)) || hasMatchSet(db, match)
}

/** Reads ahead what the first query of this text will need (its count), for the idle warmer. */
export function warmText(db: ReadDb, text: string): void {
  const match = ftsQuery(text)
  if (match !== null) textCount(db, match)
}

/**
 * How a page query reads the text's matches. Few: by their rowid list, then sorted. Many: by walking
 * the sort order (or another filter's index) and testing each row in the bitset, which stops after
 * a page. The walk reads about (offset + limit) × sets / matches rows, the list costs about one
 * lookup per match: the list wins while matches² < (offset + limit) × sets.
 */
function textFilter(db: ReadDb, q: SearchInput, match: string): Sql {
  const bit = initialOf(q.text)
  if (bit !== null) {
    const n = textCount(db, match)
    // One character: the same walk, testing each set's initials instead of a bitset to be read.
    if (n > BITS_MIN && walkBetter(db, q, n)) return sql`(s.initials & ${bit}) <> 0`
  }
  const m = matchSet(db, match)
  if (m.handle === null || (m.json !== null && !walkBetter(db, q, m.count))) {
    return sql`s.id IN (SELECT value FROM json_each(${m.json ?? '[]'}))`
  }
  return sql`studbook_match(${m.handle}, s.id)`
}

const INDEXED_FILTERS = ['theme', 'subtheme', 'yearFrom', 'yearTo', 'availability'] as const

function walkBetter(db: ReadDb, q: SearchInput, matches: number): boolean {
  // Without an index for the sort, every row is read and sorted anyway: the list is less work.
  if (q.sort === 'qtyOwned') return false
  // Another filter's index narrows the walk to its rows: testing those beats the list.
  if (INDEXED_FILTERS.some((k) => q[k] !== undefined)) return true
  return matches * matches >= (q.offset + q.limit) * catalogueSize(db)
}

/**
 * About how many sets the walk may pass over: the highest rowid, which counts every profile's sets
 * (and gaps). An exact count would read the whole index after every catalogue change (10 ms over
 * 200,000 sets) for a choice an estimate makes as well.
 */
function catalogueSize(db: ReadDb): number {
  return get<{ n: number | null }>(db, sql`SELECT max(id) AS n FROM sets`)?.n ?? 0
}

/** `paged`: only the first rows in sort order are wanted (a page), not every match (facets). */
function filters(db: ReadDb, q: SearchInput, paged: boolean): Map<FilterKey, Sql> {
  const f = new Map<FilterKey, Sql>()
  const match = ftsQuery(q.text)
  if (match !== null) {
    // Facets read every match, which the FTS hits give directly.
    f.set('text', paged ? textFilter(db, q, match) : sql`sets_fts MATCH ${match}`)
  }
  if (q.theme !== undefined) f.set('theme', sql`s.theme = ${q.theme}`)
  if (q.subtheme !== undefined) f.set('subtheme', sql`s.subtheme = ${q.subtheme}`)
  if (q.yearFrom !== undefined || q.yearTo !== undefined) {
    f.set('year', sql`s.year BETWEEN ${q.yearFrom ?? 0} AND ${q.yearTo ?? 9999}`)
  }
  // `st.x = 1` (not coalesce) lets SQLite turn the LEFT JOIN into a join driven by set_state.
  if (q.owned !== undefined)
    f.set('owned', q.owned ? sql`st.owned = 1` : sql`coalesce(st.owned, 0) = 0`)
  if (q.wanted !== undefined) {
    f.set('wanted', q.wanted ? sql`st.wanted = 1` : sql`coalesce(st.wanted, 0) = 0`)
  }
  if (q.flags !== undefined && q.flags.length > 0) {
    const mask = q.flags.reduce((m, n) => m | (1 << (n - 1)), 0)
    f.set('flags', sql`(st.flags & ${mask}) = ${mask}`)
  }
  if (q.availability !== undefined) f.set('availability', sql`s.availability = ${q.availability}`)
  return f
}

const FROM = raw(
  `sets s LEFT JOIN set_state st ON st.profile_id = s.profile_id AND st.set_id = s.set_id`
)
const SETS_ONLY = raw('sets s')
const STATE_FILTERS: readonly FilterKey[] = ['owned', 'wanted', 'flags']

/**
 * Totals of recent queries. The store has one connection, so `total_changes()` moves on every
 * write and is a safe key: paging through one result never recounts, any write recounts.
 */
const countCache = new WeakMap<ReadDb, { changes: number; counts: Map<string, unknown> }>()

function cached<T>(db: ReadDb, key: string, compute: () => T): T {
  const changes = get<{ n: number }>(db, sql`SELECT total_changes() AS n`)?.n ?? 0
  let cache = countCache.get(db)
  if (cache?.changes !== changes) {
    cache = { changes, counts: new Map() }
    countCache.set(db, cache)
  }
  if (cache.counts.has(key)) return cache.counts.get(key) as T
  const n = compute()
  if (cache.counts.size > 500) cache.counts.clear()
  cache.counts.set(key, n)
  return n
}

/** Whether every cached set belongs to this profile (then FTS counts need no join). */
function soleProfile(db: ReadDb, profileId: number): boolean {
  return (
    perCatalogue(
      db,
      `others\u0000${profileId}`,
      () =>
        get<{ n: number }>(
          db,
          // Two index seeks: `profile_id <> ?` would read the whole index.
          sql`SELECT EXISTS (SELECT 1 FROM sets WHERE profile_id < ${profileId})
            OR EXISTS (SELECT 1 FROM sets WHERE profile_id > ${profileId}) AS n`
        )?.n ?? 1
    ) === 0
  )
}

function countOf(
  db: ReadDb,
  profileId: number,
  q: SearchInput,
  f: Map<FilterKey, Sql>,
  where: Sql
): number {
  const match = ftsQuery(q.text)
  if (match !== null && f.size === 1 && soleProfile(db, profileId)) {
    return textCount(db, match)
  }
  return cached(db, `${where.text}\u0000${JSON.stringify(where.params)}`, () => {
    // The user-state join is only needed when a filter reads it.
    const from = STATE_FILTERS.some((k) => f.has(k)) ? FROM : SETS_ONLY
    return get<{ n: number }>(db, sql`SELECT count(*) AS n FROM ${from} WHERE ${where}`)?.n ?? 0
  })
}

function whereOf(profileId: number, f: Map<FilterKey, Sql>, without?: FilterKey): Sql {
  const parts = [sql`s.profile_id = ${profileId}`]
  for (const [k, v] of f) if (k !== without) parts.push(v)
  return join(parts, ' AND ')
}

const ORDER: Record<SearchInput['sort'], readonly string[]> = {
  number: ['s.number_sort', 's.number', 's.number_variant', 's.set_id'],
  name: ['s.name', 's.number_sort', 's.number_variant'],
  year: ['s.year', 's.number_sort', 's.number', 's.number_variant'],
  pieces: ['s.pieces', 's.number_sort', 's.number_variant'],
  theme: ['s.theme', 's.subtheme', 's.year', 's.number_sort', 's.number_variant'],
  rating: ['s.rating', 's.number_sort', 's.number_variant'],
  qtyOwned: ['qty_owned', 's.number_sort', 's.number_variant'],
  lastUpdated: ['s.last_updated', 's.number_sort', 's.number_variant']
}

function orderBy(q: SearchInput): Sql {
  const dir = q.desc ? ' DESC' : ''
  return raw(ORDER[q.sort].map((c) => c + dir).join(', '))
}

/**
 * FROM for facet queries: driven by the FTS hits when there is text (the `sets_fts MATCH` filter
 * needs it; CROSS JOIN fixes that order), joined to the user's state only when needed.
 */
function facetFrom(f: Map<FilterKey, Sql>, state: 'none' | 'left' | 'inner'): Sql {
  const byFts = f.get('text')?.text.startsWith('sets_fts MATCH') ?? false
  const base = byFts ? 'sets_fts CROSS JOIN sets s ON s.id = sets_fts.rowid' : 'sets s'
  const on = 'st.profile_id = s.profile_id AND st.set_id = s.set_id'
  const join =
    state === 'inner'
      ? ` JOIN set_state st ON ${on}`
      : state === 'left'
        ? ` LEFT JOIN set_state st ON ${on}`
        : ''
  return raw(base + join)
}

function facet(db: ReadDb, column: string, f: Map<FilterKey, Sql>, where: Sql): FacetCount[] {
  // Value facets read only `sets` unless a remaining filter needs the user's state.
  const from = facetFrom(f, STATE_FILTERS.some((k) => f.has(k)) ? 'left' : 'none')
  return all<{ value: string | number; count: number }>(
    db,
    sql`SELECT ${raw(column)} AS value, count(*) AS count FROM ${from} WHERE ${where}
        AND ${raw(column)} IS NOT NULL AND ${raw(column)} <> ''
        GROUP BY ${raw(column)} ORDER BY count DESC, value LIMIT 500`
  ).map((r) => ({ value: String(r.value), count: r.count }))
}

function without(f: Map<FilterKey, Sql>, key: FilterKey): Map<FilterKey, Sql> {
  const out = new Map(f)
  out.delete(key)
  return out
}

/**
 * Counts per facet value, each facet under every filter but its own (so choices stay visible).
 * Owned, wanted and flag counts join from set_state (the small side), never scan every set.
 */
function facetsOf(db: ReadDb, profileId: number, f: Map<FilterKey, Sql>): SearchFacets {
  const count = (key: FilterKey, cond: string) =>
    get<{ n: number }>(
      db,
      sql`SELECT count(*) AS n FROM ${facetFrom(f, 'inner')} WHERE ${whereOf(profileId, f, key)}
          AND ${raw(cond)}`
    )?.n ?? 0
  const flagSums = Array.from({ length: 8 }, (_, i) => `sum((st.flags >> ${i}) & 1) AS f${i}`)
  const flagRow = get<Record<string, number | null>>(
    db,
    sql`SELECT ${raw(flagSums.join(', '))} FROM ${facetFrom(f, 'inner')}
        WHERE ${whereOf(profileId, f, 'flags')} AND st.flags <> 0`
  )
  const valueFacet = (column: string, key: FilterKey) =>
    facet(db, column, without(f, key), whereOf(profileId, f, key))
  return {
    themes: valueFacet('s.theme', 'theme'),
    subthemes: valueFacet('s.subtheme', 'subtheme'),
    years: valueFacet('s.year', 'year'),
    availability: valueFacet('s.availability', 'availability'),
    owned: count('owned', 'st.owned = 1'),
    wanted: count('wanted', 'st.wanted = 1'),
    flags: Array.from({ length: 8 }, (_, i) => flagRow?.[`f${i}`] ?? 0)
  }
}

export function searchSets(db: ReadDb, profileId: number, q: SearchInput): SearchResultDto {
  const f = filters(db, q, true)
  const where = whereOf(profileId, f)
  const rows = all<SummaryRow>(
    db,
    sql`SELECT ${raw(SUMMARY_COLUMNS)} FROM ${FROM} WHERE ${where}
        ORDER BY ${orderBy(q)} LIMIT ${q.limit} OFFSET ${q.offset}`
  )
  const total =
    q.offset === 0 && rows.length < q.limit ? rows.length : countOf(db, profileId, q, f, where)
  return {
    total,
    offset: q.offset,
    rows: rows.map((r) => summaryOf(r, profileId)),
    facets: q.facets ? facetsFor(db, profileId, q) : null
  }
}

/** Facets depend on the filters only: paging, sorting and re-asking reuse them until a write. */
function facetsFor(db: ReadDb, profileId: number, q: SearchInput): SearchFacets {
  const { text, theme, subtheme, yearFrom, yearTo, owned, wanted, flags, availability } = q
  const key = JSON.stringify([
    profileId,
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
  return cached(db, `facets\u0000${key}`, () => facetsOf(db, profileId, filters(db, q, false)))
}
