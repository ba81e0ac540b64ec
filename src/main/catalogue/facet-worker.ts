import Database from 'better-sqlite3'
import { parentPort, workerData } from 'node:worker_threads'
import { computeFacets } from './facets-repo'
import type { FacetMemo } from './facets-repo'
import type { ReadDb } from '../store/handles'
import type { SearchInput } from './search-filters'

/**
 * Worker side of the facet pool: counts facet values on its own read-only connection, so the main
 * event loop (IPC, the next keystroke's page) never waits for them. WAL lets it read while the
 * main connection writes; each count sees the last committed state.
 */
export interface FacetJob {
  readonly id: number
  readonly profileId: number
  readonly query: SearchInput
}

const { path } = workerData as { path: string }
const db = new Database(path, { readonly: true, fileMustExist: true })
db.pragma('busy_timeout = 5000')

// Counts kept between jobs while nothing changed: data_version moves when another connection
// (the app's) commits anything, a catalogue page or a user's edit.
const kept: FacetMemo = new Map()
let version: unknown = null

parentPort?.on('message', (job: FacetJob) => {
  try {
    const now = db.pragma('data_version', { simple: true })
    if (now !== version) {
      kept.clear()
      version = now
    }
    const value = computeFacets(db as ReadDb, job.profileId, job.query, kept)
    parentPort?.postMessage({ id: job.id, ok: true, value })
  } catch (e) {
    parentPort?.postMessage({
      id: job.id,
      ok: false,
      message: e instanceof Error ? e.message : String(e)
    })
  }
})
