import { describe, expect, it } from 'vitest'
import { openStore } from '../../src/main/store/connection'
import {
  beginBulkLoad,
  deferIndexes,
  finishBulkLoad,
  ftsIsStale,
  startInStep
} from '../../src/main/store/fts'
import { writeSetPage } from '../../src/main/sync/pull/set-page-write'
import { makeSet, testStoreEachTest } from '../catalogue/set-fixtures'
import type { TestStore } from '../catalogue/set-fixtures'
import { checkFtsIndex, ftsMatches } from './fts-probe'

/**
 * Issue #25: a first load fills the search index with its pages, in the transactions that write
 * them (store/fts.ts, "in step"), so sets are found by their words as they arrive and the end of
 * the load has nothing left to fill; a page that changes a set already indexed ends the step and
 * the end of the load fills the index from empty, as it always did.
 */
const testStore = testStoreEachTest()

/** One page of the catalogue as a first load writes it, the index kept in step. */
const writePage = (
  t: TestStore,
  sets: ReturnType<typeof page>,
  inStep: Parameters<typeof writeSetPage>[2]
) => writeSetPage(t.store.write, { profileId: t.pid, sets, fetchedAt: 'x', state: [] }, inStep)

const page = (from: number, n: number, word: string) =>
  Array.from({ length: n }, (_, k) =>
    makeSet({ setID: from + k, name: `${word} Tower ${String(from + k)}` })
  )

/** A first load begun on a fresh store, kept in step, its first page (sets 1-300, "alpha") written. */
async function firstLoadWithAlphaPage(name: string) {
  const t = await testStore(name)
  beginBulkLoad(t.store.write)
  const inStep = startInStep(t.store.write)
  await writePage(t, page(1, 300, 'alpha'), inStep)
  return { t, store: t.store, inStep }
}

describe('a first load keeps its search index in step', () => {
  it('finds each page by its words once it is stored, before the load ends', async () => {
    const { t, store, inStep } = await firstLoadWithAlphaPage('in-step')
    expect(ftsMatches(store.read, '"alpha"')).toBe(300)
    await writePage(t, page(301, 300, 'beta'), inStep)
    expect(ftsMatches(store.read, '"beta"')).toBe(300)
    expect(ftsIsStale(store.read)).toBe(true)
    await finishBulkLoad(store.write, { inStep })
    expect(ftsIsStale(store.read)).toBe(false)
    checkFtsIndex(store.read)
    expect(ftsMatches(store.read, '"tower"')).toBe(600)
  })

  it('a set sent again changed ends the step, and the end of the load makes the index right', async () => {
    const { t, store, inStep } = await firstLoadWithAlphaPage('out-of-step')
    // The catalogue moved under the pages: sets 201-300 come again on the next page, renamed.
    await writePage(t, page(201, 300, 'gamma'), inStep)
    expect(inStep.on).toBe(false)
    await finishBulkLoad(store.write, { inStep })
    checkFtsIndex(store.read)
    expect(ftsMatches(store.read, '"alpha"')).toBe(200)
    expect(ftsMatches(store.read, '"gamma"')).toBe(300)
  })

  it('a load over a catalogue already there is not in step', async () => {
    const t = await testStore('not-first')
    const { store, pid } = t
    const state = [] as const
    await writeSetPage(
      store.write,
      { profileId: pid, sets: page(1, 10, 'alpha'), fetchedAt: 'x', state },
      startInStep(store.write)
    )
    beginBulkLoad(store.write)
    expect(startInStep(store.write).on).toBe(false)
  })

  it('a crash while the indexes are deferred: the next open builds them and the search index', async () => {
    const t = await testStore('deferred-crash')
    const { store, pid } = t
    const names = () =>
      store.read
        .prepare(`SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'sets'`)
        .pluck()
        .all() as string[]
    const before = names().sort()
    beginBulkLoad(store.write)
    const inStep = startInStep(store.write)
    deferIndexes(store.write, inStep)
    await writeSetPage(
      store.write,
      { profileId: pid, sets: page(1, 300, 'alpha'), fetchedAt: 'x', state: [] },
      inStep
    )
    expect(names().length).toBeLessThan(before.length)
    // As after kill -9: the file as it is, opened again (repairFts on open).
    const reopened = await openStore(store.path)
    try {
      expect(ftsIsStale(reopened.read)).toBe(false)
      expect(
        (
          reopened.read
            .prepare(`SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'sets'`)
            .pluck()
            .all() as string[]
        ).sort()
      ).toEqual(before)
      checkFtsIndex(reopened.read)
      expect(ftsMatches(reopened.read, '"alpha"')).toBe(300)
    } finally {
      reopened.close()
    }
  })
})
