import Database from 'better-sqlite3'
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { filters, whereOf } from '../../src/main/catalogue/search-filters'
import type { SearchInput } from '../../src/main/catalogue/search-filters'
import { openStore } from '../../src/main/store/connection'
import { setStateSql } from '../../src/main/collection/index'
import { queryPlan } from './query-plan'

/**
 * Migration 110 (issue #25 item 4): the shop-exit date moves out of the detail JSON into a column
 * the exit filter reads through a partial index; a detail that is not JSON costs its date only.
 */
let dir = ''
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'studbook-exit-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const FIXTURE = join(import.meta.dirname, '../fixtures/db/schema-v100.db')

describe('the shop-exit column', () => {
  it('is filled from each set’s detail, and the exit filter uses its index', async () => {
    const path = join(dir, 'studbook.db')
    copyFileSync(FIXTURE, path)
    const old = new Database(path)
    // A hostile file: no index stops a detail that is not JSON from being there.
    old.exec('DROP INDEX sets_by_exit')
    const detail = old.prepare('UPDATE sets SET detail = ? WHERE set_id = ?')
    detail.run(JSON.stringify({ shopDateRemoved: '2026-06-30' }), 1)
    detail.run(JSON.stringify({ shopDateRemoved: null }), 2)
    detail.run('{"shopDateRemoved": "2027-', 3)
    detail.run(JSON.stringify({ shopDateRemoved: 2026 }), 4)
    old.close()

    const store = await openStore(path)
    try {
      const db = store.read
      expect(db.prepare('SELECT set_id, shop_exit FROM sets ORDER BY set_id').raw().all()).toEqual([
        [1, '2026-06-30'],
        [2, null],
        [3, null],
        [4, null],
        [5, null]
      ])
      const q = { text: '', exitFrom: 2026, exitTo: 2026 } as SearchInput
      const where = whereOf(1, filters(db, setStateSql, q, true))
      const found = db
        .prepare(`SELECT s.set_id FROM sets s WHERE ${where.text}`)
        .pluck()
        .all(...where.params)
      expect(found).toEqual([1])
      const plan = queryPlan(db, `SELECT s.set_id FROM sets s WHERE ${where.text}`, where.params)
      expect(plan).toMatch(/USING INDEX sets_by_exit/)
    } finally {
      store.close()
    }
  })
})
