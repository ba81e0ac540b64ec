import Database from 'better-sqlite3'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createExchangeHandlers } from '../../src/main/exchange/handlers'
import type { ExchangeHandlers } from '../../src/main/exchange/handlers'
import {
  copiesOf,
  exchangeHarness,
  insertMinifig,
  labelsOf,
  noticedSets,
  setState
} from './store-fixtures'
import type { ExchangeHarness } from './store-fixtures'
import { copy } from './fixtures'

let t: ExchangeHarness
afterEach(() => {
  t.close()
})

/** Everything of the collection a user would notice, in one comparable value. */
function collection(): unknown {
  const db = t.h.store.read
  return {
    sets: noticedSets(t.h.store),
    copies: [...t.ids.values()].map((id) => copiesOf(t.h.store, id)),
    minifigs: db
      .prepare('SELECT minifig_number, owned_loose, wanted FROM minifig_state ORDER BY 1')
      .all(),
    labels: labelsOf(t.h.store)
  }
}

async function someCollection(): Promise<void> {
  const u = t.h.handlers
  insertMinifig(t.h.store, t.h.profileId, 'sw0001a', 'Luke Skywalker')
  await u['collection:updateSet']({ setID: t.id('10179-1'), patch: { qtyOwned: 2, rating: 5 } })
  // Adding a copy owns one more: the set ends at three, one of them with details.
  await u['collection:saveCopy']({ setID: t.id('10179-1'), copy: copy({ notes: 'first' }) })
  await u['collection:updateSet']({
    setID: t.id('21309-1'),
    patch: { wanted: true, notes: 'later', flags: { '2': true } }
  })
  await u['collection:updateMinifig']({ minifigNumber: 'sw0001a', ownedLoose: 3 })
  await u['flags:setLabel']({ flagNo: 2, label: 'Gift' })
}

/**
 * The exchange as Electron runs it: native dialogs that answer `chosen` (null: the user cancelled),
 * and a folder opener that notes each path in `opened`.
 */
function withDialogs(chosen: string | null, opened: string[] = []): ExchangeHandlers {
  return createExchangeHandlers({
    ...t.h.deps,
    files: null,
    dataFolder: {
      chooseBackupTarget: () => Promise.resolve(chosen),
      chooseBackupSource: () => Promise.resolve(chosen),
      openFolder: (path) => {
        opened.push(path)
        return Promise.resolve()
      }
    }
  })
}

function readBackupFile(path: string): Buffer[] {
  return [readFileSync(path)]
}

