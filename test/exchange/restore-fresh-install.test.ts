import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createApp } from '../../src/main/app/compose'
import type { AppContext } from '../../src/main/app/compose'
import { dispatch } from '../../src/main/ipc/dispatch'
import type { Result } from '../../src/shared/ipc/result'

/**
 * Issue #29: a backup restored onto a fresh install, before its first sync (offline), brings the
 * whole collection back. Sets its catalogue does not hold yet show by number until the sync, which
 * fills in the rest and sends the restored edits to the service.
 *
 * Both installs use one service, as a user's old and new computer would: the demo service's file
 * is copied from the first install to the second. It is copied before the last edits, so the
 * service has not seen them when the second install restores (they were waiting to be sent).
 */
const root = mkdtempSync(join(tmpdir(), 'studbook-fresh-install-'))
const oldDir = join(root, 'old')
const newDir = join(root, 'new')
let app: AppContext | null = null

afterAll(async () => {
  await app?.close()
  rmSync(root, { recursive: true, force: true })
})

async function call<T>(channel: string, input: unknown): Promise<T> {
  if (!app) throw new Error('no app')
  const r = (await dispatch(app.handlers, channel, input)) as Result<T>
  if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`)
  return r.value
}

async function open(dir: string): Promise<void> {
  app = await createApp({
    dataDir: dir,
    host: 'browser',
    demoSets: 150,
    autoSync: false,
    credentials: 'memory'
  })
}

async function close(): Promise<void> {
  await app?.close()
  app = null
}

async function until(check: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 100))
  }
}

async function syncAll(): Promise<void> {
  await call('sync:start', { full: true })
  await until(async () => !(await call<{ running: boolean }>('sync:getStatus', {})).running)
}

const outboxEmpty = async (): Promise<boolean> =>
  (await call<unknown[]>('outbox:list', {})).length === 0

interface Row {
  setID: number
  fullNumber: string
  name: string
  theme: string
  collection: {
    qtyOwned: number
    wanted: boolean
    notes: string
    flags: Record<string, boolean>
    sync: string
  }
}

async function ownedOrWanted(): Promise<Row[]> {
  const owned = await call<{ rows: Row[] }>('catalog:search', { text: '', owned: true, limit: 500 })
  const wanted = await call<{ rows: Row[] }>('catalog:search', {
    text: '',
    wanted: true,
    limit: 500
  })
  const all = new Map([...owned.rows, ...wanted.rows].map((r) => [r.setID, r]))
  return [...all.values()].sort((a, b) => a.setID - b.setID)
}

describe('a restore onto a fresh install', () => {
  it('works offline, shows sets by number until the sync, and loses nothing', async () => {
    await open(oldDir)
    await syncAll()
    const { rows } = await call<{ rows: Row[] }>('catalog:search', {
      text: '',
      owned: false,
      wanted: false,
      limit: 3
    })
    const [a, b, c] = rows.map((r) => r.setID) as [number, number, number]
    const alreadyOwned = (
      await call<{ rows: Row[] }>('catalog:search', { text: '', owned: true, limit: 1 })
    ).rows[0]
    if (!alreadyOwned) throw new Error('the demo account owns no set')
    await call('collection:updateSet', { setID: a, patch: { qtyOwned: 2 } })
    await call('collection:updateSet', { setID: b, patch: { wanted: true, notes: 'later' } })
    await call('collection:updateSet', { setID: c, patch: { qtyOwned: 1, flags: { '3': true } } })
    await call('flags:setLabel', { flagNo: 3, label: 'Boxed' })
    await until(outboxEmpty)
    await close()
    // The service as the new computer will find it: without the edits below.
    mkdirSync(newDir)
    copyFileSync(join(oldDir, 'demo-service.db'), join(newDir, 'demo-service.db'))

    await open(oldDir)
    // Signed out, the old computer keeps its last edits unsent: they are in the backup's outbox.
    await call('account:signOut', {})
    await call('collection:updateSet', { setID: a, patch: { notes: 'not sent yet' } })
    await call('collection:updateSet', {
      setID: alreadyOwned.setID,
      patch: { qtyOwned: alreadyOwned.collection.qtyOwned + 2 }
    })
    const unsent = (await call<unknown[]>('outbox:list', {})).length
    expect(unsent).toBeGreaterThanOrEqual(2)
    const backup = await call<{ path: string }>('exchange:backup', { saveWithDialog: false })
    const expected = await ownedOrWanted()
    await close()

    // A fresh install: an empty data folder (but for the service), no catalogue, no sync.
    await open(newDir)
    expect((await call<{ catalogueSets: number }>('sync:getStatus', {})).catalogueSets).toBe(0)
    const preview = await call<{
      restoreId: string
      unknownSets: { count: number }
      serviceWrites: number
    }>('exchange:previewRestore', {
      data: [readFileSync(backup.path)],
      name: 'old.studbook'
    })
    expect(preview.unknownSets.count).toBe(0)
    // What the service has not seen is sent; what it holds already is not sent again.
    expect(preview.serviceWrites).toBe(unsent)
    await call('exchange:applyRestore', { restoreId: preview.restoreId })
    expect((await call<unknown[]>('outbox:list', {})).length).toBe(unsent)

    // Offline, before any sync: every set, by number, with the backup's state (to be sent).
    const state = (r: Row) => ({ ...r.collection, sync: undefined })
    const offline = await ownedOrWanted()
    expect(offline.map((r) => [r.setID, r.fullNumber, state(r)])).toEqual(
      expected.map((r) => [r.setID, r.fullNumber, state(r)])
    )
    expect(
      (await call<{ label: string }[]>('flags:getLabels', {})).find((l) => l.label === 'Boxed')
    ).toBeDefined()

    // The sync fills in the catalogue and sends what the service had not seen.
    await syncAll()
    await until(outboxEmpty)
    // Every row sent, none a conflict or kept back (the outbox is empty), copies included.
    const synced = await ownedOrWanted()
    expect(synced.map((r) => [r.setID, r.fullNumber, r.name, r.theme, state(r)])).toEqual(
      expected.map((r) => [r.setID, r.fullNumber, r.name, r.theme, state(r)])
    )
    expect(synced.every((r) => r.collection.sync === 'synced')).toBe(true)
    expect(synced.some((r) => r.theme !== '')).toBe(true)
    expect((await call<{ catalogueSets: number }>('sync:getStatus', {})).catalogueSets).toBe(150)
    await close()

    // The service holds them: a third install that only syncs finds the same collection.
    const third = join(root, 'third')
    mkdirSync(third)
    await open(newDir)
    await close()
    copyFileSync(join(newDir, 'demo-service.db'), join(third, 'demo-service.db'))
    await open(third)
    await syncAll()
    const fromService = await ownedOrWanted()
    expect(fromService.map((r) => [r.setID, state(r)])).toEqual(
      expected.map((r) => [r.setID, state(r)])
    )
  })
})
