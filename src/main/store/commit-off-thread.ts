import { open } from 'node:fs/promises'
import type { WriteDb } from './handles'
import { transaction } from './handles'

/**
 * Commits that do not wait for the disk on the main thread. A commit with `synchronous = FULL`
 * fsyncs the WAL before it returns: 5-150 ms of main thread on the shared 2-core machine, once
 * per row of a push round (issue #25). In WAL mode a commit with `synchronous = NORMAL` is
 * already safe from a kill -9 of the app (the OS has the WAL); only a power cut can drop it, and
 * only with every commit after it (a WAL is recovered as a prefix).
 */

/**
 * Runs `fn` in one IMMEDIATE transaction committed without an fsync, then syncs the WAL file on
 * libuv's thread pool: resolves once what `fn` wrote is on disk, as a FULL commit would have
 * returned, while the event loop went on. Throws if the WAL cannot be synced (as a FULL commit
 * whose fsync fails): what `fn` wrote is committed then, but not known to be on disk.
 */
export async function commitDurably<T>(db: WriteDb, fn: () => T): Promise<T> {
  const value = commitUnsynced(db, fn)
  if (!db.memory) {
    // fsync is per file: it covers what this connection wrote there, whatever the descriptor.
    // Opened for writing (never created nor truncated): Windows flushes only such a handle.
    const wal = await open(`${db.name}-wal`, 'r+')
    try {
      await wal.sync()
    } finally {
      await wal.close()
    }
  }
  return value
}

/**
 * Runs `fn` in one IMMEDIATE transaction committed without an fsync, for what may be lost to a
 * power cut (a record the next round can make again): the next synced commit carries it to
 * disk. The setting is back to FULL before this returns, so no other commit runs without it.
 */
export function commitUnsynced<T>(db: WriteDb, fn: () => T): T {
  db.pragma('synchronous = NORMAL')
  try {
    return transaction(db, fn)
  } finally {
    db.pragma('synchronous = FULL')
  }
}
