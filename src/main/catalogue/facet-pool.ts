import { Worker } from 'node:worker_threads'
import type { SearchFacets } from '../../shared/model/catalog'
import { searchQuery } from '../../shared/ipc/channels/catalog'
import type { Store } from '../store/connection'
import type { FacetJob } from './facet-worker'
import { hasSets } from './catalogue-repo'
import { computeFacets } from './facets-repo'
import { changeCount, keepFacets, knownFacets } from './search-repo'
import { catalogueGeneration, tracksCatalogue } from '../store/match-sets'
import type { SearchInput } from './search-filters'
import type { SetStateSql } from './set-state-port'
import { stateText } from './facet-worker-data'
import { workerScript } from '../../shared/worker-script'

/**
 * Facet counts off the main thread. Over 200,000 sets one query's counts take 100-500 ms; on the
 * main loop they would hold up every IPC call behind them, the next keystroke's page included.
 */
export interface FacetPool {
  /** The counts for a query; null when a newer request replaced this one before it started. */
  facets(profileId: number, query: SearchInput): Promise<SearchFacets | null>
  /**
   * Reads a profile's columns into the worker and counts the whole catalogue ahead of the Browse
   * page's first request (cold at 200,000 sets: 250-350 ms of CPU, then a few ms). Skipped while
   * a request is pending; a later request replaces it.
   */
  warm(profileId: number): Promise<void>
  close(): Promise<void>
}

type Reply =
  | { readonly id: number; readonly ok: true; readonly value: SearchFacets }
  | { readonly id: number; readonly ok: false; readonly message: string }

interface Job extends Omit<FacetJob, 'catalogue'> {
  readonly changes: number
  resolve(value: SearchFacets | null): void
  reject(error: Error): void
}

interface FacetPoolOptions {
  /** Called once if no worker can run; counting then happens inline. */
  readonly onFallback?: (why: string) => void
}

/** `state`: the user's state as the collection's SQL; it reaches the worker as plain text. */
export function createFacetPool(
  store: Store,
  state: SetStateSql,
  options: FacetPoolOptions = {}
): FacetPool {
  let worker: Worker | null = null
  let unavailable = false
  let running: Job | null = null
  // Only the latest waiting request matters: an older one was for filters the user has left.
  let waiting: Job | null = null
  let nextId = 1

  const inline = (job: Job): void => {
    try {
      const value = computeFacets(store.read, state, job.profileId, job.query)
      keepFacets(store.read, job.profileId, job.query, job.changes, value)
      job.resolve(value)
    } catch (e) {
      job.reject(e instanceof Error ? e : new Error(String(e)))
    }
  }

  const fallBack = (why: string): void => {
    if (!unavailable) options.onFallback?.(why)
    unavailable = true
    worker = null
    const lost = [running, waiting].filter((j) => j !== null)
    running = null
    waiting = null
    for (const job of lost) inline(job)
  }

  const spawn = (): Worker => {
    const script = workerScript(import.meta.url, 'facet-worker', process.env)
    const w = new Worker(script.url, {
      ...script.options,
      workerData: { path: store.path, state: stateText(state) }
    })
    w.unref()
    w.on('message', (reply: Reply) => {
      const job = running
      if (job?.id !== reply.id) return
      running = null
      if (reply.ok) {
        keepFacets(store.read, job.profileId, job.query, job.changes, reply.value)
        job.resolve(reply.value)
      } else job.reject(new Error(reply.message))
      next()
    })
    w.on('error', (e) => {
      fallBack(e.message)
    })
    w.on('exit', (code) => {
      if (worker === w) fallBack(`exit ${code}`)
    })
    return w
  }

  const next = (): void => {
    if (running !== null || waiting === null) {
      if (running === null) worker?.unref()
      return
    }
    const job = waiting
    waiting = null
    if (unavailable) {
      inline(job)
      return
    }
    try {
      worker ??= spawn()
    } catch (e) {
      fallBack(e instanceof Error ? e.message : String(e))
      inline(job)
      return
    }
    running = job
    worker.ref()
    // Sent with the job, read at the moment it is sent: the main thread's writes are committed
    // by then (they are synchronous), so the worker's columns are never older than this number.
    const catalogue = tracksCatalogue(store.read) ? catalogueGeneration(store.read) : null
    const message: FacetJob = {
      id: job.id,
      profileId: job.profileId,
      query: job.query,
      catalogue,
      ahead: job.ahead
    }
    worker.postMessage(message)
  }

  const ask = (
    profileId: number,
    query: SearchInput,
    ahead: boolean
  ): Promise<SearchFacets | null> => {
    const known = knownFacets(store.read, profileId, query)
    if (known !== undefined) return Promise.resolve(known)
    return new Promise<SearchFacets | null>((resolve, reject) => {
      waiting?.resolve(null)
      const changes = changeCount(store.read)
      waiting = { id: nextId++, profileId, query, ahead, changes, resolve, reject }
      next()
    })
  }

  return {
    facets: (profileId, query) => ask(profileId, query, false),
    async warm(profileId) {
      if (running !== null || waiting !== null) return
      // An empty catalogue has nothing to count ahead: no thread (its isolate, heap and
      // connection, ~25 MB of RSS) is started for it; the first browse that asks starts one.
      if (!hasSets(store.read, profileId)) return
      await ask(profileId, searchQuery.parse({ facets: true }), true)
    },
    async close() {
      const w = worker
      worker = null
      unavailable = true
      running?.resolve(null)
      waiting?.resolve(null)
      running = null
      waiting = null
      if (w !== null) await w.terminate()
    }
  }
}
