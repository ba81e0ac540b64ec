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
 * against the matches, kept as a bitset. The test is SQLite's own `substr` over one byte per rowid
 * (`matchTest`), made from the bitset for the few match sets being read: a function of ours
 * reading the bitset cost about 1.4 µs an entry walked, most of a word search's page (a 50-row page
 * of "castle", 1,038 matches of 20,000, walks ~1,000 entries: its search took 1.9 ms, now 1.0).
 * The cache keeps the bitsets, an eighth of the bytes' size (25 kB against 200 kB at 200,000 sets).
 */
type MatchSet = {
  readonly count: number
} & (
  | {
      /** Matching rowids as a JSON array (for `json_each`), kept while they are few. */
      readonly json: string
      /** Bit `id` set for each matching rowid (see matchTest), kept when the matches are many. */
      readonly bits: Uint32Array | null
    }
  | { readonly json: null; readonly bits: Uint32Array }
)

/** Up to this many matches their rowids are kept as a list (driving the query by them is cheap). */
const LIST_MAX = 10_000
/** Above this many matches a bitset is kept (tested per row while walking an index). */
export const BITS_MIN = 200
/**
 * Rowids above this get no bitset (their bytes would be 16 MB): the list stands in, whatever its
 * length. Rowids are dense keys the app assigns; only a damaged or hostile file has one this high.
 */
const BITS_MAX_ROWID = 16 * 1024 * 1024
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
  // FTS5 returns rowids in ascending order, so the last one sizes the bitset.
  const last = ids.at(-1) ?? 0
  let bits: Uint32Array | null = null
  // A negative rowid would be read from the end of the bytes (substr's negative start).
  if (ids.length > BITS_MIN && last <= BITS_MAX_ROWID && (ids[0] ?? 0) >= 0) {
    bits = new Uint32Array((last >>> 5) + 1)
    for (const id of ids) bits[id >>> 5] = (bits[id >>> 5] ?? 0) | (1 << (id & 31))
  }
  // Without a bitset the list is what a query reads, however long.
  const set: MatchSet =
    bits !== null && ids.length > LIST_MAX
      ? { count: ids.length, json: null, bits }
      : { count: ids.length, json: JSON.stringify(ids), bits }
  const size = 64 + (set.bits?.byteLength ?? 0) + (set.json?.length ?? 0)
  state.byMatch.set(match, { set, bytes: size })
  state.bytes += size
  for (const key of state.byMatch.keys()) {
    if (state.bytes <= BUDGET_BYTES || key === match) break
    forget(state, key)
  }
  return set
}

/** Byte views of the bitsets read last, newest last: a page and its count read the same one. */
const views = new Map<Uint32Array, Uint8Array>()
const VIEWS_MAX = 4

/** One byte per rowid, 1 where the bitset has the rowid's bit (made once while it is in use). */
function bytesOf(bits: Uint32Array): Uint8Array {
  const kept = views.get(bits)
  if (kept !== undefined) {
    views.delete(bits)
    views.set(bits, kept)
    return kept
  }
  const bytes = new Uint8Array(bits.length * 32)
  for (let i = 0; i < bits.length; i++) {
    let word = bits[i] ?? 0
    while (word !== 0) {
      const low = word & -word
      bytes[i * 32 + 31 - Math.clz32(low)] = 1
      word ^= low
    }
  }
  views.set(bits, bytes)
  for (const key of views.keys()) {
    if (views.size <= VIEWS_MAX) break
    views.delete(key)
  }
  return bytes
}

/**
 * The test of `s.id` against a match set's bitset, in SQLite's own functions: the byte at the
 * rowid's offset in its byte view (substr counts from 1) is 1. A rowid past the bytes reads an
 * empty blob: no match.
 */
export function matchTest(bits: Uint32Array): Sql {
  return sql`substr(${bytesOf(bits)}, s.id + 1, 1) = x'01'`
}
