import { Worker } from 'node:worker_threads'
import { AppError } from '../../shared/errors'
import type { AppErrorData } from '../../shared/errors'
import type { Store } from '../store/connection'
import { planPreview } from './import-plan'
import type { PlannedPreview, PreviewJob } from './import-plan'
import type { PreviewWorkerData } from './import-worker'

type Reply =
  | { readonly ok: true; readonly value: PlannedPreview }
  | { readonly ok: false; readonly error: AppErrorData }

/**
 * Files at least this long (characters of text or of base64) are read in a worker. Below it a
 * worker's start costs more than the file: 64 KB is about 1,500 rows, read and planned inline in
 * tens of milliseconds.
 */
const WORKER_THRESHOLD_CHARS = 64 * 1024

/** Set once no worker could run here: previews are then read inline, as they were before. */
let unavailable: string | null = null

function inline(store: Store, job: PreviewJob): PlannedPreview {
  return planPreview(store.read, job)
}

// From sources (tests, tsx) the worker is TypeScript run through tsx; a build ships import-worker.js.
function spawn(data: PreviewWorkerData): Worker {
  const fromSource = import.meta.url.endsWith('.ts')
  const url = new URL(fromSource ? './import-worker.ts' : './import-worker.js', import.meta.url)
  return new Worker(url, {
    workerData: data,
    ...(fromSource ? { execArgv: ['--import', 'tsx'] } : {})
  })
}

/**
 * Reads and plans an import in a worker thread of its own: parsing a 20 MB file and planning it
 * against the collection takes seconds, during which the main loop keeps answering. Previews are
 * rare, so each gets a fresh worker that ends with it and takes the file's memory along.
 *
 * A worker that cannot start or dies without an answer (a missing worker file in a broken
 * install) is not the file's fault: the preview is then read inline and `onFallback` is told once.
 */
export function planOffThread(
  store: Store,
  job: PreviewJob,
  onFallback?: (why: string) => void
): Promise<PlannedPreview> {
  const size = (job.content ?? job.data ?? '').length
  if (unavailable !== null || size < WORKER_THRESHOLD_CHARS) {
    return Promise.resolve().then(() => inline(store, job))
  }
  const fallBack = (why: string): PlannedPreview => {
    if (unavailable === null) onFallback?.(why)
    unavailable = why
    return inline(store, job)
  }
  return new Promise<PlannedPreview>((resolve, reject) => {
    let settled = false
    const settle = (run: () => PlannedPreview): void => {
      if (settled) return
      settled = true
      try {
        resolve(run())
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)))
      }
    }
    let worker: Worker
    try {
      worker = spawn({ path: store.path, job })
    } catch (e) {
      settle(() => fallBack(e instanceof Error ? e.message : String(e)))
      return
    }
    worker.once('message', (reply: Reply) => {
      settle(() => {
        if (reply.ok) return reply.value
        throw AppError.from(reply.error)
      })
    })
    worker.once('error', (e) => {
      settle(() => fallBack(e.message))
    })
    worker.once('exit', (code) => {
      settle(() => fallBack(`the import worker ended (exit ${String(code)}) without an answer`))
    })
  })
}
