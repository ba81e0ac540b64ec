import Database from 'better-sqlite3'
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppError } from '../../src/shared/errors'
import { openStore } from '../../src/main/store/connection'
import { headVersion } from '../../src/main/store/migrate'
import { initialBit } from '../../src/main/store/initials'
import { MIGRATIONS } from '../../src/main/store/migrations/index'

let dir = ''
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'studbook-store-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const HEAD = headVersion(MIGRATIONS)
const FIXTURES = join(import.meta.dirname, '../fixtures/db')

describe('openStore', () => {
  it('sets and keeps the durability pragmas', async () => {
    const store = await openStore(join(dir, 'studbook.db'))
    try {
      expect(store.read.pragma('journal_mode', { simple: true })).toBe('wal')
      expect(store.read.pragma('synchronous', { simple: true })).toBe(2)
      expect(store.read.pragma('foreign_keys', { simple: true })).toBe(1)
      expect(store.read.pragma('busy_timeout', { simple: true })).toBeGreaterThanOrEqual(5000)
      expect(store.read.pragma('user_version', { simple: true })).toBe(HEAD)
      const strict = store.read
        .prepare(
          `SELECT name FROM sqlite_schema WHERE type = 'table' AND sql NOT LIKE '%STRICT%'
                  AND name NOT LIKE 'sets_fts%' AND name NOT LIKE 'sqlite_%'`
        )
        .all()
      expect(strict).toEqual([])
    } finally {
      store.close()
    }
  })

  it('takes no backup of a new database and opens an existing head database unchanged', async () => {
    const path = join(dir, 'studbook.db')
    const first = await openStore(path)
    expect(first.backup).toBeNull()
    first.close()
    const again = await openStore(path)
    expect(again.backup).toBeNull()
    again.close()
  })

  it('refuses a database written by a newer version and leaves it untouched', async () => {
    const path = join(dir, 'future.db')
    const raw = new Database(path)
    raw.exec('CREATE TABLE mystery (x TEXT) STRICT')
    raw.pragma(`user_version = ${HEAD + 10}`)
    raw.close()
    const err = await openStore(path).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(AppError)
    expect((err as AppError).code).toBe('db_from_future')
    const check = new Database(path, { readonly: true })
    expect(check.pragma('user_version', { simple: true })).toBe(HEAD + 10)
    expect(
      check.prepare(`SELECT name FROM sqlite_schema WHERE name = 'sets'`).get()
    ).toBeUndefined()
    check.close()
  })
})

describe('migrations from every released schema version', () => {
  for (const m of MIGRATIONS) {
    it(`migrates schema ${m.version} to head with outbox, journal and collection rows intact`, async () => {
      const path = join(dir, 'studbook.db')
      copyFileSync(join(FIXTURES, `schema-v${m.version}.db`), path)
      const store = await openStore(path)
      try {
        const db = store.read
        expect(db.pragma('user_version', { simple: true })).toBe(HEAD)
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
        expect(db.pragma('foreign_key_check')).toEqual([])
        const outbox = db
          .prepare('SELECT target, field, desired, base, state FROM outbox ORDER BY id')
          .all()
        expect(outbox).toEqual([
          { target: 'set:2', field: 'owned', desired: 'true', base: 'false', state: 'pending' },
          { target: 'set:2', field: 'qtyOwned', desired: '2', base: '0', state: 'needs_attention' },
          { target: 'set:3', field: 'notes', desired: '"mine"', base: '""', state: 'conflict' }
        ])
        expect(db.prepare('SELECT count(*) AS n FROM sets').get()).toEqual({ n: 5 })
        expect(db.prepare('SELECT qty_owned, notes, flags FROM set_state').get()).toEqual({
          qty_owned: 2,
          notes: 'two copies',
          flags: 5
        })
        expect(db.prepare('SELECT count(*) AS n FROM journal').get()).toEqual({ n: 1 })
        // The FTS index still finds the cached sets after the migration.
        expect(
          db.prepare(`SELECT count(*) AS n FROM sets_fts WHERE sets_fts MATCH '"set"*'`).get()
        ).toEqual({ n: 5 })
        // Each set's word initials are known after the migration ("Set 2", "1002-1", Castle, Knights).
        const bits = (set: number) =>
          ['s', 'c', 'k', '1', String(set)].reduce(
            (b, c, i, all) => (all.indexOf(c) === i ? b + (initialBit(c) ?? 0) : b),
            0
          )
        expect(db.prepare('SELECT set_id, initials FROM sets ORDER BY set_id').raw().all()).toEqual(
          [1, 2, 3, 4, 5].map((i) => [i, bits(i)])
        )
        if (m.version < HEAD) {
          expect(store.backup).not.toBeNull()
          const backup = new Database(store.backup ?? '', { readonly: true })
          expect(backup.pragma('user_version', { simple: true })).toBe(m.version)
          expect(backup.prepare('SELECT count(*) AS n FROM outbox').get()).toEqual({ n: 3 })
          backup.close()
        } else {
          expect(store.backup).toBeNull()
        }
      } finally {
        store.close()
      }
    })
  }

  it('keeps the old version and data when a migration step fails', async () => {
    const path = join(dir, 'studbook.db')
    copyFileSync(join(FIXTURES, 'schema-v10.db'), path)
    const failing = [
      ...MIGRATIONS,
      {
        version: HEAD + 10,
        name: 'broken',
        up: () => {
          throw new Error('boom')
        }
      }
    ]
    await expect(openStore(path, { migrations: failing })).rejects.toMatchObject({
      code: 'db_error'
    })
    const check = new Database(path, { readonly: true })
    expect(check.pragma('user_version', { simple: true })).toBe(10)
    expect(check.prepare('SELECT count(*) AS n FROM outbox').get()).toEqual({ n: 3 })
    expect(existsSync(path)).toBe(true)
    check.close()
  })
})
