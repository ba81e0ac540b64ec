import type { ReadDb, WriteDb } from './handles'
import { stmt } from './handles'
import { memo } from './memo'
import { sql } from './sql'

/**
 * The sets a text query matches, read from FTS once per catalogue generation and reused by every
 * page, total and sort of that text until the catalogue changes (edits of the user's own state do
 * not change what a text matches, so they keep these).
 *
 * Why: a one-letter prefix matches most of a big catalogue ("s" is 150,000 of 200,000 sets).
 * Handing SQLite those rowids as `IN (SELECT rowid FROM sets_fts …)` builds a temporary index of
 * all of them on every query (30-40 ms); a bitset tested by `studbook_match(handle, s.id)` while
 * SQLite walks the sort index costs well under a millisecond once the bitset exists.
 */
interface MatchSet {
  readonly count: number
  /** Matching rowids as a JSON array (for `json_each`), kept while they are few. */
  readonly json: string | null
  /** Handle for `studbook_match(handle, s.id)`, kept when the matches are many. */
  readonly handle: number | null
}

/** Up to this many matches their rowids are kept as a list (driving the query by them is cheap). */
const LIST_MAX = 10_000
/** Above this many matches a bitset is kept (tested per row while walking an index). */
export const BITS_MIN = 200
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
const bitsets = new Map<number, Uint32Array>()
let nextHandle = 1

function forget(state: State, key: string): void {
  const entry = state.byMatch.get(key)
  if (!entry) return
  if (entry.set.handle !== null) bitsets.delete(entry.set.handle)
  state.byMatch.delete(key)
  state.bytes -= entry.bytes
}

/** The connection's cache, emptied first if the catalogue changed since it was filled. */
function current(db: ReadDb): State {
  const state = states.get(db)
  if (!state) throw new Error('installMatchFunctions() was not called on this connection')
  if (state.described !== state.generation) {
    for (const key of [...state.byMatch.keys()]) forget(state, key)
    state.values.clear()
    state.described = state.generation
  }
  return state
}

/** Registers `studbook_match` on the connection and starts its catalogue generation count. */
export function installMatchFunctions(db: WriteDb): void {
  const state: State = {
    generation: 0,
    described: 0,
    byMatch: new Map(),
    values: new Map(),
    bytes: 0
  }
  states.set(db, state)
  db.function('studbook_match', { deterministic: false, directOnly: true }, (handle, id) => {
    const bits = bitsets.get(Number(handle))
    if (!bits) throw new Error('studbook_match: unknown match set')
    const n = Number(id)
    return (bits[n >>> 5] ?? 0) & (1 << (n & 31)) ? 1 : 0
  })
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

/** Whether the connection counts catalogue changes (installMatchFunctions), so perCatalogue works. */
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
  // FTS5 returns rowids in ascending order, so the last one sizes the bitset.
  const ids = stmt(db, q)
    .pluck()
    .all(...q.params) as number[]
  let handle: number | null = null
  let bytes = 64
  if (ids.length > BITS_MIN) {
    const bits = new Uint32Array(((ids.at(-1) ?? 0) >>> 5) + 1)
    for (const id of ids) bits[id >>> 5] = (bits[id >>> 5] ?? 0) | (1 << (id & 31))
    handle = nextHandle++
    bitsets.set(handle, bits)
    bytes += bits.byteLength
  }
  const json = ids.length <= LIST_MAX ? JSON.stringify(ids) : null
  bytes += json?.length ?? 0
  const set: MatchSet = { count: ids.length, json, handle }
  state.byMatch.set(match, { set, bytes })
  state.bytes += bytes
  for (const key of state.byMatch.keys()) {
    if (state.bytes <= BUDGET_BYTES || key === match) break
    forget(state, key)
  }
  return set
}
