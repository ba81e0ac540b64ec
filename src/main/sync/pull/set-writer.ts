import { MessageChannel, Worker } from 'node:worker_threads'
import type { MessagePort } from 'node:worker_threads'
import { AppError } from '../../../shared/errors'
import type { AppErrorData } from '../../../shared/errors'
import type { Store } from '../../store/connection'
import { beginBulkLoad, finishBulkLoad, startInStep } from '../../store/fts'
import type { InStepIndex } from '../../store/fts'
import { noteCatalogueChange } from '../../store/match-sets'
import { sweepMinifigPull, writeMinifigPage } from '../../catalogue/index'
import { figuresOf } from './figure-page'
import { withRecords, writeSetPage } from './set-page-write'
import type { FigurePage, FigureSweep, PageToWrite } from './set-page-write'
import { dropAwayList, isAwayList, recordsInHand } from '../../service/away-list'
import { lendDecoder, takeBackDecoder } from '../../service/decode-pool'
import { workerScript } from '../../../shared/worker-script'

/**
 * Where a catalogue load's writes run (issue #25). On the main thread, 20,000 sets took 2-4 s of
 * its time in 8 ms slices, most of it commits writing the same index pages again; searches then
 * waited behind slices and the load behind searches. With a database file, a worker of the load's
 * own writes instead, on its own connection (set-writer-worker.ts), in slices of ~15 ms: WAL lets
 * the main connection read meanwhile, and sees each slice as it commits.
 *
 * The hand-off of the write lock: the worker takes it for one slice, then waits for the main
 * thread's `go`, sent from a turn of the main event loop. A write of the main thread (a user's
 * edit, the allowance count of the next request) that meets a slice waits for it through the
 * busy timeout, at most one slice; and while that write waits, the main thread sends no `go`, so
 * it never waits for two. An in-memory store (tests) has no file to share: it writes inline, in
 * the main thread's slices, with the same code.
 */
export interface SetWriter {
  /**
   * Starts the worker now rather than at the first write: a whole pull writes for certain, and
   * its answers from the first (the themes) are then decoded on the writer's thread, not on a
   * decoder started for them and ended again when the writer lends itself.
   */
  open(): void
  /**
   * The sync writes no more catalogue: the main connection's commits checkpoint again, while the
   * thread lives on to decode the sync's last answers.
   */
  writesDone(): void
  /**
   * Starts a first load (store/fts.ts `beginBulkLoad`) from the writer's connection: dropping the
   * search index's triggers changes the schema, 20-60 ms that held the main thread.
   */
  beginBulkLoad(signal: AbortSignal): Promise<void>
  /**
   * Stores a page (set-page-write.ts); the set IDs inserted or changed. Records that travel on a
   * port (service/away-list.ts) are read by the writer's own thread: the port is handed over.
   */
  writePage(page: PageToWrite, signal: AbortSignal): Promise<number[]>
  /** Ends a first load: the search index filled and its triggers restored (store/fts.ts). */
  finishBulkLoad(): Promise<void>
  /** Stores a page of the figure catalogue under its pull's number (catalogue/minifigs-repo.ts). */
  writeFigures(page: FigurePage, signal: AbortSignal): Promise<void>
  /** Removes the figures no page of the pull wrote: the ones the service dropped. */
  sweepFigures(sweep: FigureSweep, signal: AbortSignal): Promise<void>
  /** Ends the worker, if any. */
  close(): Promise<void>
}

/** What the main thread sends the worker. */
export type ToWriter =
  | { readonly id: number; readonly kind: 'begin' }
  | { readonly id: number; readonly kind: 'page'; readonly page: PageToWrite }
  | { readonly id: number; readonly kind: 'finish' }
  | { readonly id: number; readonly kind: 'figures'; readonly page: FigurePage }
  | { readonly id: number; readonly kind: 'sweep'; readonly sweep: FigureSweep }
  | { readonly id: number; readonly kind: 'go' }
  | { readonly id: number; readonly kind: 'stop' }
  | { readonly id: number; readonly kind: 'close' }
  /** The decode pool's jobs come on this port while the worker lives (service/decode-pool.ts). */
  | { readonly id: number; readonly kind: 'decoder'; readonly port: MessagePort }

type FromWriter =
  | { readonly id: number; readonly kind: 'slice'; readonly moves: boolean }
  | { readonly id: number; readonly kind: 'done'; readonly value: unknown }
  | { readonly id: number; readonly kind: 'error'; readonly error: AppErrorData }

