import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import { listen } from '../../src/emulator/listen'
import type { EditSide } from '../../src/main/app/compose-edits'
import { createProfiles, defaultClientFactory } from '../../src/main/account/profiles'
import type { Profiles } from '../../src/main/account/profiles'
import { createKeytarStore, KEYCHAIN_SERVICE } from '../../src/main/credentials/index'
import type { KeytarLike } from '../../src/main/credentials/index'
import { createEventBus } from '../../src/main/ipc/event-bus'
import { openStore } from '../../src/main/store/connection'
import type { Store } from '../../src/main/store/connection'
import { insertSets, testEditSide } from '../collection/harness'

/** Sign-in, sign-out, profile switching and a broken keychain entry, over a real service. */
const svc = createReferenceService({ sets: 50, seed: 9 })
const dir = mkdtempSync(join(tmpdir(), 'studbook-account-'))
const entries = new Map<string, string>()
// The keychain behind keytar's interface: the test can corrupt an entry as another program would.
const keytar: KeytarLike = {
  getPassword: (s, a) => Promise.resolve(entries.get(`${s}/${a}`) ?? null),
  setPassword: (s, a, p) => {
    entries.set(`${s}/${a}`, p)
    return Promise.resolve()
  },
  deletePassword: (s, a) => Promise.resolve(entries.delete(`${s}/${a}`))
}
const accountEvents: unknown[] = []
let server: { url: string; close(): Promise<void> }
let store: Store
let profiles: Profiles
let side: EditSide

async function build(): Promise<void> {
  profiles = await createProfiles({
    store,
    credentials: createKeytarStore(keytar),
    createClient: defaultClientFactory,
    demo: () => Promise.resolve({ fetch: (r: Request) => svc.handle(r), ...svc.demo })
  })
  const bus = createEventBus()
  bus.subscribe((name, payload) => {
    if (name === 'account:changed') accountEvents.push(payload)
  })
  side = testEditSide(store, profiles, { events: bus })
}

beforeAll(async () => {
  server = await listen(svc, { port: 0 })
  store = await openStore(join(dir, 'studbook.db'))
  await build()
})

afterAll(async () => {
  await side.close()
  store.close()
  await server.close()
  svc.close()
  rmSync(dir, { recursive: true, force: true })
})

const blobs = () => [...entries.values()].join('\n')

describe('account', () => {
  it('sign-in keeps the userHash in the keychain, never the password; status carries no secret', async () => {
    const h = side.handlers
    await h['account:saveProfile']({
      baseUrl: server.url,
      apiKey: svc.demo.apiKey,
      binding: 'auto'
    })
    await expect(
      Promise.resolve().then(() =>
        h['account:signIn']({ username: svc.demo.username, password: 'wrong' })
      )
    ).rejects.toMatchObject({ code: 'invalid_credentials' })
    expect(profiles.secrets().userHash).toBeUndefined()
    const status = await h['account:signIn']({
      username: svc.demo.username,
      password: svc.demo.password
    })
    expect(status).toMatchObject({
      profile: 'custom',
      signedIn: true,
      apiKeySet: true,
      username: svc.demo.username,
      keychain: 'os',
      remembered: true
    })
    const hash = profiles.secrets().userHash ?? ''
    expect(blobs()).toContain(hash)
    expect(blobs()).not.toContain(svc.demo.password)
    for (const s of [hash, svc.demo.apiKey, svc.demo.password]) {
      expect(JSON.stringify(status)).not.toContain(s)
      expect(JSON.stringify(accountEvents)).not.toContain(s)
    }
    const test = await h['account:testConnection']({ baseUrl: server.url, binding: 'auto' })
    expect(test.ok).toBe(true)
    expect(test.bindings).toContain('soap11')
  })

  it('profiles never mix: edits of one are invisible from the other, and come back', async () => {
    const h = side.handlers
    const custom = profiles.active().id
    insertSets(store, custom, [1, 2])
    await h['collection:updateSet']({ setID: 1, patch: { wanted: true } })
    expect(await h['outbox:list']({})).toHaveLength(1)
    await h['account:useDemo']({})
    expect(profiles.active().id).not.toBe(custom)
    expect(await h['outbox:list']({})).toEqual([])
    expect(await h['collection:listNotes']({})).toEqual([])
    await h['account:saveProfile']({ baseUrl: server.url, binding: 'auto' })
    expect(profiles.active().id).toBe(custom)
    expect(await h['outbox:list']({})).toHaveLength(1)
    expect((await h['account:getStatus']({})).signedIn).toBe(true)
  })

  it('a broken keychain entry means "sign in again" after restart; the outbox is untouched', async () => {
    const account = `${KEYCHAIN_SERVICE}/${profiles.account()}`
    expect(entries.has(account)).toBe(true)
    entries.set(account, '\u0000garbage')
    await side.close()
    await build()
    const status = await side.handlers['account:getStatus']({})
    expect(status).toMatchObject({ signedIn: false, apiKeySet: false })
    expect(entries.has(account)).toBe(false)
    expect(await side.handlers['outbox:list']({})).toHaveLength(1)
    // Edits still land while signed out; they wait in the outbox.
    await side.handlers['collection:updateSet']({ setID: 2, patch: { wanted: true } })
    expect(await side.pusher.push()).toMatchObject({ stopped: 'signed_out' })
    expect(await side.handlers['outbox:list']({})).toHaveLength(2)
  })

  it('sign-out removes the userHash from the keychain and keeps the outbox', async () => {
    const h = side.handlers
    await h['account:saveProfile']({
      baseUrl: server.url,
      apiKey: svc.demo.apiKey,
      binding: 'auto'
    })
    await h['account:signIn']({ username: svc.demo.username, password: svc.demo.password })
    const hash = profiles.secrets().userHash ?? ''
    // Only this profile's entry: the demo profile signed the same demo user in on its own.
    const entry = () => entries.get(`${KEYCHAIN_SERVICE}/${profiles.account()}`) ?? ''
    expect(entry()).toContain(hash)
    const out = await h['account:signOut']({})
    expect(out).toMatchObject({ signedIn: false, username: null, apiKeySet: true })
    expect(entry()).not.toContain(hash)
    expect(entry()).toContain(svc.demo.apiKey)
    expect(await h['outbox:list']({})).toHaveLength(2)
  })
})
