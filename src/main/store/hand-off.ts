import { BUSY_TIMEOUT_MS } from './connection'
import type { WriteDb } from './handles'

/**
 * A long write made by another connection to the same file: a worker that applies a restore in one
 * transaction, so the main thread is not held for it. WAL lets the main connection read meanwhile,
 * but a write of its own would wait for the lock, synchronously, up to its busy timeout (5 s):
 * a frozen app, then a failed write. While the hand-off lasts the main connection waits not at
 * all: a write fails at once as `db_busy` (store/faults.ts), retryable, nothing written and
 * nothing acknowledged, and the sync tries again later. Nested hand-offs share one window.
 *
 * A short hand-off (`othersWait`: the edit writer's bulk edit, undo or import apply, about a
 * second) is waited for instead (ipc/dispatch.ts): a request that may write starts after it has
 * ended, in the order it came, so a click during a bulk edit is saved after it, not refused;
 * and one refused as `db_busy` all the same (it began before the hand-off and wrote later) is
 * asked again once it has ended. Reads go on meanwhile.
 */
const open = new WeakMap<WriteDb, number>()

/** The ends of the open hand-offs that a refused request waits for. */
const waited = new Set<Promise<unknown>>()
/** Counts the waited-for hand-offs ever opened: a request refused by one that has ended since. */
let opened = 0

export async function whileWritingElsewhere<T>(
  db: WriteDb,
  write: () => Promise<T>,
  options: { readonly othersWait?: boolean } = {}
): Promise<T> {
  const depth = open.get(db) ?? 0
  open.set(db, depth + 1)
  if (depth === 0) db.pragma('busy_timeout = 0')
  const writing = Promise.resolve().then(write)
  const end = writing.then(
    () => undefined,
    () => undefined
  )
  if (options.othersWait === true) {
    opened++
    waited.add(end)
    void end.then(() => waited.delete(end))
  }
  try {
    return await writing
  } finally {
    const left = (open.get(db) ?? 1) - 1
    open.set(db, left)
    if (left === 0 && db.open) db.pragma(`busy_timeout = ${String(BUSY_TIMEOUT_MS)}`)
  }
}

/** Settles when every waited-for hand-off open now has ended; null when none is open. */
export function waitedHandOffs(): Promise<void> | null {
  if (waited.size === 0) return null
  return Promise.all([...waited]).then(() => undefined)
}

/** A mark to take before a request runs, for `waitedSince`. */
export function handOffMark(): number {
  return opened
}

/**
 * For a request refused as `db_busy` that started at `mark`: settles when the waited-for
 * hand-offs open now have ended, at once when the one that refused it has ended already; null
 * when none was open (a restore's hand-off, or another process: the refusal stands).
 */
export function waitedSince(mark: number): Promise<void> | null {
  if (waited.size === 0 && opened === mark) return null
  return waitedHandOffs() ?? Promise.resolve()
}
