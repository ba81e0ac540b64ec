import { afterEach, describe, expect, it } from 'vitest'
import { createBulkEditHandlers } from '../../src/main/collection/bulk-edit-handlers'
import { createFacetPool } from '../../src/main/catalogue/facet-pool'
import type { FacetPool } from '../../src/main/catalogue/facet-pool'
import { searchSets } from '../../src/main/catalogue/search-repo'
import { searchQuery } from '../../src/shared/ipc/channels/catalog'
import type { SearchQuery } from '../../src/shared/ipc/channels/catalog'
import { editHarness } from '../collection/harness'
import type { EditHarness } from '../collection/harness'
import { setStateSql } from '../../src/main/collection/index'

/**
 * Issue #25: after a bulk edit the filter counts ("Wanted 2", "Flag 7 0") stayed as they were.
 * Whatever was counted before the edit, in the worker or inline, the first count asked after the
 * edit answered is of the data as the edit left it.
 */

let h: EditHarness
let pool: FacetPool
afterEach(async () => {
  await pool.close()
  h.close()
})

const range = (from: number, n: number): number[] => Array.from({ length: n }, (_, i) => from + i)
const parse = (q: SearchQuery) => searchQuery.parse({ ...q, facets: true })

async function start(): Promise<ReturnType<typeof createBulkEditHandlers>> {
  h = await editHarness({ sets: range(1, 300) })
  pool = createFacetPool(h.store, setStateSql)
  return createBulkEditHandlers(h.deps)
}

describe('filter counts after a bulk edit', () => {
  it('count the edit at once, in the worker and inline alike', async () => {
    const bulk = await start()
    const q = parse({})
    // Counted and kept before the edit: the page's inline counts and the worker's.
    expect((await pool.facets(h.profileId, q))?.wanted).toBe(0)
    expect(searchSets(h.store.read, setStateSql, h.profileId, q).facets?.wanted).toBe(0)

    await bulk['collection:bulkEdit']({
      setIDs: range(1, 120),
      action: { kind: 'wanted', value: true }
    })
    expect((await pool.facets(h.profileId, q))?.wanted).toBe(120)
    expect(searchSets(h.store.read, setStateSql, h.profileId, q).facets?.wanted).toBe(120)

    await bulk['collection:bulkEdit']({
      setIDs: range(50, 200),
      action: { kind: 'flag', flagNo: 7, value: true }
    })
    expect((await pool.facets(h.profileId, q))?.flags[6]).toBe(200)
    expect((await pool.facets(h.profileId, parse({ wanted: true })))?.flags[6]).toBe(71)
  })

  it('a count the worker was making while the edit ran is not kept as the new one', async () => {
    const bulk = await start()
    const q = parse({ text: 'set' })
    // Asked before the edit, answered after it: whatever it saw, it must not stand for later.
    const during = pool.facets(h.profileId, q)
    await bulk['collection:bulkEdit']({
      setIDs: range(1, 150),
      action: { kind: 'wanted', value: true }
    })
    await during
    expect((await pool.facets(h.profileId, q))?.wanted).toBe(150)
  })

  it('the undo of a bulk edit is counted at once too', async () => {
    const bulk = await start()
    const q = parse({})
    const r = await bulk['collection:bulkEdit']({
      setIDs: range(1, 100),
      action: { kind: 'flag', flagNo: 7, value: true }
    })
    expect((await pool.facets(h.profileId, q))?.flags[6]).toBe(100)
    await h.handlers['journal:undo']({ entryId: r.journalId ?? 0 })
    expect((await pool.facets(h.profileId, q))?.flags[6]).toBe(0)
    expect(searchSets(h.store.read, setStateSql, h.profileId, q).facets?.flags[6]).toBe(0)
  })
})
