import { Worker } from 'node:worker_threads'
import { AppError } from '../../shared/errors'
import type { ImportProgressDto } from '../../shared/ipc/channels/exchange'
import type { Store } from '../store/connection'
import { IMPORT_LIMITS, overLimit } from './import-limits'
import { planPreview } from './import-plan'
import type { FromWorker, PlannedPreview, PreviewJob } from './import-plan'
import type { FilePart, PreviewWorkerData } from './import-worker'
import { workerScript } from '../../shared/worker-script'
import { totalBytes } from '../../shared/ipc/file-wire'
import type { FileBytes } from '../../shared/ipc/file-wire'

/** How the caller steers one preview. */
interface PreviewControl {
  /** Aborted: the worker is ended and the preview fails as `cancelled`. */
  readonly signal?: AbortSignal
  /** Defaults to IMPORT_LIMITS.budgetMs; past it the worker is ended (`timeout`). */
  readonly budgetMs?: number
  readonly onProgress?: (p: ImportProgressDto) => void
  /** Told once when no worker can run here and previews are read inline. */
  readonly onFallback?: (why: string) => void
}

/**
 * Files at least this long (characters of text, or bytes) are read in a worker. Below it a
 * worker's start costs more than the file: 64 KB is about 1,500 rows, read and planned inline in
 * tens of milliseconds.
 */
const WORKER_THRESHOLD = 64 * 1024

/**
 * The file goes to the worker in slices of this many characters or bytes, a turn of the loop
 * apart: handed over whole (as workerData) a 20 MB file held the main thread ~55 ms while it was
 * copied.
 */
const PART_SIZE = 1 << 20

/** The file's slices: each a copy of its own, so its memory moves to the worker uncopied. */
function* slices(file: string | FileBytes): Generator<FilePart> {
  if (typeof file === 'string') {
    for (let at = 0; at < file.length; at += PART_SIZE) {
      yield { type: 'part', text: file.slice(at, at + PART_SIZE) }
    }
    return
  }
  for (const part of file) {
    for (let at = 0; at < part.byteLength; at += PART_SIZE) {
      // A copy, made here: Buffer's slice() is a view, and moving its memory would take the
      // caller's whole buffer with it.
      const view = part.subarray(at, at + PART_SIZE)
      const bytes = new Uint8Array(view.byteLength)
      bytes.set(view)
      yield { type: 'part', bytes }
    }
  }
}

const sliceCount = (file: string | FileBytes): number =>
  typeof file === 'string'
    ? Math.max(1, Math.ceil(file.length / PART_SIZE))
    : file.reduce((n, part) => n + Math.ceil(part.byteLength / PART_SIZE), 0)

/** Sends the file in slices, yielding between them; stops once `done()` says so. */
async function sendFile(
  worker: Worker,
  file: string | FileBytes,
  done: () => boolean
): Promise<void> {
  for (const part of slices(file)) {
    if (done()) return
    worker.postMessage(part, 'bytes' in part ? [part.bytes.buffer as ArrayBuffer] : [])
    await new Promise((resolve) => setImmediate(resolve))
  }
}

/** Set once no worker could run here: previews are then read inline, as they were before. */
let unavailable: string | null = null

const cancelled = (): AppError =>
  new AppError('cancelled', 'The import preview was cancelled; nothing was changed.')

const timedOut = (ms: number): AppError =>
  new AppError(
    'timeout',
    `The import preview took longer than ${Math.round(ms / 1000)} s and was stopped; nothing was changed. Split the file into smaller ones.`
  )

const aborted = (control: PreviewControl): boolean => control.signal?.aborted === true

function inline(store: Store, job: PreviewJob, control: PreviewControl): PlannedPreview {
  if (aborted(control)) throw cancelled()
  const planned = planPreview(store.read, job, control.onProgress)
  // Small files only: the plan is made in one go, and a cancel that came meanwhile still wins.
  if (aborted(control)) throw cancelled()
  return planned
}

function spawn(data: PreviewWorkerData): Worker {
  const script = workerScript(import.meta.url, 'import-worker', process.env)
  return new Worker(script.url, {
    ...script.options,
    workerData: data,
    // The heap cap bounds memory for any file: one that needs more ends the worker, not the app.
    resourceLimits: {
      maxOldGenerationSizeMb: IMPORT_LIMITS.workerHeapMb,
      maxYoungGenerationSizeMb: IMPORT_LIMITS.workerYoungMb
    }
  })
}

