import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import type { ResourceLimits } from 'node:worker_threads'
import { AppError } from '../../shared/errors'
import type { AppErrorData } from '../../shared/errors'
import type { BackupJob, JobResult } from './backup-jobs'
import { workerScript } from '../../shared/worker-script'

type Reply =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: AppErrorData }

/** Everything a restore reads or a backup strips is done within this, or it is stopped. */
const JOB_TIME_BUDGET_MS = 120_000

export interface JobOptions {
  /** Cancels the job: the worker is terminated and the job rejects with `cancelled`. */
  readonly signal?: AbortSignal
  readonly timeoutMs?: number
  /** The worker's heap: a file that makes it use more ends the job, not the app. */
  readonly resourceLimits?: ResourceLimits
}

/** The preview job's temporary folder is made here, so the job's end (any end) removes it. */
const TEMP_PREFIX = 'studbook-restore-'

function spawn(job: BackupJob, limits: ResourceLimits): Worker {
  const script = workerScript(import.meta.url, 'backup-worker', process.env)
  return new Worker(script.url, {
    ...script.options,
    workerData: job,
    // A restore's scope moves to the worker rather than being copied on this thread.
    transferList: job.kind === 'apply' ? [job.scope.buffer] : [],
    resourceLimits: limits
  })
}

const DEFAULT_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 1024 }

function runWorker(job: BackupJob, options: JobOptions): Promise<unknown> {
  return new Promise<unknown>((resolve, reject) => {
    if (options.signal?.aborted === true) {
      reject(new AppError('cancelled', 'The backup was not read: cancelled.'))
      return
    }
    let settled = false
    let worker: Worker | null = null
    const finish = (run: () => unknown): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      options.signal?.removeEventListener('abort', onAbort)
      // A worker stuck in SQLite ends when its statement returns; nothing waits for it here.
      void worker?.terminate()
      try {
        resolve(run())
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)))
      }
    }
    const onAbort = (): void => {
      finish(() => {
        throw new AppError('cancelled', 'The backup was not read: cancelled.')
      })
    }
    const timer = setTimeout(() => {
      finish(() => {
        throw new AppError(
          'timeout',
          'Reading this backup took too long, so it was stopped. It is not a backup Studbook wrote.'
        )
      })
    }, options.timeoutMs ?? JOB_TIME_BUDGET_MS)
    options.signal?.addEventListener('abort', onAbort, { once: true })
    try {
      worker = spawn(job, options.resourceLimits ?? DEFAULT_LIMITS)
    } catch (e) {
      finish(() => {
        throw new AppError('internal', 'The backup worker could not start.', undefined, {
          cause: e
        })
      })
      return
    }
    worker.once('message', (reply: Reply) => {
      finish(() => {
        if (reply.ok) return reply.value
        throw AppError.from(reply.error)
      })
    })
    worker.once('error', (e) => {
      finish(() => {
        throw new AppError(
          'internal',
          'The backup could not be read: its reader stopped (it may be too large).',
          { reason: e.message.slice(0, 200) },
          { cause: e }
        )
      })
    })
    worker.once('exit', (code) => {
      finish(() => {
        throw new AppError(
          'internal',
          `The backup could not be read: its reader ended (exit ${String(code)}) without an answer.`
        )
      })
    })
  })
}

/**
 * Runs one backup job in a worker of its own. Never inline: a restore's file is untrusted, and
 * a worker is what lets a time budget and a cancel stop it. A job that reads a backup gets a
 * temporary folder, removed when the job ends, whichever way it ends.
 */
export async function runBackupJob<J extends BackupJob>(
  job: J,
  options: JobOptions = {}
): Promise<JobResult<J>> {
  return (await runWorker(job, options)) as JobResult<J>
}

/** A preview job with its temporary folder: made here, removed here after any end. */
export async function runInTempDir<R>(make: (dir: string) => Promise<R>): Promise<R> {
  const dir = await mkdtemp(join(tmpdir(), TEMP_PREFIX))
  try {
    return await make(dir)
  } finally {
    // On POSIX the folder goes even while a stopped worker still holds the file open.
    await rm(dir, { recursive: true, force: true, maxRetries: 3 })
  }
}
