import { statSync } from 'node:fs'
import { Worker } from 'node:worker_threads'
import { workerScript } from '../../shared/worker-script'
import type { CheckReply } from './check-worker'
import { storageFault } from './faults'
import type { ReadDb } from './handles'
import { quickCheckRows } from './intact'

/**
 * Files at least this large (the database and its WAL) are checked in a worker thread. The check
 * reads most of the file at 4-9 MB per 50 ms on our machines (1.2-2.6 s for the 304 MB of
 * 200,000 sets, issue #25), so a smaller file's check holds the main thread for less than a
 * worker's start would cost.
 */
export const OFF_THREAD_FROM_BYTES = 4 * 1024 * 1024

function bytesOf(path: string): number {
  const size = (p: string): number => statSync(p, { throwIfNoEntry: false })?.size ?? 0
  return size(path) + size(`${path}-wal`)
}

/** The check's reply from its own thread; null when the thread could not give one. */
export function checkInWorker(path: string, max: number): Promise<CheckReply | null> {
  return new Promise((resolve) => {
    let worker: Worker
    try {
      const script = workerScript(import.meta.url, 'check-worker', process.env)
      worker = new Worker(script.url, { ...script.options, workerData: { path, max } })
    } catch {
      resolve(null)
      return
    }
    worker.once('message', (reply: CheckReply) => {
      resolve(reply)
    })
    worker.once('error', () => {
      resolve(null)
    })
    // After its message (a no-op then), or instead of one: a thread that died gave no answer.
    worker.once('exit', () => {
      resolve(null)
    })
  })
}

/**
 * What `PRAGMA quick_check` finds in the data file at `path`, up to `max` problems (`['ok']` when
 * none), with `db` the connection the app opened on it. A large file is checked on a thread of its
 * own while this one turns; a damaged page that stops the check there is thrown as SQLite threw
 * it. Whatever else keeps that thread from answering (it could not start, it died), the file is
 * checked here instead: the check is never skipped.
 */
export async function intactProblems(path: string, db: ReadDb, max: number): Promise<string[]> {
  if (bytesOf(path) < OFF_THREAD_FROM_BYTES) return quickCheckRows(db, max)
  const reply = await checkInWorker(path, max)
  if (reply !== null && 'rows' in reply) return reply.rows
  if (reply !== null) {
    const error = Object.assign(new Error(reply.error.message), { code: reply.error.code })
    if (storageFault(error)?.code === 'db_damaged') throw error
  }
  return quickCheckRows(db, max)
}
