import Database from 'better-sqlite3'
import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { takeDailyBackup } from '../../src/main/exchange/auto-backup'
import { installBackup } from '../../src/main/exchange/backup-file-repo'
import { exchangeHarness, insertMinifig } from './store-fixtures'
import type { ExchangeHarness } from './store-fixtures'
import { copy } from './fixtures'

/**
 * Issue #29: a backup holds the user's data (the collection, copies, figures, flags and their
 * names, views, settings and the edits not yet sent) and none of the caches a sync gives back.
 */
let t: ExchangeHarness
afterEach(() => {
  t.close()
})

async function someCollection(): Promise<void> {
  const u = t.h.handlers
  insertMinifig(t.h.store, t.h.profileId, 'sw0001a', 'Luke Skywalker')
  await u['collection:updateSet']({ setID: t.id('10179-1'), patch: { qtyOwned: 2 } })
  await u['collection:saveCopy']({ setID: t.id('10179-1'), copy: copy({ notes: 'first' }) })
  await u['collection:updateSet']({ setID: t.id('21309-1'), patch: { wanted: true } })
  await u['collection:updateMinifig']({ minifigNumber: 'sw0001a', ownedLoose: 3 })
  await u['flags:setLabel']({ flagNo: 2, label: 'Gift' })
  t.h.store.write
    .prepare(`INSERT INTO settings (key, value) VALUES ('report.ownerName', 'A. Collector')`)
    .run()
}

function rows(path: string, query: string): unknown[] {
  const db = new Database(path, { readonly: true, fileMustExist: true })
  try {
    return db.prepare(query).all()
  } finally {
    db.close()
  }
}

const count = (path: string, table: string): number =>
  (rows(path, `SELECT count(*) AS n FROM ${table}`)[0] as { n: number }).n

describe('what a backup holds', () => {
  it('the edits the service has not seen yet, the settings and who each set is; no journal', async () => {
    t = await exchangeHarness()
    await someCollection()
    const live = t.h.store.read
    const pending = (live.prepare('SELECT count(*) AS n FROM outbox').get() as { n: number }).n
    expect(pending).toBeGreaterThan(0)
    const r = await t.x['exchange:backup']({ saveWithDialog: false })
    const path = r.path ?? ''
    // Unsent edits are the user's: a backup taken before they reach the service must keep them.
    expect(count(path, 'outbox')).toBe(pending)
    expect(count(path, 'copies')).toBe(1)
    expect(count(path, 'minifig_state')).toBe(1)
    // The flags' names are the user's (the flags themselves travel in the collection's rows).
    expect(rows(path, `SELECT label FROM flag_labels WHERE label = 'Gift'`)).toEqual([
      { label: 'Gift' }
    ])
    expect(rows(path, `SELECT value FROM settings WHERE key = 'report.ownerName'`)).toEqual([
      { value: 'A. Collector' }
    ])
    // The undo history is not data: "Restore…" makes its own entry.
    expect(count(path, 'journal')).toBe(0)
    // The catalogue goes, but each set of the collection keeps its number and name.
    expect(count(path, 'sets')).toBe(0)
    const names = rows(path, `SELECT value FROM settings WHERE key = 'backup.sets'`)[0] as {
      value: string
    }
    expect(JSON.parse(names.value)).toEqual(
      expect.arrayContaining([
        [t.h.profileId, t.id('10179-1'), '10179', 1, expect.any(String) as unknown],
        [t.h.profileId, t.id('21309-1'), '21309', 1, expect.any(String) as unknown]
      ])
    )
  })

  it('a backup from before (figure catalogue kept, no set numbers) still restores', async () => {
    t = await exchangeHarness()
    await someCollection()
    const r = await t.x['exchange:backup']({ saveWithDialog: false })
    const path = r.path ?? ''
    const old = new Database(path)
    try {
      // As backups were before issue #29: 8 MB of the figure catalogue, no set numbers.
      const fig = old.prepare(
        `INSERT INTO minifigs (profile_id, minifig_number, name, category) VALUES (?, ?, ?, 'X')`
      )
      old.transaction(() => {
        for (let i = 0; i < 5000; i++) fig.run(t.h.profileId, `fig${i}`, `Figure ${i} `.repeat(20))
      })()
      old.prepare(`DELETE FROM settings WHERE key = 'backup.sets'`).run()
    } finally {
      old.close()
    }
    await t.h.handlers['collection:updateSet']({ setID: t.id('10179-1'), patch: { qtyOwned: 5 } })
    const preview = await t.x['exchange:previewRestore']({
      data: [readFileSync(path)],
      name: 'old.studbook'
    })
    expect(preview?.holds).toMatchObject({ setsOwned: 1, unitsOwned: 3, setsWanted: 1 })
    await t.x['exchange:applyRestore']({ restoreId: preview?.restoreId ?? '' })
    expect(
      t.h.store.read
        .prepare('SELECT qty_owned FROM set_state WHERE profile_id = ? AND set_id = ?')
        .get(t.h.profileId, t.id('10179-1'))
    ).toEqual({ qty_owned: 3 })
  })

  it('a backup installed in place of a damaged file shows its sets by number before a sync', async () => {
    t = await exchangeHarness()
    await someCollection()
    const r = await t.x['exchange:backup']({ saveWithDialog: false })
    const dest = join(t.h.dir, 'installed.db')
    await installBackup(r.path ?? '', dest)
    const numbers = rows(dest, 'SELECT set_id, full_number, last_updated FROM sets ORDER BY set_id')
    expect(numbers).toEqual(
      [t.id('10179-1'), t.id('21309-1')]
        .sort((a, b) => a - b)
        .map((id) => ({
          set_id: id,
          full_number: [...t.ids].find(([, v]) => v === id)?.[0],
          last_updated: ''
        }))
    )
    // Found by a search too, and no longer marked as a backup.
    expect(rows(dest, `SELECT rowid FROM sets_fts WHERE sets_fts MATCH '10179*'`)).toHaveLength(1)
    expect(rows(dest, `SELECT value FROM settings WHERE key LIKE 'backup.%'`)).toEqual([])
  })

  it('the daily backup keeps the undo history too', async () => {
    t = await exchangeHarness()
    await someCollection()
    const name = await takeDailyBackup(t.h.store, new Date())
    expect(name).not.toBeNull()
    const path = `${t.h.dir}/backups/${name ?? ''}`
    expect(count(path, 'journal')).toBeGreaterThan(0)
    expect(count(path, 'outbox')).toBeGreaterThan(0)
  })
})
