import Database from 'better-sqlite3'
import { parentPort, workerData } from 'node:worker_threads'
import { computeFacets, isWholeCatalogue, readFacetColumns, readFacetState } from './facets-repo'
import type { FacetMemo } from './facets-repo'
import type { FacetColumns, FacetState } from './facet-columns'
import type { ReadDb } from '../store/handles'
import type { SearchInput } from './search-filters'
import { stateFromText } from './facet-worker-data'
import type { SetStateText } from './set-state-port'
import { COUNTS_STEP, yieldToMainThread } from '../store/thread-priority'

/**
 * Worker side of the facet pool: counts facet values on its own read-only connection, so the main
 * event loop (IPC, the next keystroke's page) never waits for them. WAL lets it read while the
 * main connection writes; each count sees the last committed state.
 */
export interface FacetJob {
  readonly id: number
  readonly profileId: number
  readonly query: SearchInput
  /**
   * The main connection's catalogue generation (noteCatalogueChange: every write to `sets` moves
   * it), null when it keeps none: then any commit (data_version) reads the columns again.
   */
  readonly catalogue: number | null
  /** Sent by warm(): the columns are read before the counts, whatever the query. */
  readonly ahead: boolean
}

// Browse asks for counts again after each change a sync makes: the page the user typed for comes
// first, the counts beside it before the sync's own work.
yieldToMainThread(COUNTS_STEP)

const data = workerData as { path: string; state: SetStateText }
const { path } = data
// The collection's SQL for the user's state, sent as text by the pool (facet-pool.ts).
const st = stateFromText(data.state)
const db = new Database(path, { readonly: true, fileMustExist: true })
db.pragma('busy_timeout = 5000')

// Counts kept between jobs while nothing changed: data_version moves when another connection
// (the app's) commits anything, a catalogue page or a user's edit.
const kept: FacetMemo = new Map()
let version: unknown = null
// The value-facet columns of the last profile asked for, and the catalogue they were read from.
let columns: FacetColumns | null = null
let columnsOf: { catalogue: number | null; version: unknown } | null = null

let state: { columns: FacetColumns; version: unknown; state: FacetState } | null = null

function columnsFresh(job: FacetJob, now: unknown): boolean {
  return (
    columns?.profileId === job.profileId &&
    columnsOf?.catalogue === job.catalogue &&
    (job.catalogue !== null || columnsOf.version === now)
  )
}

/** The columns and marks a filtered query is counted from, read again if they are stale. */
function memoryFor(job: FacetJob, now: unknown): { columns: FacetColumns; state: FacetState } {
  if (columns === null || !columnsFresh(job, now)) {
    columns = readFacetColumns(db as ReadDb, job.profileId)
    columnsOf = { catalogue: job.catalogue, version: now }
  }
  // The user's marks change with every edit: read again (a few thousand rows) after any write.
  if (state?.columns !== columns || state.version !== now) {
    state = {
      columns,
      version: now,
      state: readFacetState(db as ReadDb, st, job.profileId, columns)
    }
  }
  return { columns, state: state.state }
}

/**
 * The whole catalogue's counts need no columns (facets-repo.ts, catalogueFacets): while the
 * columns are stale they are answered first, and the columns read this long after for the
 * filtered queries that follow, unless a request comes before. A sync moves the catalogue page
 * after page, and the Browse page's next request comes sooner than this: the columns, 250 ms at
 * 200,000 sets, are then not read for each page only to be dropped at the next. A user's first
 * filter comes later, and finds them read; a filtered request that comes first reads them at once.
 * warm() (the app's start) reads them first, as any filtered request does.
 */
const COLUMNS_AFTER_MS = 250
let ahead: ReturnType<typeof setTimeout> | null = null

parentPort?.on('message', (job: FacetJob) => {
  if (ahead !== null) clearTimeout(ahead)
  ahead = null
  try {
    const now = db.pragma('data_version', { simple: true })
    if (now !== version) {
      kept.clear()
      version = now
    }
    const whole =
      !job.ahead && !columnsFresh(job, now) && isWholeCatalogue(db as ReadDb, st, job.query)
    const value = whole
      ? computeFacets(db as ReadDb, st, job.profileId, job.query, kept)
      : computeFacets(db as ReadDb, st, job.profileId, job.query, kept, memoryFor(job, now))
    parentPort?.postMessage({ id: job.id, ok: true, value })
    if (whole) {
      ahead = setTimeout(() => {
        ahead = null
        try {
          memoryFor(job, db.pragma('data_version', { simple: true }))
        } catch {
          // Nothing is lost: the next filtered request reads them, and reports what fails.
        }
      }, COLUMNS_AFTER_MS)
    }
  } catch (e) {
    parentPort?.postMessage({
      id: job.id,
      ok: false,
      message: e instanceof Error ? e.message : String(e)
    })
  }
})
