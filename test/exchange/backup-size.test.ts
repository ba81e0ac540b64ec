import Database from 'better-sqlite3'
import { beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_TABLES } from '../../src/main/store/local-tables/index'
import { browserApp } from '../ipc/browser-app'
import { LONG_LIMIT_MS } from '../limits'

/**
 * Issue #29: a backup holds the user's data, not the caches a sync gives back. Measured on the
 * app as it runs: the 20,000-set demo synced whole (sets, figures and their catalogue tables),
 * 1,000 sets owned through a bulk edit, a copy and a note, then "Back up collection…".
 */
const SETS = 20_000
const OWNED = 1_000
const MB = 1024 * 1024
const { call, syncDemo } = browserApp('backup-size', SETS)

// After browserApp's own beforeAll (the app): a sync of 20,000 sets takes minutes at load 20.
beforeAll(async () => {
  await syncDemo()
  // The demo account owns a few sets already: the bulk edit brings it to 1,000.
  const owned = await call<{ total: number }>('catalog:search', { text: '', owned: true, limit: 1 })
  const ids: number[] = []
  while (ids.length < OWNED - owned.total) {
    const { rows } = await call<{ rows: { setID: number }[] }>('catalog:search', {
      text: '',
      owned: false,
      limit: Math.min(500, OWNED - owned.total - ids.length),
      offset: ids.length
    })
    ids.push(...rows.map((r) => r.setID))
  }
  await call('collection:bulkEdit', {
    setIDs: ids,
    action: { kind: 'owned', value: true }
  })
  await call('collection:updateSet', { setID: ids[0], patch: { notes: 'kept' } })
}, LONG_LIMIT_MS)

describe('a backup of the 20,000-set demo', () => {
  it('with 1,000 owned sets is at most 1 MB, the figure catalogue left out', async () => {
    const r = await call<{ path: string; bytes: number; counts: { setsOwned: number } }>(
      'exchange:backup',
      { saveWithDialog: false }
    )
    expect(r.counts.setsOwned).toBe(OWNED)
    console.log(`backup of ${SETS} sets, ${OWNED} owned: ${r.bytes} bytes`)
    expect(r.bytes).toBeLessThanOrEqual(1 * MB)
    const db = new Database(r.path, { readonly: true, fileMustExist: true })
    try {
      const count = (table: string): number =>
        (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n
      // The demo's figure catalogue was synced: the backup must not carry it.
      expect(count('minifigs')).toBe(0)
      expect(count('minifig_sets')).toBe(0)
      expect(count('set_state')).toBeGreaterThanOrEqual(OWNED)
      expect(count('sets')).toBe(0)
      // Of the catalogue, only who each set of the collection is: its number and name.
      const names = db.prepare(`SELECT value FROM settings WHERE key = 'backup.sets'`).get() as {
        value: string
      }
      expect(JSON.parse(names.value)).toHaveLength(count('set_state'))
      // Every table holding rows is one of the user's: a cache added later is left out too.
      const tables = (
        db
          .prepare(
            `SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
             AND name NOT LIKE 'sets_fts%'`
          )
          .all() as { name: string }[]
      ).map((t) => t.name)
      const users = ['profiles', 'settings', 'set_state', 'copies', 'minifig_state', 'flag_labels']
      const holding = tables.filter((name) => count(name) > 0)
      // The user's own data, and the local tables (store/local-tables): what no sync gives back.
      const kept = [...users, 'saved_views', 'outbox', ...LOCAL_TABLES.map((t) => t.name)]
      expect(holding.filter((name) => !kept.includes(name))).toEqual([])
    } finally {
      db.close()
    }
  })
})
