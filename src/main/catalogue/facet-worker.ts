import Database from 'better-sqlite3'
import { parentPort, workerData } from 'node:worker_threads'
import { computeFacets, readFacetColumns, readFacetState } from './facets-repo'
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

function columnsFor(job: FacetJob, now: unknown): FacetColumns {
  const stale =
    columns?.profileId !== job.profileId ||
    columnsOf?.catalogue !== job.catalogue ||
    (job.catalogue === null && columnsOf.version !== now)
  if (columns === null || stale) {
    columns = readFacetColumns(db as ReadDb, job.profileId)
    columnsOf = { catalogue: job.catalogue, version: now }
  }
  return columns
}

parentPort?.on('message', (job: FacetJob) => {
  try {
    const now = db.pragma('data_version', { simple: true })
    if (now !== version) {
      kept.clear()
      version = now
    }
    const columns = columnsFor(job, now)
    // The user's marks change with every edit: read again (a few thousand rows) after any write.
    if (state?.columns !== columns || state.version !== now) {
      state = {
        columns,
        version: now,
        state: readFacetState(db as ReadDb, st, job.profileId, columns)
      }
    }
    const value = computeFacets(db as ReadDb, st, job.profileId, job.query, kept, {
      columns,
      state: state.state
    })
    parentPort?.postMessage({ id: job.id, ok: true, value })
  } catch (e) {
    parentPort?.postMessage({
      id: job.id,
      ok: false,
      message: e instanceof Error ? e.message : String(e)
    })
  }
})
