import { serialize } from 'node:v8'
import { Worker } from 'node:worker_threads'
import { AppError } from '../../shared/errors'
import type { AppErrorData } from '../../shared/errors'
import type { Store } from '../store/connection'
import { whileWritingElsewhere } from '../store/hand-off'
import { noteWrittenElsewhere } from './bulk-repo'
import { runEditJob } from './edit-jobs'
import type { EditJob, EditJobResult } from './edit-jobs'
import type { Edit } from './edits-types'
import { workerScript } from '../../shared/worker-script'

/**
 * Where the edit path's large writes run: a bulk edit, its undo and redo, an import's apply. Each
 * is one transaction (one journal entry, all or nothing), and 5,000 sets of it held the main
 * thread 0.3-0.7 s on a quiet machine and seconds under load. A job of more than
 * INLINE_MAX_EDITS runs instead in a worker of its own, on its own connection, with the same
 * code (edit-jobs.ts); the main thread keeps answering, and reads see the whole job at its commit.
 *
 * Meanwhile the file is handed off (store/hand-off.ts): a write of the main connection fails at
 * once as `db_busy` instead of freezing the app up to its busy timeout, and a request so refused
 * is asked again once the job has ended (ipc/dispatch.ts): the user's click is saved after it.
 * The sync's own writes fail as retryable and go again next round. The writer's own jobs wait
 * their turn (a second Ctrl+Z waits for the first), small ones too, so they never meet it.
 */

/** Below this many edits a worker's start (tens of ms) costs more than the write itself. */
const INLINE_MAX_EDITS = 300

type Reply =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: AppErrorData }

/** The writer's jobs of each store, one after another. */
const queues = new WeakMap<Store, Promise<unknown>>()

function spawn(path: string, job: EditJob): Worker {
  const script = workerScript(import.meta.url, 'edit-writer-worker', process.env)
  return new Worker(script.url, {
    ...script.options,
    workerData: { path, job }
  })
}

function inWorker(path: string, job: EditJob): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let settled = false
    const worker = spawn(path, job)
    const finish = (run: () => unknown): void => {
      if (settled) return
      settled = true
      try {
        resolve(run())
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)))
      }
    }
    worker.once('message', (reply: Reply) => {
      finish(() => {
        if (reply.ok) return reply.value
        throw AppError.from(reply.error)
      })
    })
    const lost = (why: string): void => {
      // A worker that dies in its transaction leaves nothing: SQLite rolls it back.
      finish(() => {
        throw new AppError('internal', 'The edit could not be written: its writer stopped.', {
          reason: why.slice(0, 200)
        })
      })
    }
    worker.once('error', (e) => {
      lost(e.message)
    })
    worker.once('exit', (code) => {
      lost(`exit ${String(code)}`)
    })
  })
}

/** Whether a job of this many edits goes to a worker here (an in-memory store has no file). */
function offThread(store: Store, edits: number): boolean {
  return edits > INLINE_MAX_EDITS && store.path !== ':memory:' && store.path !== ''
}

/**
 * Runs one job of the edit path: in a worker when it has more than INLINE_MAX_EDITS edits
 * (`edits`, as the caller counts them), inline otherwise; after the jobs before it either way.
 * A read-only job (bulkPlan) skips the queue and the hand-off: it takes no lock.
 */
export function writeEdits<J extends EditJob>(
  store: Store,
  job: J,
  edits: number
): Promise<EditJobResult<J>> {
  const away = offThread(store, edits)
  if (job.kind === 'bulkPlan') {
    return away
      ? (inWorker(store.path, job) as Promise<EditJobResult<J>>)
      : Promise.resolve().then(() => runEditJob(store.write, job))
  }
  const run = async (): Promise<EditJobResult<J>> => {
    if (!away) return runEditJob(store.write, job)
    const value = await whileWritingElsewhere(store.write, () => inWorker(store.path, job), {
      othersWait: true
    })
    try {
      // Counts cached on the main connection move with its own writes: this one tells them.
      noteWrittenElsewhere(store.write, job.now)
    } catch {
      // Another hand-off (a restore) holds the file: its own note, when it ends, tells them.
    }
    return value as EditJobResult<J>
  }
  const before = queues.get(store) ?? Promise.resolve()
  const mine = before.then(run, run)
  queues.set(
    store,
    mine.catch(() => undefined)
  )
  return mine
}

/** Edits another feature planned (a fix, an audit's moves), with the journal's words for them. */
export interface EditPlan {
  readonly edits: readonly Edit[]
  readonly description: string
}

/** A plan written as one journal entry by the writer, as the screens' own edits are. */
export function writeEditPlan(
  store: Store,
  profileId: number,
  plan: EditPlan,
  now: string
): Promise<EditJobResult<Extract<EditJob, { kind: 'edits' }>>> {
  return writeEdits(
    store,
    {
      kind: 'edits',
      profileId,
      edits: serialize(plan.edits),
      description: plan.description,
      now
    },
    plan.edits.length
  )
}
