import { z } from 'zod'
import { readStoredJson } from '../../shared/parse-json'
import type { searchQuery } from '../../shared/ipc/channels/catalog'
import type { ReadDb } from '../store/handles'
import { all, get } from '../store/handles'
import { initialBit } from '../store/initials'
import {
  BITS_MIN,
  hasMatchSet,
  hasPerCatalogue,
  matchSet,
  matchTest,
  perCatalogue
} from '../store/match-sets'
import { join, raw, sql } from '../store/sql'
import type { Sql } from '../store/sql'
import { addDays, localDay } from '../../shared/model/watch-days'
import type { SetStateSql } from './set-state-port'

export type SearchInput = z.output<typeof searchQuery> & {
  /**
   * Catalogue words one typo from each query word (fuzzy-index.ts), keyed by the word as
   * wordsOf gives it. Added by the handler, never by the renderer; it travels with the query to
   * the facet worker so the counts match the rows.
   */
  readonly near?: Readonly<Record<string, readonly string[]>>
  /** An FTS query used instead of the text's own: one relevance tier of it (search-repo.ts). */
  readonly match?: string
  /** yyyy-MM-dd the relative filters count from; the user's today when absent (tests fix it). */
  readonly today?: string
}

export type FilterKey =
  | 'text'
  | 'theme'
  | 'subtheme'
  | 'year'
  | 'owned'
  | 'wanted'
  | 'flags'
  | 'availability'
  | 'price'
  | 'exit'

const PRICE_COLUMN = { UK: 's.uk_price', US: 's.us_price', CA: 's.ca_price', EU: 's.eu_price' }

/**
 * The text as an FTS5 query: each word a quoted prefix term, all required. Quoting makes every
 * user character literal, so no input can be FTS syntax.
 */
export function ftsQuery(text: string): string | null {
  const w = wordsOf(text)
  return w.length === 0 ? null : w.map((x) => `"${x}"*`).join(' ')
}

const quoted = (w: string): string => `"${w}"*`

/**
 * The FTS query a search runs: its tier's, else each word a quoted prefix term, or any of the
 * words one typo from it. Every term is a run of letters and digits (wordsOf, WordIndex), so
 * quoting keeps user text out of FTS syntax here too.
 */
export function textMatch(q: SearchInput): string | null {
  if (q.match !== undefined) return q.match
  const w = wordsOf(q.text)
  if (w.length === 0) return null
  return (
    w
      .map((x) => {
        const alts = q.near?.[x] ?? []
        return alts.length === 0 ? quoted(x) : `(${[x, ...alts].map(quoted).join(' OR ')})`
      })
      // Explicit AND: FTS5 takes no implicit AND between a phrase and a parenthesised group.
      .join(' AND ')
  )
}

/** The columns a set is known by: an exact or prefix match there ranks first. */
const NAMED = '{full_number name}'

/**
 * A text query's matches in the order they rank, each tier an FTS query excluding the ones
 * before it: (1) every word prefixes the set's number or name, (2) the name with a typo
 * forgiven, (3) any other column (theme, subtheme, tags, codes). The user's sort orders each
 * tier. Null when ranking means nothing: no text, or a single character (the first keystroke).
 */
export function relevanceTiers(q: SearchInput): string[] | null {
  const w = wordsOf(q.text)
  if (q.match !== undefined || w.length === 0 || (w.length === 1 && (w[0]?.length ?? 0) < 2))
    return null
  const plain = w.map(quoted).join(' AND ')
  const all = textMatch(q) ?? plain
  const tiers = [`${NAMED} : (${plain})`]
  if (all !== plain) tiers.push(`(${NAMED} : (${all})) NOT (${NAMED} : (${plain}))`)
  tiers.push(`(${all}) NOT (${NAMED} : (${all}))`)
  return tiers
}

/** The text's words exactly as typed (prefixes, no typo forgiven): "did you mean" asks if none match. */
export function plainMatch(q: SearchInput): string | null {
  return ftsQuery(q.text)
}

/** Where a word list comes from: the fuzzy word index (fuzzy-index.ts). */
interface Words {
  near(word: string): string[]
}

