import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import { listen } from '../../src/emulator/listen'
import { createCatalogueHandlers } from '../../src/main/catalogue/catalogue-handlers'
import type { EditSide } from '../../src/main/app/compose-edits'
import { createSyncRunner } from '../../src/main/sync/runner'
import type { SyncRunner } from '../../src/main/sync/runner'
import { selectCredentialStore } from '../../src/main/credentials/index'
import { createEventBus } from '../../src/main/ipc/event-bus'
import { openStore } from '../../src/main/store/connection'
import { CHANNELS } from '../../src/shared/ipc/contract'
import type { Store } from '../../src/main/store/connection'
import { profilesServedBy } from '../account/account-rig'
import { testEditSide } from './harness'
import { setStateSql } from '../../src/main/collection/index'

/**
 * The local-first promise end to end over loopback HTTP: a real profile, sign-in and sync; then the
 * service goes away and browsing, search, cached details, edits and export keep working; on
 * reconnect the outbox drains to zero. Everything written meanwhile is scanned for secrets.
 */
const svc = createReferenceService({ sets: 400, seed: 11 })
const dir = mkdtempSync(join(tmpdir(), 'studbook-offline-'))
const logs: string[] = []
const events: string[] = []
// JSON.stringify(undefined) is undefined at run time, whatever its declared type says.
const text = (d: unknown): string => {
  if (d instanceof Error) return d.stack ?? d.message
  const json = JSON.stringify(d) as string | undefined
  return json ?? ''
}
const log = {
  info: (m: string, d?: unknown) => {
    logs.push(`${m} ${text(d)}`)
  },
  warn: (m: string, d?: unknown) => {
    logs.push(`${m} ${text(d)}`)
  },
  error: (m: string, d?: unknown) => {
    logs.push(`${m} ${text(d)}`)
  }
}
let server: { url: string; close(): Promise<void> }
let store: Store
let side: EditSide
let sync: SyncRunner
let catalogue: ReturnType<typeof createCatalogueHandlers>
const exported: string[] = []
// Handlers receive parsed input (defaults filled in): parse as the dispatcher does.
const search = (text: string) =>
  catalogue['catalog:search'](CHANNELS['catalog:search'].input.parse({ text, limit: 5 }))
let userHash = ''

beforeAll(async () => {
  server = await listen(svc, { port: 0 })
  store = await openStore(join(dir, 'studbook.db'))
  const credentials = await selectCredentialStore('auto', { log })
  const profiles = await profilesServedBy(store, svc, credentials)
  const bus = createEventBus()
  bus.subscribe((name, payload) => events.push(`${name} ${JSON.stringify(payload)}`))
  side = testEditSide(store, profiles, {
    events: bus,
    publish: () => {
      sync.publish()
    },
    log
  })
  sync = createSyncRunner({ store, profiles, events: bus, push: side.push, log })
  catalogue = createCatalogueHandlers({ state: setStateSql, store, profiles })
  const h = side.handlers
  await h['account:saveProfile']({ baseUrl: server.url, apiKey: svc.demo.apiKey, binding: 'auto' })
  const status = await h['account:signIn']({
    username: svc.demo.username,
    password: svc.demo.password
  })
  expect(status).toMatchObject({ signedIn: true, username: svc.demo.username, profile: 'custom' })
  userHash = profiles.secrets().userHash ?? ''
  expect(userHash.length).toBeGreaterThan(9)
  const synced = await sync.run()
  expect(synced.error).toBeNull()
  expect(synced.catalogueSets).toBe(400)
})

afterAll(async () => {
  await side.close()
  await sync.idle()
  store.close()
  await server.close()
  svc.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('offline, then reconnect', () => {
  it('with the service unreachable: browse, search, cached details, edits and export work', async () => {
    const found = await search('')
    const first = found.rows[0]
    expect(first).toBeDefined()
    const setID = first?.setID ?? 0
    const detailOnline = await catalogue['catalog:getSet']({ setID })
    await server.close()

    expect((await search(first?.name.split(' ')[0] ?? '')).rows.length).toBeGreaterThan(0)
    expect(await catalogue['catalog:getSet']({ setID })).toEqual(detailOnline)
    expect((await catalogue['catalog:listThemes']({})).length).toBeGreaterThan(0)

    const h = side.handlers
    const edited = await h['collection:updateSet']({
      setID,
      patch: { wanted: true, notes: 'bought offline' }
    })
    expect(edited).toMatchObject({ wanted: true, notes: 'bought offline', sync: 'pending' })
    await h['journal:undo']({})
    await h['journal:redo']({})
    const file = await h['exchange:export']({
      format: 'studbook',
      bom: true,
      saveWithDialog: false
    })
    exported.push(file.content)
    expect(file.content).toContain('bought offline')

    const offline = await sync.run()
    expect(offline.online).toBe(false)
    expect(offline.pending).toBe(2)
    expect((await h['outbox:list']({})).every((r) => r.state === 'pending')).toBe(true)
  })

  it('on reconnect the outbox drains to zero and the service holds the edits', async () => {
    const port = Number(new URL(server.url).port)
    server = await listen(svc, { port })
    const after = await sync.run()
    expect(after).toMatchObject({ online: true, pending: 0, needsAttention: 0, conflicts: 0 })
    const [note] = await side.handlers['collection:listNotes']({})
    expect(note?.notes).toBe('bought offline')
    expect(svc.admin.getCollectionValue(svc.demo.username, note?.setID ?? 0)).toMatchObject({
      wanted: true,
      notes: 'bought offline'
    })
  })

  it('no secret (password, apiKey, userHash) in the database files, logs, events or exports', async () => {
    exported.push(
      (
        await side.handlers['exchange:export']({
          format: 'collection',
          bom: false,
          saveWithDialog: false
        })
      ).content
    )
    const files = ['studbook.db', 'studbook.db-wal', 'studbook.db-shm']
      .map((f) => join(dir, f))
      .filter((f) => existsSync(f))
    const haystacks = [
      ...files.map((f) => readFileSync(f).toString('latin1')),
      ...logs,
      ...events,
      ...exported
    ]
    expect(files.length).toBeGreaterThan(0)
    for (const secret of [svc.demo.password, svc.demo.apiKey, userHash]) {
      for (const hay of haystacks) expect(hay.includes(secret)).toBe(false)
    }
    // The scan itself can find things: the username is stored (not a secret) and must show up.
    expect(files.some((f) => readFileSync(f).toString('latin1').includes(svc.demo.username))).toBe(
      true
    )
  })
})