describe('back up and restore the collection', () => {
  it('a backup is one SQLite file holding the collection as it stood, edits still in the WAL included', async () => {
    t = await exchangeHarness()
    await someCollection()
    const r = await t.x['exchange:backup']({ saveWithDialog: false })
    expect(r.path).not.toBeNull()
    const path = r.path ?? ''
    expect(path.startsWith(join(t.h.dir, 'backups'))).toBe(true)
    // Opened by SQLite itself, it is a database with the collection's rows.
    const db = new Database(path, { readonly: true, fileMustExist: true })
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
      expect(db.prepare('SELECT count(*) AS n FROM set_state').get()).toEqual({ n: 2 })
      expect(db.prepare('SELECT count(*) AS n FROM copies').get()).toEqual({ n: 1 })
      // The catalogue is the service's, fetched again by a sync: the backup does not carry it.
      expect(db.prepare('SELECT count(*) AS n FROM sets').get()).toEqual({ n: 0 })
    } finally {
      db.close()
    }
    expect(r.counts).toMatchObject({ setsOwned: 1, unitsOwned: 3, setsWanted: 1, copies: 1 })
    expect(existsSync(`${path}-wal`)).toBe(false)
  })

  it('change things, restore: the preview shows what it holds, then the collection is as it was', async () => {
    t = await exchangeHarness()
    await someCollection()
    const before = collection()
    const backup = await t.x['exchange:backup']({ saveWithDialog: false })

    const u = t.h.handlers
    await u['collection:updateSet']({ setID: t.id('10179-1'), patch: { notes: 'changed' } })
    const [first] = await u['collection:listCopies']({ setID: t.id('10179-1') })
    await u['collection:deleteCopy']({ setID: t.id('10179-1'), localId: first?.localId ?? '' })
    await u['collection:updateSet']({ setID: t.id('75192-1'), patch: { qtyOwned: 4 } })
    await u['collection:updateMinifig']({ minifigNumber: 'sw0001a', ownedLoose: 0, wanted: true })
    await u['flags:setLabel']({ flagNo: 2, label: 'Present' })
    expect(collection()).not.toEqual(before)

    const preview = await t.x['exchange:previewRestore']({
      data: readBackupFile(backup.path ?? ''),
      name: 'mine.studbook'
    })
    expect(preview).not.toBeNull()
    expect(preview?.holds).toMatchObject({
      setsOwned: 1,
      unitsOwned: 3,
      setsWanted: 1,
      copies: 1,
      minifigsLoose: 3,
      labels: 1
    })
    expect(preview?.current).toMatchObject({ setsOwned: 2, unitsOwned: 6, copies: 0 })
    // Nothing is replaced before the user confirms.
    expect(collection()).not.toEqual(before)

    const applied = await t.x['exchange:applyRestore']({ restoreId: preview?.restoreId ?? '' })
    expect(collection()).toEqual(before)
    // The collection as it was just before the restore was saved first.
    expect(existsSync(applied.safetyBackup)).toBe(true)
    expect(readdirSync(join(t.h.dir, 'backups'))).toHaveLength(2)

    // One undo takes the restore back.
    await u['journal:undo']({})
    expect(setState(t.h.store, t.id('75192-1'))).toMatchObject({ qty_owned: 4 })
  })

  it.each([
    ['a text file', () => Buffer.from('Number,Qty\n10179-1,1\n')],
    ['an empty file', () => Buffer.alloc(0)],
    [
      'an SQLite database of something else',
      () => {
        const path = join(t.h.dir, 'other.db')
        const db = new Database(path)
        db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)')
        db.close()
        return readFileSync(path)
      }
    ],
    [
      'a backup from a newer Studbook',
      async () => {
        const r = await t.x['exchange:backup']({ saveWithDialog: false })
        const db = new Database(r.path ?? '')
        db.pragma('user_version = 9990')
        db.close()
        return readFileSync(r.path ?? '')
      }
    ]
  ])('%s is refused with a clear error, and nothing changes', async (_name, make) => {
    t = await exchangeHarness()
    await someCollection()
    const before = collection()
    const outbox = t.h.store.read.prepare('SELECT count(*) AS n FROM outbox').get()
    const bytes = await make()
    await expect(
      Promise.resolve().then(() =>
        t.x['exchange:previewRestore']({ data: [bytes], name: 'x.studbook' })
      )
    ).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/backup/i) as unknown
    })
    expect(collection()).toEqual(before)
    expect(t.h.store.read.prepare('SELECT count(*) AS n FROM outbox').get()).toEqual(outbox)
  })

  it('a backup of another service’s collection is refused by name', async () => {
    t = await exchangeHarness()
    await someCollection()
    const r = await t.x['exchange:backup']({ saveWithDialog: false })
    const db = new Database(r.path ?? '')
    db.prepare("UPDATE profiles SET base_url = 'https://elsewhere.example/'").run()
    db.close()
    await expect(
      Promise.resolve().then(() =>
        t.x['exchange:previewRestore']({
          data: [readFileSync(r.path ?? '')],
          name: 'x.studbook'
        })
      )
    ).rejects.toThrow(/another service/)
  })

  it('Electron: back up and restore through the native dialogs; open the data folder', async () => {
    t = await exchangeHarness()
    await someCollection()
    const chosen = join(t.h.dir, 'chosen.studbook')
    const opened: string[] = []
    const x = withDialogs(chosen, opened)
    const r = await x['exchange:backup']({ saveWithDialog: true })
    expect(r.path).toBe(chosen)
    await t.h.handlers['collection:updateSet']({ setID: t.id('10179-1'), patch: { qtyOwned: 5 } })
    const preview = await x['exchange:previewRestore']({ fromDialog: true })
    expect(preview?.name).toBe('chosen.studbook')
    await x['exchange:applyRestore']({ restoreId: preview?.restoreId ?? '' })
    expect(setState(t.h.store, t.id('10179-1'))).toMatchObject({ qty_owned: 3 })

    expect(await x['exchange:openDataFolder']({})).toEqual({ path: t.h.dir, opened: true })
    expect(opened).toEqual([t.h.dir])
    // The browser host cannot open a folder on the user's desktop: it shows where the data is.
    expect(await t.x['exchange:openDataFolder']({})).toEqual({ path: t.h.dir, opened: false })
  })

  it('a cancelled dialog writes and changes nothing', async () => {
    t = await exchangeHarness()
    const x = withDialogs(null)
    expect((await x['exchange:backup']({ saveWithDialog: true })).path).toBeNull()
    expect(await x['exchange:previewRestore']({ fromDialog: true })).toBeNull()
    expect(existsSync(join(t.h.dir, 'backups'))).toBe(false)
  })
})
