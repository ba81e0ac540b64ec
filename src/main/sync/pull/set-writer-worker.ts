import Database from 'better-sqlite3'
import { parentPort, workerData } from 'node:worker_threads'
import type { MessagePort } from 'node:worker_threads'
import { AppError } from '../../../shared/errors'
import { beginBulkLoad, deferIndexes, finishBulkLoad, startInStep } from '../../store/fts'
import type { InStepIndex } from '../../store/fts'
import { storageFault } from '../../store/faults'
import type { WriteDb } from '../../store/handles'
import { sweepMinifigPull, writeMinifigPage } from '../../catalogue/index'
import { figuresOf } from './figure-page'
import { recordsInHand } from '../../service/away-list'
import { serveDecoding } from '../../service/decode-serve'
import { withRecords, writeSetPage } from './set-page-write'
import { yieldToMainThread } from '../../store/thread-priority'
import type { ToWriter } from './set-writer'

// The main thread answers the user; this thread's work can wait for it (store/thread-priority.ts).
yieldToMainThread()

/**
 * Worker side of the set writer (set-writer.ts): a connection of its own to the live database,
 * on which the catalogue's pages (sets, figures), the end of a first load and the sweep of a
 * figure pull are written in slices. Between two
 * slices it waits for the main thread's `go`, so it never takes the lock twice while a write of
 * the main thread waits for it, and a `stop` there ends the job before its next slice.
 */
const { path } = workerData as { path: string }

/** The writer connection's page cache, in KiB (below). */
const WRITER_CACHE_KB = 2048

const db = new Database(path, { fileMustExist: true }) as WriteDb
// The settings every connection of the app's database uses (store/connection.ts).
db.pragma('journal_mode = WAL')
db.pragma('synchronous = FULL')
db.pragma('foreign_keys = ON')
db.pragma('busy_timeout = 5000')
/**
 * better-sqlite3 builds SQLite with a 16 MB page cache per connection (SQLITE's own default is
 * 2 MB). A load writes every page of the catalogue once, so this connection's cache filled to
 * the full 16 MB of the host's RSS, and the end of a first load sorted its index builds in as
 * much again (issue #25). A slice's transaction changes a few hundred pages, which 2 MB holds;
 * the pages read again are in the OS's cache.
 */
db.pragma(`cache_size = -${String(WRITER_CACHE_KB)}`)

/**
 * A slice here holds no thread anyone waits on, only the write lock: longer than on the main
 * thread, so fewer commits write the same index pages again, yet short enough that a write of
 * the main thread waits at most about this long.
 */
const SLICE_MS = 15

/** This load's search index, while it is filled with the pages (store/fts.ts). */
let inStep: InStepIndex | null = null

let waiting: { id: number; go: () => void; stop: () => void } | null = null

/** The port the decode pool's jobs come on (set-writer.ts lends this thread to the pool). */
let decoder: MessagePort | null = null

/**
 * `moves`: whether the job's slices change what a search of the catalogue finds (set-writer.ts
 * moves the main connection's catalogue generation for them).
 */
function paceFor(id: number, moves: boolean): () => Promise<void> {
  return () => {
    parentPort?.postMessage({ id, kind: 'slice', moves })
    return new Promise<void>((resolve, reject) => {
      waiting = {
        id,
        go: resolve,
        stop: () => {
          reject(new AppError('cancelled', 'Sync was cancelled.'))
        }
      }
    })
  }
}

type Job = Extract<ToWriter, { kind: 'begin' | 'page' | 'finish' | 'figures' | 'sweep' }>

async function job(message: Job): Promise<unknown> {
  // A page's slices are seen by the main connection's caches at once when the page is done
  // (set-writer.ts). The end of a load kept in step writes no set and indexes none that search
  // did not find already: its slices (index builds, statistics) change no result (store/fts.ts).
  // Only an end that fills the search index from empty changes results slice by slice.
  const moves = message.kind === 'finish' && !(inStep?.on ?? false)
  const options = { pace: paceFor(message.id, moves), targetMs: SLICE_MS }
  if (message.kind === 'begin') {
    beginBulkLoad(db)
    return null
  }
  if (message.kind === 'finish') {
    await finishBulkLoad(db, { ...options, inStep })
    return null
  }
  if (message.kind === 'figures') {
    const { profileId, mark, figures } = message.page
    await writeMinifigPage(db, profileId, mark, figuresOf(await recordsInHand(figures)), options)
    return null
  }
  if (message.kind === 'sweep') {
    await sweepMinifigPull(db, message.sweep.profileId, message.sweep.mark, options)
    return null
  }
  // Read here from their port, when they came on one: they never passed the main thread.
  const page = await withRecords(message.page)
  if (inStep === null) {
    inStep = startInStep(db)
    // Off the main thread a first load builds its other indexes after the last page (fts.ts).
    deferIndexes(db, inStep)
  }
  return writeSetPage(db, page, inStep, options)
}

parentPort?.on('message', (message: ToWriter) => {
  if (message.kind === 'go' || message.kind === 'stop') {
    const w = waiting
    if (w?.id !== message.id) return
    waiting = null
    if (message.kind === 'go') w.go()
    else w.stop()
    return
  }
  if (message.kind === 'decoder') {
    // The decode pool's jobs, between this thread's slices (set-writer.ts). The pages it decodes
    // are the ones this thread writes: their records stay here (away-list.ts).
    decoder = message.port
    serveDecoding(decoder, { readerHere: true })
    return
  }
  if (message.kind === 'close') {
    decoder?.close()
    db.close()
    parentPort?.close()
    return
  }
  job(message).then(
    (value) => parentPort?.postMessage({ id: message.id, kind: 'done', value }),
    (e: unknown) => {
      // Only an AppError's words are meant for the user; a storage fault keeps its code.
      const known = e instanceof AppError ? e : storageFault(e)
      const error =
        known ??
        new AppError(
          'internal',
          'The catalogue could not be stored because of an internal error.',
          {
            reason: e instanceof Error ? e.message.slice(0, 200) : String(e).slice(0, 200)
          }
        )
      parentPort?.postMessage({ id: message.id, kind: 'error', error: error.toJSON() })
    }
  )
})