/**
 * Reads and plans an import in a worker thread of its own: parsing a 20 MB file and planning it
 * against the collection takes seconds, during which the main loop keeps answering. Each preview
 * gets a fresh worker that ends with it and takes the file's memory along; a cancel or the time
 * budget ends it at once (terminate stops even a parser mid-loop), so nothing of it stays.
 *
 * A worker that cannot start, or dies before it says it runs (a missing worker file in a broken
 * install), is not the file's fault: the preview is then read inline and `onFallback` is told
 * once. Once the worker runs, any end without an answer is this preview's failure.
 */
export function planOffThread(
  store: Store,
  job: PreviewJob,
  control: PreviewControl = {}
): Promise<PlannedPreview> {
  const size = job.data !== undefined ? totalBytes(job.data) : (job.content ?? '').length
  if (unavailable !== null || size < WORKER_THRESHOLD) {
    return Promise.resolve().then(() => inline(store, job, control))
  }
  if (aborted(control)) return Promise.reject(cancelled())
  return new Promise<PlannedPreview>((resolve, reject) => {
    let settled = false
    let ready = false
    const budget = control.budgetMs ?? IMPORT_LIMITS.budgetMs
    const clock: { timer?: NodeJS.Timeout } = {}
    const finish = (run: () => PlannedPreview): void => {
      if (settled) return
      settled = true
      clearTimeout(clock.timer)
      control.signal?.removeEventListener('abort', onAbort)
      try {
        resolve(run())
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)))
      }
    }
    const fallBack = (why: string): PlannedPreview => {
      if (unavailable === null) control.onFallback?.(why)
      unavailable = why
      return inline(store, job, control)
    }
    // Set when we end the worker (cancel, budget): see stop below.
    let stopping: AppError | null = null
    let worker: Worker
    try {
      const { content, data, ...rest } = job
      const file = data ?? content ?? ''
      worker = spawn({ path: store.path, job: rest, file: { parts: sliceCount(file) } })
      void sendFile(worker, file, () => settled || stopping !== null)
    } catch (e) {
      finish(() => fallBack(e instanceof Error ? e.message : String(e)))
      return
    }
    // Ended from here: the answer waits for the thread's exit, so "cancelled" means it is gone.
    // Its exit is then ours, never a broken install's (no fallback) nor an unexplained end.
    const stop = (why: AppError): void => {
      if (settled || stopping !== null) return
      stopping = why
      void worker.terminate().finally(() => {
        finish(() => {
          throw why
        })
      })
    }
    function onAbort(): void {
      stop(cancelled())
    }
    control.signal?.addEventListener('abort', onAbort, { once: true })
    clock.timer = setTimeout(() => {
      stop(timedOut(budget))
    }, budget)
    control.onProgress?.({ stage: 'waiting', done: 0, total: 0 })
    worker.on('message', (m: FromWorker) => {
      // Once stopped, a late answer is dropped: a cancel always wins.
      if (stopping !== null) return
      if (m.type === 'ready') ready = true
      else if (m.type === 'progress') {
        if (!settled) control.onProgress?.(m.progress)
      } else if (m.type === 'done') finish(() => m.value)
      else {
        finish(() => {
          throw AppError.from(m.error)
        })
      }
    })
    worker.once('error', (e: Error & { code?: unknown }) => {
      if (stopping !== null) return
      if (!ready) finish(() => fallBack(e.message))
      else if (e.code === 'ERR_WORKER_OUT_OF_MEMORY')
        finish(() => {
          throw overLimit('memory')
        })
      else {
        finish(() => {
          throw new AppError('internal', 'The import preview stopped because of an internal error.')
        })
      }
    })
    worker.once('exit', (code) => {
      if (stopping !== null) return
      if (!ready) {
        finish(() => fallBack(`the import worker ended (exit ${String(code)}) without an answer`))
      } else {
        finish(() => {
          throw new AppError('internal', 'The import preview ended without an answer.')
        })
      }
    })
  })
}
