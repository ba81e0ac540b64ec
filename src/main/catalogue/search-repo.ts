import type { SearchFacets, SearchResultDto } from '../../shared/model/catalog'
import { computeFacets, facetKey } from './facets-repo'
import type { ReadDb } from '../store/handles'
import { all, get } from '../store/handles'
import { hasPerCatalogue, perCatalogue, tracksCatalogue } from '../store/match-sets'
import { memo } from '../store/memo'
import {
  STATE_FILTERS,
  filters,
  plainMatch,
  relevanceTiers,
  suggestionOf,
  textCount,
  textMatch,
  whereOf
} from './search-filters'
import type { FilterKey, SearchInput } from './search-filters'
import { summaryColumns, summaryOf } from './set-rows'
import type { SummaryRow } from './set-rows'
import { queryKey, raw, sql } from '../store/sql'
import type { Sql } from '../store/sql'
import type { SetStateSql } from './set-state-port'

const SETS_ONLY = raw('sets s')

/**
 * Totals of recent queries. The store has one connection, so `total_changes()` moves on every
 * write and is a safe key: paging through one result never recounts, any write recounts.
 */
const countCache = new WeakMap<ReadDb, { changes: number; counts: Map<string, unknown> }>()

/** Moves on every write through this connection (the app's only writer). */
export function changeCount(db: ReadDb): number {
  return get<{ n: number }>(db, sql`SELECT total_changes() AS n`)?.n ?? 0
}

/** The values kept since the last write, emptied when `changes` says there was one. */
function cacheAt(db: ReadDb, changes: number): Map<string, unknown> {
  let cache = countCache.get(db)
  if (cache?.changes !== changes) {
    cache = { changes, counts: new Map() }
    countCache.set(db, cache)
  }
  return cache.counts
}

function cached<T>(db: ReadDb, key: string, compute: () => T): T {
  return memo(cacheAt(db, changeCount(db)), key, compute)
}

const facetsKey = (profileId: number, q: SearchInput): string =>
  `facets\u0000${facetKey(profileId, q)}`

/** Facet counts of these filters if known since the last write. */
export function knownFacets(
  db: ReadDb,
  profileId: number,
  q: SearchInput
): SearchFacets | undefined {
  const cache = countCache.get(db)
  if (cache?.changes !== changeCount(db)) return undefined
  return cache.counts.get(facetsKey(profileId, q)) as SearchFacets | undefined
}