function spawn(path: string): Worker {
  const script = workerScript(import.meta.url, 'set-writer-worker', process.env)
  return new Worker(script.url, {
    ...script.options,
    workerData: { path },
    // Its heap holds a page at a time (14 MB after a full collection at 20,000 sets): a small
    // young generation and an old one bounded keep the host's RSS down. Unbounded, V8 let the
    // old one fill with garbage to 45-55 MB over a 20,000-set load before collecting it. It also
    // decodes the service's answers while it lives (below): the decode worker's ceiling, which
    // takes the largest body the client reads.
    resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 96 }
  })
}

function inline(store: Store): SetWriter {
  let inStep: InStepIndex | null = null
  // A cancelled sync stops a figure write at its next slice, as the worker's `stop` does.
  const between = (signal: AbortSignal) => (): void => {
    if (signal.aborted) throw new AppError('cancelled', 'Sync was cancelled.')
  }
  return {
    open: () => undefined,
    writesDone: () => undefined,
    beginBulkLoad: () => {
      beginBulkLoad(store.write)
      return Promise.resolve()
    },
    writePage: async (page) => {
      const ready = await withRecords(page)
      inStep ??= startInStep(store.write)
      return writeSetPage(store.write, ready, inStep)
    },
    finishBulkLoad: () => finishBulkLoad(store.write, { inStep }),
    writeFigures: async (p, signal) => {
      const figures = figuresOf(await recordsInHand(p.figures))
      await writeMinifigPage(store.write, p.profileId, p.mark, figures, {
        between: between(signal)
      })
    },
    sweepFigures: (w, signal) =>
      sweepMinifigPull(store.write, w.profileId, w.mark, { between: between(signal) }),
    close: () => Promise.resolve()
  }
}

