import { BUSY_TIMEOUT_MS } from './connection'
import type { WriteDb } from './handles'

/**
 * A long write made by another connection to the same file: a worker that applies a restore in one
 * transaction, so the main thread is not held for it. WAL lets the main connection read meanwhile,
 * but a write of its own would wait for the lock, synchronously, up to its busy timeout (5 s):
 * a frozen app, then a failed write. While the hand-off lasts the main connection waits not at
 * all: a write fails at once as `db_busy` (store/faults.ts), retryable, nothing written and
 * nothing acknowledged, and the sync tries again later. Nested hand-offs share one window.
 */
const open = new WeakMap<WriteDb, number>()

export async function whileWritingElsewhere<T>(db: WriteDb, write: () => Promise<T>): Promise<T> {
  const depth = open.get(db) ?? 0
  open.set(db, depth + 1)
  if (depth === 0) db.pragma('busy_timeout = 0')
  try {
    return await write()
  } finally {
    const left = (open.get(db) ?? 1) - 1
    open.set(db, left)
    if (left === 0 && db.open) db.pragma(`busy_timeout = ${String(BUSY_TIMEOUT_MS)}`)
  }
}
