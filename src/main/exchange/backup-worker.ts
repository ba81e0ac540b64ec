import { randomUUID } from 'node:crypto'
import { parentPort, workerData } from 'node:worker_threads'
import { AppError } from '../../shared/errors'
import { runJob } from './backup-jobs'
import type { BackupJob } from './backup-jobs'
import { yieldToMainThread } from '../store/thread-priority'

// The main thread answers the user; this thread's work can wait for it (store/thread-priority.ts).
yieldToMainThread()

/**
 * Worker side of backups and restores: one worker per job, ended by the main thread when the job
 * answers, runs out of time or is cancelled. A hostile backup can hold this thread as long as
 * the budget allows; the main thread keeps answering meanwhile.
 */
const job = workerData as BackupJob
const fail = (e: unknown): void => {
  // Only an AppError's words are meant for the user; anything else is a fault in the reader.
  const error =
    e instanceof AppError
      ? e.toJSON()
      : new AppError('internal', 'The backup could not be read because of an internal error.', {
          reason: e instanceof Error ? e.message.slice(0, 200) : String(e).slice(0, 200)
        }).toJSON()
  parentPort?.postMessage({ ok: false, error })
}
try {
  void Promise.resolve(runJob(job, randomUUID)).then((value) => {
    // A preview's scope (bytes) moves to the main thread rather than being copied there.
    const moved =
      typeof value === 'object' &&
      value !== null &&
      'scope' in value &&
      value.scope instanceof Uint8Array &&
      value.scope.buffer instanceof ArrayBuffer
        ? [value.scope.buffer]
        : []
    parentPort?.postMessage({ ok: true, value }, moved)
  }, fail)
} catch (e) {
  fail(e)
}
