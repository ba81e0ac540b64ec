import type * as WorkerThreads from 'node:worker_threads'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { searchQuery } from '../../src/shared/ipc/channels/catalog'
import { createFacetPool } from '../../src/main/catalogue/facet-pool'
import type { FacetPool } from '../../src/main/catalogue/facet-pool'
import { transaction } from '../../src/main/store/handles'
import { upsertSets } from '../../src/main/catalogue/sets-repo'
import { FIXTURE_AT, makeSet, openTestStore } from './set-fixtures'
import type { TestStore } from './set-fixtures'
import { setStateSql } from '../../src/main/collection/index'

/**
 * The app warms the facet worker at start (compose.ts). For a profile with no catalogue yet (a
 * first start, or a user about to connect their own service) there is nothing to count, and the
 * thread would only hold its isolate, heap and connection through the first sync: about 25 MB of
 * the connect scenario's RSS (issue #25). It starts when a browse asks for facets.
 */
const started = vi.hoisted(() => [] as string[])
vi.mock('node:worker_threads', async (importOriginal) => {
  const real = await importOriginal<typeof WorkerThreads>()
  class Recorded extends real.Worker {
    constructor(url: string | URL, options?: WorkerThreads.WorkerOptions) {
      super(url, options)
      started.push(String(url))
    }
  }
  return { ...real, default: { ...real, Worker: Recorded }, Worker: Recorded }
})

let t: TestStore
let pool: FacetPool
beforeEach(async () => {
  started.length = 0
  t = await openTestStore('facet-warm-empty')
  pool = createFacetPool(t.store, setStateSql)
})
afterEach(async () => {
  await pool.close()
  t.close()
})

const facetWorkers = () => started.filter((u) => u.includes('facet-worker'))

describe('warming the facet worker', () => {
  it('starts no worker for a profile whose catalogue is empty', async () => {
    await pool.warm(t.pid)
    expect(facetWorkers()).toEqual([])
  })

  it('still starts one when facets are asked for, and warms a profile with sets', async () => {
    const facets = await pool.facets(t.pid, searchQuery.parse({ facets: true }))
    expect(facets).not.toBeNull()
    expect(facetWorkers()).toHaveLength(1)
    await pool.close()
    started.length = 0
    transaction(t.store.write, () =>
      upsertSets(t.store.write, t.pid, [makeSet({ setID: 1, number: '1000' })], FIXTURE_AT)
    )
    pool = createFacetPool(t.store, setStateSql)
    await pool.warm(t.pid)
    expect(facetWorkers()).toHaveLength(1)
  })
})
