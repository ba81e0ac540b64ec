import { afterEach, describe, expect, it, vi } from 'vitest'
import * as catalogue from '../../src/main/catalogue/index'
import { upsertSets } from '../../src/main/catalogue/sets-repo'
import type { Profiles } from '../../src/main/account/index'
import type { Store } from '../../src/main/store/connection'
import { createReachability } from '../../src/main/sync/reachability'
import { SyncProgress, syncStatus } from '../../src/main/sync/sync-status'
import { FIXTURE_AT, makeSet, testStoreEachTest } from '../catalogue/set-fixtures'

// The status is read on every publish (each step of a sync, every poll of the window). Counting
// the catalogue's sets is a scan of 200,000 index entries at 200,000 sets: it is counted once per
// change of the catalogue, not once per status.
vi.mock('../../src/main/catalogue/index', async (importOriginal) => {
  const real = await importOriginal<typeof catalogue>()
  return { ...real, countSets: vi.fn(real.countSets) }
})
const counted = vi.mocked(catalogue.countSets)

const testStore = testStoreEachTest()
afterEach(() => {
  counted.mockClear()
})

function sourcesOf(store: Store, pid: number, clock = { ms: Date.parse(FIXTURE_AT) }) {
  const profiles = { active: () => ({ id: pid }) } as unknown as Profiles
  return { store, profiles, reach: createReachability(), now: () => new Date(clock.ms) }
}

const sets = (ids: number[]) => ids.map((setID) => makeSet({ setID }))

describe('the sync status', () => {
  it('does not count the sets again while the catalogue has not changed', async () => {
    const t = await testStore('status-counts')
    const { store, pid } = t
    upsertSets(store.write, pid, sets([1, 2, 3]), FIXTURE_AT)
    const src = sourcesOf(store, pid)
    const progress = new SyncProgress()
    expect(syncStatus(src, progress, false).catalogueSets).toBe(3)
    const once = counted.mock.calls.length
    expect(once).toBeGreaterThan(0)
    for (let i = 0; i < 5; i++) {
      progress.step('sets', i, 5)
      expect(syncStatus(src, progress, true).catalogueSets).toBe(3)
    }
    expect(counted.mock.calls.length).toBe(once)

    // A change of the catalogue is counted again, at once (no sync running).
    upsertSets(store.write, pid, sets([4, 5]), FIXTURE_AT)
    expect(syncStatus(src, progress, false).catalogueSets).toBe(5)
    expect(counted.mock.calls.length).toBeGreaterThan(once)
  })

  it('while a sync writes page after page, counts at most once a second; exact once it ends', async () => {
    const t = await testStore('status-counts-running')
    const { store, pid } = t
    const clock = { ms: Date.parse(FIXTURE_AT) }
    const src = sourcesOf(store, pid, clock)
    const progress = new SyncProgress()
    upsertSets(store.write, pid, sets([1]), FIXTURE_AT)
    expect(syncStatus(src, progress, true).catalogueSets).toBe(1)
    const first = counted.mock.calls.length
    // Pages land faster than a second apart, each one a change of the catalogue.
    for (let page = 0; page < 5; page++) {
      upsertSets(store.write, pid, sets([10 + page]), FIXTURE_AT)
      clock.ms += 100
      syncStatus(src, progress, true)
    }
    expect(counted.mock.calls.length).toBe(first)
    clock.ms += 1000
    expect(syncStatus(src, progress, true).catalogueSets).toBe(6)
    expect(counted.mock.calls.length).toBe(first + 1)
    // The sync ended: the count is the catalogue's, whenever it was last read.
    upsertSets(store.write, pid, sets([99]), FIXTURE_AT)
    expect(syncStatus(src, progress, false).catalogueSets).toBe(7)
  })
})
