import Database from 'better-sqlite3'
import { parentPort, workerData } from 'node:worker_threads'
import { AppError } from '../../shared/errors'
import { storageFault } from '../store/faults'
import type { WriteDb } from '../store/handles'
import { yieldToMainThread } from '../store/thread-priority'
import { runEditJob } from './edit-jobs'
import type { EditJob } from './edit-jobs'

// The main thread answers the user; this thread's work can wait for it (store/thread-priority.ts).
yieldToMainThread()

/**
 * Worker side of the edit writer (edit-writer.ts): one job on a connection of its own to the
 * live database, then the answer and the end. The main thread keeps answering meanwhile; its
 * connection sees the job's writes when this transaction commits, all at once.
 */
const { path, job } = workerData as { path: string; job: EditJob }

function answer(): unknown {
  const db = new Database(path, { fileMustExist: true })
  try {
    // The settings every connection of the app's database uses (store/connection.ts).
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = FULL')
    db.pragma('foreign_keys = ON')
    db.pragma('busy_timeout = 5000')
    return runEditJob(db as WriteDb, job)
  } finally {
    db.close()
  }
}

try {
  parentPort?.postMessage({ ok: true, value: answer() })
} catch (e) {
  // Only an AppError's words are meant for the user; a storage fault keeps its code (disk full).
  const known = e instanceof AppError ? e : storageFault(e)
  const error =
    known ??
    new AppError('internal', 'The edit could not be written because of an internal error.', {
      reason: e instanceof Error ? e.message.slice(0, 200) : String(e).slice(0, 200)
    })
  parentPort?.postMessage({ ok: false, error: error.toJSON() })
}
