import type { ReadDb, WriteDb } from './handles'
import { stmt } from './handles'
import { memo } from './memo'
import { sql } from './sql'
import type { Sql } from './sql'

/**
 * The sets a text query matches, read from FTS once per catalogue generation and reused by every
 * page, total and sort of that text until the catalogue changes (edits of the user's own state do
 * not change what a text matches, so they keep these).
 *
 * Why: a one-letter prefix matches most of a big catalogue ("s" is 150,000 of 200,000 sets).
 * Handing SQLite those rowids as `IN (SELECT rowid FROM sets_fts …)` builds a temporary index of
 * all of them on every query (30-40 ms). Instead SQLite walks the sort index and tests each entry
 * in a byte per rowid (`matchTest`), with its own `substr`: no call into JavaScript per entry.
 * The test was a bitset read by a function of ours, about 1.4 µs an entry walked, most of a word
 * search's page (a 50-row page of "castle", 1,038 matches of 20,000: ~1,000 entries, 1.5 ms).
 */
type MatchSet = {
  readonly count: number
} & (
  | {
      /** Matching rowids as a JSON array (for `json_each`), kept while they are few. */
      readonly json: string
      /** One byte per rowid, 1 where it matches (see matchTest), kept when the matches are many. */
      readonly bytes: Uint8Array | null
    }
  | { readonly json: null; readonly bytes: Uint8Array }
)

/** Up to this many matches their rowids are kept as a list (driving the query by them is cheap). */
const LIST_MAX = 10_000
/** Above this many matches their bytes are kept (tested per row while walking an index). */
export const BYTES_MIN = 200
/**
 * Rowids above this get no bytes (16 MB): the list stands in, whatever its length. Rowids are
 * dense keys the app assigns; only a damaged or hostile file has one this high.
 */
const BYTES_MAX_ROWID = 16 * 1024 * 1024
/** Cached match sets may hold this many bytes in total; the oldest are dropped first. */
const BUDGET_BYTES = 32 * 1024 * 1024

interface Entry {
  readonly set: MatchSet
  readonly bytes: number
}

interface State {
  /** Bumped on every change to `sets` (noteCatalogueChange). */
  generation: number
  /** The generation the cached values below describe. */
  described: number
  readonly byMatch: Map<string, Entry>
  readonly values: Map<string, unknown>
  bytes: number
}

const states = new WeakMap<ReadDb, State>()

function forget(state: State, key: string): void {
  const entry = state.byMatch.get(key)
  if (!entry) return
  state.byMatch.delete(key)
  state.bytes -= entry.bytes
}

/** The connection's cache, emptied first if the catalogue changed since it was filled. */
function current(db: ReadDb): State {
  const state = states.get(db)
  if (!state) throw new Error('trackCatalogue() was not called on this connection')
  if (state.described !== state.generation) {
    for (const key of [...state.byMatch.keys()]) forget(state, key)
    state.values.clear()
    state.described = state.generation
  }
  return state
}

/** Starts the connection's catalogue generation count and its cache of match sets. */
export function trackCatalogue(db: WriteDb): void {
  const state: State = {
    generation: 0,
    described: 0,
    byMatch: new Map(),
    values: new Map(),
    bytes: 0
  }
  states.set(db, state)
}

/**
 * Called by every write to `sets` (sets-repo.ts is the only one; a test keeps it so). A temporary
 * trigger would catch writes by itself, but costs 50 µs a row: a second on a 20,000-set sync.
 */
export function noteCatalogueChange(db: ReadDb): void {
  const state = states.get(db)
  if (state) state.generation++
}

/** Moves on every change to the cached catalogue; equal values mean nothing in `sets` changed. */
export function catalogueGeneration(db: ReadDb): number {
  return current(db).generation
}

/** A value that depends on `sets` only (a count, a list), computed once per catalogue generation. */
export function perCatalogue<T>(db: ReadDb, key: string, compute: () => T): T {
  return memo(current(db).values, key, compute)
}

/** Whether the connection counts catalogue changes (trackCatalogue), so perCatalogue works. */
export function tracksCatalogue(db: ReadDb): boolean {
  return states.has(db)
}

export function hasPerCatalogue(db: ReadDb, key: string): boolean {
  return current(db).values.has(key)
}

/** Whether the match set of this FTS query is already known for the current catalogue. */
export function hasMatchSet(db: ReadDb, match: string): boolean {
  return current(db).byMatch.has(match)
}

export function matchSet(db: ReadDb, match: string): MatchSet {
  const state = current(db)
  const hit = state.byMatch.get(match)
  if (hit) {
    // Most recently used last: Map iteration order is insertion order.
    state.byMatch.delete(match)
    state.byMatch.set(match, hit)
    return hit.set
  }
  const q = sql`SELECT rowid FROM sets_fts WHERE sets_fts MATCH ${match}`
  const ids = stmt(db, q)
    .pluck()
    .all(...q.params) as number[]
  // FTS5 returns rowids in ascending order, so the last one sizes the bytes.
  const last = ids.at(-1) ?? 0
  let bytes: Uint8Array | null = null
  // A negative rowid would be read from the end of the bytes (substr's negative start).
  if (ids.length > BYTES_MIN && last <= BYTES_MAX_ROWID && (ids[0] ?? 0) >= 0) {
    bytes = new Uint8Array(last + 1)
    for (const id of ids) bytes[id] = 1
  }
  // Without bytes the list is what a query reads, however long.
  const set: MatchSet =
    bytes !== null && ids.length > LIST_MAX
      ? { count: ids.length, json: null, bytes }
      : { count: ids.length, json: JSON.stringify(ids), bytes }
  const size = 64 + (set.bytes?.byteLength ?? 0) + (set.json?.length ?? 0)
  state.byMatch.set(match, { set, bytes: size })
  state.bytes += size
  for (const key of state.byMatch.keys()) {
    if (state.bytes <= BUDGET_BYTES || key === match) break
    forget(state, key)
  }
  return set
}

/**
 * The test of `s.id` against a match set's bytes, in SQLite's own functions: the byte at the
 * rowid's offset (substr counts from 1) is 1. A rowid past the bytes reads an empty blob: no match.
 */
export function matchTest(bytes: Uint8Array): Sql {
  return sql`substr(${bytes}, s.id + 1, 1) = x'01'`
}