function inWorker(store: Store): SetWriter {
  let worker: Worker | null = null
  let decoder: MessagePort | null = null
  let nextId = 1
  let current: {
    id: number
    /** A page stops at the next slice once its signal fires; the end of a load never does. */
    signal: AbortSignal | null
    /**
     * The job writes `sets`: its end (and each slice that says so) moves the catalogue's
     * generation, so the main connection's caches of searches, counts and facets learn of its
     * rows. Figures are not in `sets`; moving it for them would drop those caches (and restart
     * the search warmer) every slice.
     */
    sets: boolean
    settle: (outcome: { value: unknown } | { error: AppError }) => void
  } | null = null

  const giveBack = (): void => {
    if (decoder !== null) takeBackDecoder(decoder)
    decoder = null
  }
  const lost = (why: string): void => {
    worker = null
    giveBack()
    // Slices it committed before it stopped are in `sets`: the caches learn of them.
    if (current?.sets === true) noteCatalogueChange(store.write)
    // A worker that dies in a slice leaves nothing of it: SQLite rolls the slice back.
    current?.settle({
      error: new AppError('internal', 'The catalogue could not be stored: its writer stopped.', {
        reason: why.slice(0, 200)
      })
    })
  }
  // While the worker writes, a commit of the main connection (an allowance count) never copies
  // the WAL into the file, tens of ms with two syncs: the worker's commits do (SQLite's default,
  // after 1,000 pages), off this thread. Restored once the sync writes no more catalogue (the
  // push and the collection write here, and their WAL must not pile up for one long checkpoint),
  // or when the worker closes; a later job holds them again.
  let autocheckpoint: number | null = null
  const holdCheckpoints = (): void => {
    if (autocheckpoint !== null) return
    autocheckpoint = Number(store.write.pragma('wal_autocheckpoint', { simple: true }))
    store.write.pragma('wal_autocheckpoint = 0')
  }
  const releaseCheckpoints = (): void => {
    if (autocheckpoint !== null && store.write.open) {
      store.write.pragma(`wal_autocheckpoint = ${String(autocheckpoint)}`)
    }
    autocheckpoint = null
  }
  const started = (): Worker => {
    holdCheckpoints()
    if (worker) return worker
    const w = spawn(store.path)
    w.on('message', (m: FromWriter) => {
      if (worker !== w || current?.id !== m.id) return
      if (m.kind === 'slice') {
        // Caches of the main connection keyed to the catalogue (match sets, totals, the word
        // index) learn of a page's rows when the page is done, not with each of its ~15 ms
        // slices: each move drops them all, and the next search read them again (at 200,000
        // sets 7-20 ms a word's matches, 20-60 ms a total), on nearly every poll (issue #25).
        // Meanwhile a search lists the rows committed so far, with totals and word matches as of
        // the last page. Slices that change no result at all (an index built at the end of a
        // load kept in step) never move it.
        if (current.sets && m.moves) noteCatalogueChange(store.write)
        const stop = current.signal?.aborted === true
        w.postMessage(
          (stop ? { id: m.id, kind: 'stop' } : { id: m.id, kind: 'go' }) satisfies ToWriter
        )
        return
      }
      if (current.sets) noteCatalogueChange(store.write)
      current.settle(m.kind === 'done' ? { value: m.value } : { error: AppError.from(m.error) })
    })
    w.on('error', (e) => {
      if (worker === w) lost(e.message)
    })
    w.on('exit', (code) => {
      if (worker === w) lost(`exit ${String(code)}`)
    })
    worker = w
    // The answers of the load (its pages) are decoded on this thread too, while it lives: one
    // worker thread for the load instead of two (the decode pool's own is ended meanwhile). Its
    // slices leave turns between them, which decoding takes; a page's records, when the pull asks
    // for them away (sets.ts), then go from the decoder to the writer within this thread.
    const channel = new MessageChannel()
    w.postMessage({ id: 0, kind: 'decoder', port: channel.port1 } satisfies ToWriter, [
      channel.port1
    ])
    decoder = channel.port2
    lendDecoder(channel.port2)
    return w
  }
  type Job =
    | { kind: 'begin' }
    | { kind: 'page'; page: PageToWrite }
    | { kind: 'finish' }
    | { kind: 'figures'; page: FigurePage }
    | { kind: 'sweep'; sweep: FigureSweep }
  /** A job's records, which may travel on a port of their own (away-list.ts). */
  const recordsOf = (job: Job): unknown =>
    job.kind === 'page' ? job.page.sets : job.kind === 'figures' ? job.page.figures : null
  /**
   * The writer serves a whole sync (sync-run.ts) and holds one job at a time: a job sent while
   * another runs waits for it here.
   */
  let queue: Promise<unknown> = Promise.resolve()
  let closed = false
  const run = (job: Job, signal: AbortSignal | null): Promise<unknown> => {
    // A job after close (a pull still ending after its sync failed) starts no thread again.
    if (closed || signal?.aborted === true) {
      dropAwayList(recordsOf(job))
      return Promise.reject(new AppError('cancelled', 'Sync was cancelled.'))
    }
    const w = started()
    const id = nextId++
    return new Promise((resolve, reject) => {
      current = {
        id,
        signal,
        sets: job.kind === 'page' || job.kind === 'finish',
        settle: (outcome) => {
          current = null
          if ('error' in outcome) reject(outcome.error)
          else resolve(outcome.value)
        }
      }
      // A turn first: the request for the next page, sent just before this job, counts itself
      // against the allowance in microtasks (a main-thread write) and so goes before any slice.
      setImmediate(() => {
        // A page's port goes with it (transferred): its records arrive in the worker only.
        const records = recordsOf(job)
        w.postMessage({ id, ...job } satisfies ToWriter, isAwayList(records) ? [records.away] : [])
      })
    })
  }
  const send = (job: Job, signal: AbortSignal | null): Promise<unknown> => {
    const result = queue.then(() => run(job, signal))
    queue = result.catch(() => undefined)
    return result
  }
  return {
    open: () => {
      if (!closed) started()
    },
    beginBulkLoad: async (signal) => {
      await send({ kind: 'begin' }, signal)
    },
    writePage: async (page, signal) => (await send({ kind: 'page', page }, signal)) as number[],
    finishBulkLoad: async () => {
      await send({ kind: 'finish' }, null)
    },
    writeFigures: async (page, signal) => {
      await send({ kind: 'figures', page }, signal)
    },
    sweepFigures: async (sweep, signal) => {
      await send({ kind: 'sweep', sweep }, signal)
    },
    close: async () => {
      closed = true
      // The job in hand ends first (a cancelled one at its next slice): the thread's last slice
      // is then committed or rolled back by SQLite, never cut.
      await queue
      giveBack()
      const w = worker
      worker = null
      if (w) {
        const exited = new Promise((resolve) => w.once('exit', resolve))
        w.postMessage({ id: 0, kind: 'close' } satisfies ToWriter)
        await exited
      }
      releaseCheckpoints()
    },
    writesDone: releaseCheckpoints
  }
}

/**
 * The writer of one sync's catalogue loads (its set pages, its figure pages and their sweep): in a
 * worker when the store is a file, else inline. Each job carries the signal that cancels it.
 */
export function setWriter(store: Store): SetWriter {
  const file = store.path !== ':memory:' && store.path !== ''
  return file ? inWorker(store) : inline(store)
}
