import { readdirSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { searchQuery } from '../../src/shared/ipc/channels/catalog'
import { createFacetPool } from '../../src/main/catalogue/facet-pool'
import type { FacetPool } from '../../src/main/catalogue/facet-pool'
import { transaction } from '../../src/main/store/handles'
import { upsertSets } from '../../src/main/catalogue/sets-repo'
import { setStateSql } from '../../src/main/collection/index'
import { BACKGROUND_STEP } from '../../src/main/store/thread-priority'
import { FIXTURE_AT, makeSet, openTestStore } from './set-fixtures'
import type { TestStore } from './set-fixtures'
import { niceOf } from '../thread-nice'

// Issue #25: Browse asks for its facet counts again after every change a sync makes, and the
// facet worker counted at the main thread's priority. On two cores it took a core from a search
// the user had typed, as the writer and the decoder did before they stepped back. It steps back
// less far than they do: the counts a user waits for go before the sync's own work.

/** This process's threads and their nice values; a thread gone meanwhile is left out. */
function threads(): Map<string, number> {
  const found = new Map<string, number>()
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      found.set(tid, niceOf(`self/task/${tid}`))
    } catch {
      // Ended between the listing and the read.
    }
  }
  return found
}

let t: TestStore
let pool: FacetPool | null = null

beforeAll(async () => {
  t = await openTestStore('facet-priority')
  const sets = Array.from({ length: 50 }, (_, i) =>
    makeSet({ setID: i + 1, number: String(1000 + i), name: `Castle ${String(i)}` })
  )
  transaction(t.store.write, () => upsertSets(t.store.write, t.pid, sets, FIXTURE_AT))
})

afterAll(async () => {
  await pool?.close()
  t.close()
})

describe.runIf(process.platform === 'linux')('the facet worker', () => {
  it('counts behind the main thread, ahead of the sync, and the main thread keeps its own priority', async () => {
    const mainNice = niceOf('thread-self')
    const before = threads()
    pool = createFacetPool(t.store, setStateSql)
    const facets = await pool.facets(t.pid, searchQuery.parse({ facets: true }))
    expect(facets?.themes.length).toBeGreaterThan(0)
    const stepped = [...threads()].filter(([tid, nice]) => !before.has(tid) && nice > mainNice)
    expect(stepped.length).toBeGreaterThanOrEqual(1)
    for (const [, nice] of stepped) expect(nice - mainNice).toBeLessThan(BACKGROUND_STEP)
    expect(niceOf('thread-self')).toBe(mainNice)
  })
})
