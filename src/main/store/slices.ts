import type { FileHandle } from 'node:fs/promises'
import { open } from 'node:fs/promises'
import type { WriteDb } from './handles'
import { transaction } from './handles'

/**
 * Long writes on the main connection as many short transactions with the event loop given back
 * between them (the main thread rule: no more than ~50 ms at a time, ~10 ms a slice). No
 * transaction stays open across a turn, so a user edit made meanwhile on the same connection is
 * its own transaction, and a crash keeps every slice committed before it.
 */

/** About how long one slice should hold the thread. */
const TARGET_MS = 8

export interface SliceOptions {
  /** Units the first slice does, before its speed is known. */
  readonly first?: number
  /** Units no slice exceeds, however fast the last one was. */
  readonly max?: number
  /** Runs between slices, outside any transaction: e.g. to stop on a cancelled sync. */
  readonly between?: () => void
  /**
   * The rows are a cache a later sync writes again (the catalogue): a slice's commit need not
   * wait for the disk. See `committed`.
   */
  readonly cache?: boolean
  /** About how long a slice should take, in ms (TARGET_MS unless said). */
  readonly targetMs?: number
  /**
   * What runs between slices instead of a turn of this thread's event loop: a writer in a worker
   * waits here for the main thread's leave to take the lock again (sync/pull/set-writer.ts).
   */
  readonly pace?: () => Promise<void>
}

/**
 * Runs one slice's transaction; for a cache, with `synchronous = NORMAL` for its commit only.
 * In WAL mode that skips the fsync of each commit (several ms each, most of a slice's cost), and
 * still loses nothing to a crash of the app (kill -9): the OS has the WAL. A power cut may drop
 * the last slices, never a later commit: the next commit made with FULL (a user's edit, the
 * pull's own "done" mark) syncs the WAL up to itself, and a WAL is only ever recovered as a
 * prefix. The setting is back to FULL before the event loop turns, so no edit ever runs without it.
 * What the skipped fsyncs would have written is flushed off the thread between slices
 * (`flushWal`), so the next FULL commit (perhaps a user's edit) has little left to wait for.
 */
function committed<T>(db: WriteDb, cache: boolean, fn: () => T): T {
  if (!cache) return transaction(db, fn)
  db.pragma('synchronous = NORMAL')
  try {
    return transaction(db, fn)
  } finally {
    db.pragma('synchronous = FULL')
  }
}

/** Gives the event loop a turn: timers, I/O and other callbacks run before this resolves. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}

/** What one slice did: `units` of work (rows, say), and whether any is left. */
export interface Slice {
  readonly units: number
  readonly more: boolean
}

/**
 * Syncs the WAL file to disk on libuv's thread pool: fsync is per file, so it covers what this
 * connection wrote there. A database without a WAL file (in memory) has nothing to flush.
 */
async function flushWal(db: WriteDb): Promise<void> {
  if (db.memory) return
  let file: FileHandle | null = null
  try {
    file = await open(`${db.name}-wal`, 'r')
    await file.sync()
  } catch {
    // Nothing lost: the next FULL commit syncs the WAL on the thread instead.
  } finally {
    await file?.close()
  }
}

/**
 * Calls `step(n)` in its own IMMEDIATE transaction, again and again, with a turn of the event loop
 * between calls, until a step says nothing is left. `n`, the units the step should do, follows the
 * measured speed of the last slice, so a slice takes about TARGET_MS on a busy machine as on an
 * idle one. Returns how many units were done in all.
 */
export async function inSlices(
  db: WriteDb,
  step: (n: number) => Slice,
  options: SliceOptions = {}
): Promise<number> {
  const max = options.max ?? 20_000
  const target = options.targetMs ?? TARGET_MS
  const pace = options.pace ?? nextTurn
  let n = Math.min(options.first ?? 200, max)
  let total = 0
  // One flush at a time runs beside the slices (its wait is the disk's, not the thread's); the
  // last is awaited, so the caller's next FULL commit finds little left to write.
  let flushing: Promise<void> | null = null
  for (;;) {
    const started = performance.now()
    const asked = n
    const { units: did, more } = committed(db, options.cache ?? false, () => step(asked))
    total += did
    if (options.cache) {
      flushing ??= flushWal(db).finally(() => {
        flushing = null
      })
    }
    if (!more) {
      await flushing
      return total
    }
    const ms = performance.now() - started
    // Grow at most 2x a slice, so one slow step (a cold page cache) is not mistaken for the rule.
    const fit = ms > 0 ? Math.floor((did * target) / ms) : n * 2
    n = Math.max(1, Math.min(max, n * 2, fit))
    await pace()
    options.between?.()
  }
}

/**
 * inSlices over a list: `step` is given the next part of `items` (as many as the measured speed
 * allows), each part in its own transaction, and `last` is true with the part that ends the list
 * (an empty list: one step, with no items). Returns how many items were done.
 */
export function inSlicesOf<T>(
  db: WriteDb,
  items: readonly T[],
  step: (part: readonly T[], last: boolean) => void,
  options: SliceOptions = {}
): Promise<number> {
  let at = 0
  return inSlices(
    db,
    (n) => {
      const part = items.slice(at, at + n)
      at += part.length
      const more = at < items.length
      step(part, !more)
      return { units: part.length, more }
    },
    options
  )
}
