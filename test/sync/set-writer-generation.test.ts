import { describe, expect, it } from 'vitest'
import { beginBulkLoad, ftsIsStale } from '../../src/main/store/fts'
import { catalogueGeneration } from '../../src/main/store/match-sets'
import { searchSets } from '../../src/main/catalogue/search-repo'
import { searchQuery } from '../../src/shared/ipc/channels/catalog'
import { setWriter } from '../../src/main/sync/pull/set-writer'
import { FIXTURE_AT, makeSet, testStoreEachTest } from '../catalogue/set-fixtures'
import { setStateSql } from '../../src/main/collection/index'

/**
 * Issue #25: each move of the catalogue generation drops the main connection's search caches
 * (match sets, totals), so the next search reads them again. The end of a first load kept in step
 * builds the lookup indexes and statistics one slice at a time, which change no search result: it
 * moves the generation once, when it is done, not once a slice.
 */
const testStore = testStoreEachTest()

describe('the end of a first load written by the set writer', () => {
  it('moves the catalogue generation once, not with each index it builds', async () => {
    const x = await testStore('set-writer-generation')
    beginBulkLoad(x.store.write)
    const writer = setWriter(x.store)
    const { signal } = new AbortController()
    const sets = Array.from({ length: 300 }, (_, i) =>
      makeSet({ setID: i + 1, name: `Harbour ${String(i)}` })
    )
    try {
      await writer.writePage({ profileId: x.pid, sets, fetchedAt: FIXTURE_AT, state: [] }, signal)
      const before = catalogueGeneration(x.store.read)
      await writer.finishBulkLoad()
      expect(catalogueGeneration(x.store.read) - before).toBe(1)
    } finally {
      await writer.close()
    }
    expect(ftsIsStale(x.store.read)).toBe(false)
    const found = searchSets(
      x.store.read,
      setStateSql,
      x.pid,
      searchQuery.parse({ text: 'harbour' })
    )
    expect(found.total).toBe(300)
  })

  it('moves the catalogue generation once a page, not once a slice of it', async () => {
    const x = await testStore('set-writer-page-generation')
    beginBulkLoad(x.store.write)
    const writer = setWriter(x.store)
    const { signal } = new AbortController()
    const page = (from: number) =>
      Array.from({ length: 1500 }, (_, i) =>
        makeSet({ setID: from + i, name: `Lighthouse ${String(from + i)}` })
      )
    try {
      // The first slice writes 100 sets and the largest 500: a page of 1,500 is several slices.
      let before = catalogueGeneration(x.store.read)
      await writer.writePage(
        { profileId: x.pid, sets: page(1), fetchedAt: FIXTURE_AT, state: [] },
        signal
      )
      expect(catalogueGeneration(x.store.read) - before).toBe(1)
      const q = searchQuery.parse({ text: 'lighthouse', limit: 10 })
      expect(searchSets(x.store.read, setStateSql, x.pid, q).total).toBe(1500)
      before = catalogueGeneration(x.store.read)
      await writer.writePage(
        {
          profileId: x.pid,
          sets: page(1501),
          fetchedAt: FIXTURE_AT,
          state: []
        },
        signal
      )
      expect(catalogueGeneration(x.store.read) - before).toBe(1)
      // Once the page is done, a search's word matches and total have all of it.
      expect(searchSets(x.store.read, setStateSql, x.pid, q).total).toBe(3000)
      await writer.finishBulkLoad()
    } finally {
      await writer.close()
    }
  })
})