/** The query with each word's typo candidates attached (none when no word is long enough). */
export function withNear(q: SearchInput, words: Words, fold: (w: string) => string): SearchInput {
  const near: Record<string, readonly string[]> = {}
  for (const w of wordsOf(q.text)) {
    const alts = words.near(fold(w))
    if (alts.length > 0) near[w] = alts
  }
  return Object.keys(near).length === 0 ? q : { ...q, near }
}

/** "Did you mean": the text with each word that has typo candidates replaced by the likeliest. */
export function suggestionOf(q: SearchInput): string | null {
  const near = q.near
  if (!near) return null
  const out = wordsOf(q.text).map((w) => near[w]?.[0] ?? w)
  return out.join(' ')
}

/** Whether a search's text has a word long enough for typos to be forgiven. */
export function mayForgive(text: string, min: number): boolean {
  return wordsOf(text).some((w) => w.length >= min)
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

/** A match set's rowid list (store/match-sets.ts writes it as JSON for `json_each`). */
const setIdList = z.array(z.number())

const countKey = (match: string): string => `count\u0000${match}`

/** How many cached sets (of every profile) match, counted by FTS once per catalogue generation. */
export function textCount(db: ReadDb, match: string): number {
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
 * the sort order (or another filter's index) and testing each row in the matches' bitset, which stops after
 * a page. The walk reads about (offset + limit) × sets / matches index entries; the list looks up
 * every match (its row, summary and user state) and sorts them all, about LIST_STEP walked
 * entries each: the list wins while LIST_STEP × matches² < (offset + limit) × sets.
 */
function textFilter(db: ReadDb, state: SetStateSql, q: SearchInput, match: string): Sql {
  if (q.owned === true || q.wanted === true || (q.flags?.length ?? 0) > 0) {
    const m = matchSet(db, match)
    if (m.json !== null) {
      // Matches few enough to list: those among the user's rows, found here, drive the query.
      // Testing each of the user's rows in SQL (6,000 owned at 200,000 sets) cost 3-4 ms a
      // query, and a ranked search with a typo runs five (three tiers, total, "did you mean").
      // Named by their user-state keys, so SQLite drives by the list: as `s.id IN`, it read the
      // user's rows and sought every listed id for each (100 ms for 300 ids).
      const mine = markedIds(db, state, q)
      const keys: number[] = []
      for (const id of readStoredJson(setIdList, m.json, 'A search match list')) {
        const key = mine.get(id)
        if (key !== undefined) keys.push(key)
      }
      return sql`${state.setId} IN (SELECT value FROM json_each(${JSON.stringify(keys)}))`
    }
    // Many: the user's rows drive the query, each tested in the matches' bitset. Left to itself
    // SQLite would walk the matches and look up each one's state.
    return matchTest(m.bits)
  }
  const bit = q.match === undefined && q.near === undefined ? initialOf(q.text) : null
  if (bit !== null) {
    const n = textCount(db, match)
    // One character: the same walk, testing each set's initials instead of a bitset to be read.
    if (n > BITS_MIN && walkBetter(db, q, n)) return sql`(s.initials & ${bit}) <> 0`
  }
  const m = matchSet(db, match)
  if (m.json === null) return matchTest(m.bits)
  if (m.bits === null || !walkBetter(db, q, m.count)) {
    return sql`s.id IN (SELECT value FROM json_each(${m.json}))`
  }
  return matchTest(m.bits)
}

/** The user's marked sets, read once per write to the database (see markedIds). */
const markedCache = new WeakMap<
  ReadDb,
  { changes: number; byKey: Map<string, ReadonlyMap<number, number>> }
>()

/**
 * The sets the query's owned, wanted and flag filters keep, `sets.id` to the user state's set id (of
 * every profile: the page's own profile filter still applies), read again after any write.
 */
function markedIds(db: ReadDb, state: SetStateSql, q: SearchInput): ReadonlyMap<number, number> {
  const changes = get<{ n: number }>(db, sql`SELECT total_changes() AS n`)?.n ?? 0
  let cache = markedCache.get(db)
  if (cache?.changes !== changes) {
    cache = { changes, byKey: new Map() }
    markedCache.set(db, cache)
  }
  const mask = (q.flags ?? []).reduce((m, n) => m | (1 << (n - 1)), 0)
  const key = `${String(q.owned === true)} ${String(q.wanted === true)} ${String(mask)}`
  let ids = cache.byKey.get(key)
  if (!ids) {
    const rows = all<{ id: number; setId: number }>(
      db,
      sql`SELECT s.id AS id, ${state.setId} AS setId FROM ${state.stateWithSets}
        WHERE (${q.owned === true ? 1 : 0} = 0 OR ${state.isOwned})
          AND (${q.wanted === true ? 1 : 0} = 0 OR ${state.isWanted})
          AND (${state.flags} & ${mask}) = ${mask}`
    )
    ids = new Map(rows.map((r) => [r.id, r.setId]))
    cache.byKey.set(key, ids)
  }
  return ids
}

const INDEXED_FILTERS = ['theme', 'subtheme', 'yearFrom', 'yearTo', 'availability'] as const

/**
 * A match looked up and sorted, in index entries walked (measured at 200,000 sets: page 3 of a
 * word with 7,000 matches took 25 ms of CPU as a list, 9 ms walking; 8 and 30 walk alike there).
 */
const LIST_STEP = 8

function walkBetter(db: ReadDb, q: SearchInput, matches: number): boolean {
  // Without an index for the sort, every row is read and sorted anyway: the list is less work.
  if (q.sort === 'qtyOwned') return false
  // Another filter's index narrows the walk to its rows: testing those beats the list.
  if (INDEXED_FILTERS.some((k) => q[k] !== undefined)) return true
  return LIST_STEP * matches * matches >= (q.offset + q.limit) * catalogueSize(db)
}

/**
 * About how many sets the walk may pass over: the highest rowid, which counts every profile's sets
 * (and gaps). An exact count would read the whole index after every catalogue change (10 ms over
 * 200,000 sets) for a choice an estimate makes as well.
 */
function catalogueSize(db: ReadDb): number {
  return get<{ n: number | null }>(db, sql`SELECT max(id) AS n FROM sets`)?.n ?? 0
}

/**
 * `paged`: only the first rows in sort order are wanted (a page), not every match (facets). The
 * owned, wanted and flag filters are `state`'s clauses (the collection's SQL, set-state-port.ts).
 */
export function filters(
  db: ReadDb,
  state: SetStateSql,
  q: SearchInput,
  paged: boolean
): Map<FilterKey, Sql> {
  const f = new Map<FilterKey, Sql>()
  const match = textMatch(q)
  if (match !== null) {
    // Facets read every match, which the FTS hits give directly.
    f.set('text', paged ? textFilter(db, state, q, match) : sql`sets_fts MATCH ${match}`)
  }
  if (q.theme !== undefined) f.set('theme', sql`s.theme = ${q.theme}`)
  if (q.subtheme !== undefined) f.set('subtheme', sql`s.subtheme = ${q.subtheme}`)
  if (q.yearFrom !== undefined || q.yearTo !== undefined) {
    // With a theme, its sets are read through sets_by_theme (which holds their years) and tested
    // here: SQLite weighs any year range as a sixty-fourth of the catalogue, so with a sort by
    // year it walked the range in order and looked up every set of it for its theme (a range
    // over most years at 200,000 sets: 450-1,100 ms). The `+` keeps sets_by_year out of it.
    const year = q.theme === undefined ? raw('s.year') : raw('+s.year')
    f.set('year', sql`${year} BETWEEN ${q.yearFrom ?? 0} AND ${q.yearTo ?? 9999}`)
  }
  if (q.owned !== undefined) f.set('owned', q.owned ? state.isOwned : state.notOwned)
  if (q.wanted !== undefined) f.set('wanted', q.wanted ? state.isWanted : state.notWanted)
  if (q.flags !== undefined && q.flags.length > 0) {
    const mask = q.flags.reduce((m, n) => m | (1 << (n - 1)), 0)
    f.set('flags', sql`(${state.flags} & ${mask}) = ${mask}`)
  }
  if (q.availability !== undefined) f.set('availability', sql`s.availability = ${q.availability}`)
  if (q.price !== undefined) {
    // Prices are kept as the service wrote them ("99.99"); an empty one is no price.
    const col = raw(PRICE_COLUMN[q.price.region])
    f.set('price', sql`${col} <> '' AND CAST(${col} AS REAL) <= ${q.price.max}`)
  }
  const exits: Sql[] = []
  if (q.exitFrom !== undefined || q.exitTo !== undefined) {
    // The US shop's last day (yyyy-MM-dd), the one date every catalogue version gives: a column
    // of its own (migration 110) with the partial index sets_by_exit, which BETWEEN can use.
    exits.push(
      sql`s.shop_exit BETWEEN ${`${q.exitFrom ?? 0}`.padStart(4, '0')}
        AND ${`${q.exitTo ?? 9999}-12-31~`}`
    )
  }
  if (q.exitWithinDays !== undefined) {
    // "Leaving shops within N days" (the retirement watch) in any shop the user chose: the US
    // one over the same indexed column, the others from the sets' details.
    const today = q.today ?? localDay(new Date())
    const to = addDays(today, q.exitWithinDays)
    const chosen = new Set<ShopRegion>(q.exitRegions ?? ['US'])
    const others = [...chosen].filter((r) => r !== 'US').sort()
    const any: Sql[] = chosen.has('US') ? [sql`s.shop_exit BETWEEN ${today} AND ${to}`] : []
    if (others.length > 0) any.push(otherShopsWithin(others, today, to))
    exits.push(sql`(${join(any, ' OR ')})`)
  }
  if (exits.length > 0) f.set('exit', join(exits, ' AND '))
  return f
}

/**
 * A region's shop-exit day (yyyy-MM-dd). US: the plain column with its partial index
 * sets_by_exit (migration 110). The other shops' days are in `detail` (the EU's are the German
 * shop's), read per set: only a search that asks for them pays for it (bench/watch.ts).
 */
type ShopRegion = 'US' | 'UK' | 'CA' | 'EU'

/**
 * The other shops' days within [from, to]. Parsing every set's detail costs a pass over the
 * catalogue, so a plain text test comes first: `detail` is compact JSON (sets-repo.ts), and a day
 * in the window has a year from `from`'s to `to`'s, so its text holds `"last":"<year>-`. Most sets
 * (long gone or never dated) fail that test without being parsed.
 */
function otherShopsWithin(regions: readonly ShopRegion[], from: string, to: string): Sql {
  const years: Sql[] = []
  for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++) {
    years.push(sql`instr(s.detail, ${`"last":"${String(y)}-`}) > 0`)
  }
  const days = regions.map((r) => sql`${shopExitOf(r)} BETWEEN ${from} AND ${to}`)
  return sql`((${join(years, ' OR ')}) AND (${join(days, ' OR ')}))`
}

function shopExitOf(region: ShopRegion): Sql {
  if (region === 'US') return raw('s.shop_exit')
  const shop = region === 'EU' ? 'DE' : region
  return raw(
    `(CASE WHEN json_valid(s.detail) THEN json_extract(s.detail, '$.shopDates.${shop}.last') END)`
  )
}

export const STATE_FILTERS: readonly FilterKey[] = ['owned', 'wanted', 'flags']

export function whereOf(profileId: number, f: Map<FilterKey, Sql>, without?: FilterKey): Sql {
  const parts = [sql`s.profile_id = ${profileId}`]
  for (const [k, v] of f) if (k !== without) parts.push(v)
  return join(parts, ' AND ')
}

/**
 * Which sets a query matches, as a condition over `state.setsWithState`: for a reader of every
 * match (the report), not a page. Sort, offset and limit are not part of it.
 */
export function queryCondition(
  db: ReadDb,
  state: SetStateSql,
  profileId: number,
  q: SearchInput
): Sql {
  return whereOf(profileId, filters(db, state, q, true))
}
