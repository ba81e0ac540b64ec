import type Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { upsertSets } from '../../src/main/catalogue/sets-repo'
import { openStore } from '../../src/main/store/connection'
import { beginBulkLoad, finishBulkLoad, ftsIsStale } from '../../src/main/store/fts'
import type { WriteDb } from '../../src/main/store/handles'
import { transaction } from '../../src/main/store/handles'
import { FIXTURE_AT, makeSet, testStoreEachTest } from '../catalogue/set-fixtures'
import { crashCopiesDuring } from './crash-copies'
import { checkFtsIndex, ftsMatches } from './fts-probe'

/**
 * Issue #25 item 4: the end of a bulk set load (the search index filled, the scan and exit indexes
 * built) gives the event loop back between short transactions, and a crash at any turn of it
 * leaves a file the next open makes whole. Sized by STUDBOOK_PROPERTY_SIZE (sets).
 */
const SETS = Number(process.env['STUDBOOK_PROPERTY_SIZE'] ?? 4000)

const testStore = testStoreEachTest()

const word = (i: number) => `w${(i % 7).toString()}x`

function load(db: WriteDb, pid: number, n: number, salt = ''): void {
  for (let i = 0; i < n; i += 500) {
    const page = Array.from({ length: Math.min(500, n - i) }, (_, k) => {
      const id = i + k + 1
      return makeSet({
        setID: id,
        name: `${word(id)} Tower${salt} ${id}`,
        EAN: id % 2 === 0 ? String(5702010000000 + id) : null,
        USDateRemovedFromSAH: id % 3 === 0 ? '2026-06-30' : null
      })
    })
    transaction(db, () => upsertSets(db, pid, page, FIXTURE_AT))
  }
}

function indexes(db: Database.Database): string[] {
  return db
    .prepare(
      `SELECT name FROM sqlite_schema WHERE type = 'index' AND name IN
         ('sets_by_exit', 'sets_by_ean', 'sets_by_upc') ORDER BY name`
    )
    .pluck()
    .all() as string[]
}

describe('the end of a bulk set load', () => {
  it('gives the event loop back between short transactions, none open across a turn', async () => {
    const t = await testStore('bulk-end')
    const { store, pid } = t
    beginBulkLoad(store.write)
    load(store.write, pid, SETS)
    // The lookup indexes stay through the load: built at its end they would hold the thread.
    expect(indexes(store.read)).toEqual(['sets_by_ean', 'sets_by_exit', 'sets_by_upc'])
    const turns: boolean[] = []
    let done = false
    const tick = () => {
      if (done) return
      turns.push(store.write.inTransaction)
      setImmediate(tick)
    }
    setImmediate(tick)
    await finishBulkLoad(store.write)
    done = true
    expect(turns.length).toBeGreaterThan(3)
    expect(turns.every((x) => !x)).toBe(true)
    expect(ftsIsStale(store.read)).toBe(false)
    checkFtsIndex(store.read)
    expect(ftsMatches(store.read, '"tower"*')).toBe(SETS)
    expect(ftsMatches(store.read, `"${word(1)}"`)).toBe(Math.ceil(SETS / 7))
    expect(indexes(store.read)).toEqual(['sets_by_ean', 'sets_by_exit', 'sets_by_upc'])
    // After it, edits keep the index in step through the triggers again.
    transaction(store.write, () =>
      upsertSets(store.write, pid, [makeSet({ setID: 1, name: 'Harbour' })], FIXTURE_AT)
    )
    checkFtsIndex(store.read)
    expect(ftsMatches(store.read, 'harbour')).toBe(1)
  })

  it('a load over cached sets (a resumed one) leaves their new words only', async () => {
    const t = await testStore('bulk-again')
    const { store, pid } = t
    beginBulkLoad(store.write)
    load(store.write, pid, SETS)
    await finishBulkLoad(store.write)
    beginBulkLoad(store.write)
    load(store.write, pid, SETS, 'Keep')
    await finishBulkLoad(store.write)
    checkFtsIndex(store.read)
    expect(ftsMatches(store.read, '"towerkeep"')).toBe(SETS)
    expect(ftsMatches(store.read, '"tower"')).toBe(0)
  })

  it('cut by a crash at any turn, the next open finds every set by its words', async () => {
    const t = await testStore('bulk-crash')
    const { store, pid, dir } = t
    beginBulkLoad(store.write)
    load(store.write, pid, SETS)
    // At each of a few turns, the files as a kill -9 would leave them.
    const copies = await crashCopiesDuring(
      store.path,
      dir,
      (turn) => turn % 3 === 1,
      () => finishBulkLoad(store.write)
    )
    expect(copies.length).toBeGreaterThan(1)
    for (const copy of copies) {
      const reopened = await openStore(copy)
      try {
        expect(ftsIsStale(reopened.read)).toBe(false)
        checkFtsIndex(reopened.read)
        expect(ftsMatches(reopened.read, '"tower"*')).toBe(SETS)
        expect(indexes(reopened.read)).toEqual(['sets_by_ean', 'sets_by_exit', 'sets_by_upc'])
      } finally {
        reopened.close()
      }
    }
  })
})