/** Keeps counts computed elsewhere (the facet worker) if nothing was written since they were asked for. */
export function keepFacets(
  db: ReadDb,
  profileId: number,
  q: SearchInput,
  changes: number,
  facets: SearchFacets
): void {
  if (changes === changeCount(db)) memo(cacheAt(db, changes), facetsKey(profileId, q), () => facets)
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

/**
 * A total of the catalogue alone that took this long to count is not counted again, after the
 * catalogue changes, until RECOUNT_AFTER times as long (and at least RECOUNT_MIN_MS) has passed:
 * a sync moves the catalogue page after page, and at 200,000 sets each recount holds the main
 * thread 20-60 ms, so a poll recounted on nearly every call (issue #25). Meanwhile the last total
 * is shown, at most that long behind the rows. Cheaper counts are always exact.
 */
const RECOUNT_COSTLY_MS = 4
const RECOUNT_AFTER = 10
const RECOUNT_MIN_MS = 1000
/** Totals remembered per connection across catalogue changes; a few queries are ever polled. */
const RECENT_TOTALS = 32

interface LastTotal {
  readonly n: number
  /** performance.now() when it was counted, and how long the count took. */
  readonly at: number
  readonly ms: number
}

const lastTotals = new WeakMap<ReadDb, Map<string, LastTotal>>()

/** A count, and how soon a count kept from before the catalogue's last change is made again. */
export interface Counted {
  readonly n: number
  /** Absent when `n` is the catalogue's count now. */
  readonly recountInMs?: number
}

function catalogueTotal(db: ReadDb, key: string, count: () => number): Counted {
  const memoKey = `total\u0000${key}`
  if (hasPerCatalogue(db, memoKey)) return { n: perCatalogue(db, memoKey, count) }
  let recent = lastTotals.get(db)
  if (!recent) {
    recent = new Map()
    lastTotals.set(db, recent)
  }
  const last = recent.get(key)
  const started = performance.now()
  const wait = last ? Math.max(RECOUNT_MIN_MS, RECOUNT_AFTER * last.ms) : 0
  if (last && last.ms >= RECOUNT_COSTLY_MS && started - last.at < wait) {
    // Behind the rows: the caller is told when to ask again, since the write that made it so may
    // be a load's last, with nothing after it to prompt a new question.
    return { n: last.n, recountInMs: Math.ceil(wait - (started - last.at)) }
  }
  const n = perCatalogue(db, memoKey, count)
  const ended = performance.now()
  if (recent.size >= RECENT_TOTALS && !recent.has(key)) recent.clear()
  recent.set(key, { n, at: ended, ms: ended - started })
  return { n }
}

function countNow(
  db: ReadDb,
  state: SetStateSql,
  profileId: number,
  q: SearchInput,
  f: Map<FilterKey, Sql>,
  where: Sql
): Counted {
  const match = textMatch(q)
  if (match !== null && f.size === 1 && soleProfile(db, profileId)) {
    return { n: textCount(db, match) }
  }
  const key = queryKey(where)
  // The user-state join is only needed when a filter reads it.
  const withState = STATE_FILTERS.some((k) => f.has(k))
  const count = (): number =>
    get<{ n: number }>(
      db,
      sql`SELECT count(*) AS n FROM ${withState ? state.setsWithState : SETS_ONLY} WHERE ${where}`
    )?.n ?? 0
  // A count of `sets` alone lasts while the catalogue does (its generation moves with every write
  // to it, the set writer's included): every page request of a sync writes its allowance count
  // through this connection, which would otherwise recount every set each page (issue #25).
  if (!withState && tracksCatalogue(db)) return catalogueTotal(db, key, count)
  return { n: cached(db, key, count) }
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

/** One page of one query's rows in its sort order. */
function pageRows(
  db: ReadDb,
  state: SetStateSql,
  profileId: number,
  q: SearchInput,
  offset: number,
  limit: number
) {
  const where = whereOf(profileId, filters(db, state, q, true))
  return all<SummaryRow>(
    db,
    sql`SELECT ${summaryColumns(state)} FROM ${state.setsWithState} WHERE ${where}
        ORDER BY ${orderBy(q)} LIMIT ${limit} OFFSET ${offset}`
  )
}

/**
 * A page of a text query, best matches first (relevanceTiers), each tier in the chosen sort.
 * A tier is counted only when the page starts past its first row; every count is cached.
 */
function rankedRows(
  db: ReadDb,
  state: SetStateSql,
  profileId: number,
  q: SearchInput,
  tiers: readonly string[]
): { rows: SummaryRow[]; fromFirst: number } {
  const rows: SummaryRow[] = []
  let fromFirst = 0
  let start = q.offset
  for (const [i, match] of tiers.entries()) {
    const tq = { ...q, match }
    if (start > 0 && i < tiers.length - 1) {
      const f = filters(db, state, tq, true)
      const n = countNow(db, state, profileId, tq, f, whereOf(profileId, f)).n
      if (start >= n) {
        start -= n
        continue
      }
    }
    const page = pageRows(db, state, profileId, tq, start, q.limit - rows.length)
    if (i === 0) fromFirst = page.length
    rows.push(...page)
    if (rows.length >= q.limit) break
    start = 0
  }
  return { rows, fromFirst }
}

/** How many sets the text matches as typed, no typo forgiven, under the same filters. */
function exactCount(db: ReadDb, state: SetStateSql, profileId: number, q: SearchInput): number {
  const match = plainMatch(q)
  if (match === null) return 0
  const pq = { ...q, match }
  const f = filters(db, state, pq, true)
  return countNow(db, state, profileId, pq, f, whereOf(profileId, f)).n
}

/** A page of sets matching `q`, with the user's state from `state` (the collection's SQL). */
export function searchSets(
  db: ReadDb,
  state: SetStateSql,
  profileId: number,
  q: SearchInput
): SearchResultDto {
  const tiers = relevanceTiers(q)
  const ranked = tiers ? rankedRows(db, state, profileId, q, tiers) : null
  const rows = ranked?.rows ?? pageRows(db, state, profileId, q, q.offset, q.limit)
  const exactFirst = (ranked?.fromFirst ?? 0) > 0
  const counted = (): Counted => {
    const f = filters(db, state, q, true)
    return countNow(db, state, profileId, q, f, whereOf(profileId, f))
  }
  const { n: total, recountInMs } =
    q.offset === 0 && rows.length < q.limit ? { n: rows.length } : counted()
  // Asked only when a word had typo candidates: a text with none has nothing to suggest.
  // Rows from the first tier already match as typed: nothing to count then.
  const didYouMean =
    q.near !== undefined &&
    q.offset === 0 &&
    !exactFirst &&
    exactCount(db, state, profileId, q) === 0
      ? suggestionOf(q)
      : null
  return {
    total,
    offset: q.offset,
    rows: rows.map((r) => summaryOf(r, profileId)),
    facets: q.facets ? facetsFor(db, state, profileId, q) : null,
    didYouMean,
    ...(recountInMs === undefined ? {} : { recountInMs })
  }
}

/** Facets depend on the filters only: paging, sorting and re-asking reuse them until a write. */
function facetsFor(
  db: ReadDb,
  state: SetStateSql,
  profileId: number,
  q: SearchInput
): SearchFacets {
  return cached(db, facetsKey(profileId, q), () => computeFacets(db, state, profileId, q))
}

/**
 * How many sets a query matches: the total its first page would show, by the same filters and the
 * same cache (kept until the next write), for counts shown away from the list (saved views).
 */
export function countSearch(
  db: ReadDb,
  state: SetStateSql,
  profileId: number,
  q: SearchInput
): number {
  return countSearchKept(db, state, profileId, q).n
}

/**
 * The count, and when one kept from before the catalogue's last change will be made again
 * (`recountInMs`, as a search's total says it): a saved view's count asks again then.
 */
export function countSearchKept(
  db: ReadDb,
  state: SetStateSql,
  profileId: number,
  q: SearchInput
): Counted {
  const f = filters(db, state, q, true)
  return countNow(db, state, profileId, q, f, whereOf(profileId, f))
}
