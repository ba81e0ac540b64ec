import type Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { openStore } from '../../src/main/store/connection'
import {
  beginBulkLoad,
  deferIndexes,
  finishBulkLoad,
  ftsIsStale,
  startInStep
} from '../../src/main/store/fts'
import { writeSetPage } from '../../src/main/sync/pull/set-page-write'
import { makeSet, openTestStore } from '../catalogue/set-fixtures'
import type { TestStore } from '../catalogue/set-fixtures'

/**
 * Issue #25: a first load fills the search index with its pages, in the transactions that write
 * them (store/fts.ts, "in step"), so sets are found by their words as they arrive and the end of
 * the load has nothing left to fill; a page that changes a set already indexed ends the step and
 * the end of the load fills the index from empty, as it always did.
 */
let t: TestStore | null = null
afterEach(() => {
  t?.close()
  t = null
})

const page = (from: number, n: number, word: string) =>
  Array.from({ length: n }, (_, k) =>
    makeSet({ setID: from + k, name: `${word} Tower ${String(from + k)}` })
  )

function found(db: Database.Database, text: string): number {
  return db
    .prepare(`SELECT count(*) FROM sets_fts WHERE sets_fts MATCH ?`)
    .pluck()
    .get(text) as number
}

/** What SQLite says of the index: throws when it does not match `sets`. */
function checkIndex(db: Database.Database): void {
  db.exec(`INSERT INTO sets_fts (sets_fts, rank) VALUES ('integrity-check', 1)`)
}

describe('a first load keeps its search index in step', () => {
  it('finds each page by its words once it is stored, before the load ends', async () => {
    t = await openTestStore('in-step')
    const { store, pid } = t
    beginBulkLoad(store.write)
    const inStep = startInStep(store.write)
    const state = [] as const
    await writeSetPage(
      store.write,
      { profileId: pid, sets: page(1, 300, 'alpha'), fetchedAt: 'x', state },
      inStep
    )
    expect(found(store.read, '"alpha"')).toBe(300)
    await writeSetPage(
      store.write,
      { profileId: pid, sets: page(301, 300, 'beta'), fetchedAt: 'x', state },
      inStep
    )
    expect(found(store.read, '"beta"')).toBe(300)
    expect(ftsIsStale(store.read)).toBe(true)
    await finishBulkLoad(store.write, { inStep })
    expect(ftsIsStale(store.read)).toBe(false)
    checkIndex(store.read)
    expect(found(store.read, '"tower"')).toBe(600)
  })

  it('a set sent again changed ends the step, and the end of the load makes the index right', async () => {
    t = await openTestStore('out-of-step')
    const { store, pid } = t
    beginBulkLoad(store.write)
    const inStep = startInStep(store.write)
    const state = [] as const
    await writeSetPage(
      store.write,
      { profileId: pid, sets: page(1, 300, 'alpha'), fetchedAt: 'x', state },
      inStep
    )
    // The catalogue moved under the pages: sets 201-300 come again on the next page, renamed.
    await writeSetPage(
      store.write,
      { profileId: pid, sets: page(201, 300, 'gamma'), fetchedAt: 'x', state },
      inStep
    )
    expect(inStep.on).toBe(false)
    await finishBulkLoad(store.write, { inStep })
    checkIndex(store.read)
    expect(found(store.read, '"alpha"')).toBe(200)
    expect(found(store.read, '"gamma"')).toBe(300)
  })

  it('a load over a catalogue already there is not in step', async () => {
    t = await openTestStore('not-first')
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
    t = await openTestStore('deferred-crash')
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
      checkIndex(reopened.read)
      expect(found(reopened.read, '"alpha"')).toBe(300)
    } finally {
      reopened.close()
    }
  })
})
