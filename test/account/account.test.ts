import { describe, expect, it } from 'vitest'
import { createKeytarStore, KEYCHAIN_SERVICE } from '../../src/main/credentials/index'
import { createEventBus } from '../../src/main/ipc/event-bus'
import { insertSets } from '../collection/harness'
import { mapKeychain } from '../credentials/map-keychain'
import { accountRig } from './account-rig'

/** Sign-in, sign-out, profile switching and a broken keychain entry, over a real service. */
// The keychain behind keytar's interface: the test can corrupt an entry as another program would.
const keychain = mapKeychain()
const entries = keychain.entries
const accountEvents: unknown[] = []
const bus = createEventBus()
bus.subscribe((name, payload) => {
  if (name === 'account:changed') accountEvents.push(payload)
})
const rig = accountRig('account', 9, {
  sets: 50,
  credentials: () => Promise.resolve(createKeytarStore(keychain)),
  events: bus
})
const svc = rig.svc

const blobs = () => [...entries.values()].join('\n')

describe('account', () => {
  it('sign-in keeps the userHash in the keychain, never the password; status carries no secret', async () => {
    const h = rig.side.handlers
    await rig.saveProfile()
    await expect(
      Promise.resolve().then(() =>
        h['account:signIn']({ username: svc.demo.username, password: 'wrong' })
      )
    ).rejects.toMatchObject({ code: 'invalid_credentials' })
    expect(rig.profiles.secrets().userHash).toBeUndefined()
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
    const hash = rig.profiles.secrets().userHash ?? ''
    expect(blobs()).toContain(hash)
    expect(blobs()).not.toContain(svc.demo.password)
    for (const s of [hash, svc.demo.apiKey, svc.demo.password]) {
      expect(JSON.stringify(status)).not.toContain(s)
      expect(JSON.stringify(accountEvents)).not.toContain(s)
    }
    const test = await h['account:testConnection']({ baseUrl: rig.url, binding: 'auto' })
    expect(test.ok).toBe(true)
    expect(test.bindings).toContain('soap11')
  })

  it('profiles never mix: edits of one are invisible from the other, and come back', async () => {
    const h = rig.side.handlers
    const custom = rig.profiles.active().id
    insertSets(rig.store, custom, [1, 2])
    await h['collection:updateSet']({ setID: 1, patch: { wanted: true } })
    expect(await h['outbox:list']({})).toHaveLength(1)
    await h['account:useDemo']({})
    expect(rig.profiles.active().id).not.toBe(custom)
    expect(await h['outbox:list']({})).toEqual([])
    expect(await h['collection:listNotes']({})).toEqual([])
    await h['account:saveProfile']({ baseUrl: rig.url, binding: 'auto' })
    expect(rig.profiles.active().id).toBe(custom)
    expect(await h['outbox:list']({})).toHaveLength(1)
    expect((await h['account:getStatus']({})).signedIn).toBe(true)
  })

  it('a broken keychain entry means "sign in again" after restart; the outbox is untouched', async () => {
    const account = `${KEYCHAIN_SERVICE}/${rig.profiles.account()}`
    expect(entries.has(account)).toBe(true)
    entries.set(account, '\u0000garbage')
    await rig.restart()
    const status = await rig.side.handlers['account:getStatus']({})
    expect(status).toMatchObject({ signedIn: false, apiKeySet: false })
    expect(entries.has(account)).toBe(false)
    expect(await rig.side.handlers['outbox:list']({})).toHaveLength(1)
    // Edits still land while signed out; they wait in the outbox.
    await rig.side.handlers['collection:updateSet']({ setID: 2, patch: { wanted: true } })
    expect(await rig.side.pusher.push()).toMatchObject({ stopped: 'signed_out' })
    expect(await rig.side.handlers['outbox:list']({})).toHaveLength(2)
  })

  it('sign-out removes the userHash from the keychain and keeps the outbox', async () => {
    const h = rig.side.handlers
    await rig.saveProfile()
    await h['account:signIn']({ username: svc.demo.username, password: svc.demo.password })
    const hash = rig.profiles.secrets().userHash ?? ''
    // Only this profile's entry: the demo profile signed the same demo user in on its own.
    const entry = () => entries.get(`${KEYCHAIN_SERVICE}/${rig.profiles.account()}`) ?? ''
    expect(entry()).toContain(hash)
    const out = await h['account:signOut']({})
    expect(out).toMatchObject({ signedIn: false, username: null, apiKeySet: true })
    expect(entry()).not.toContain(hash)
    expect(entry()).toContain(svc.demo.apiKey)
    expect(await h['outbox:list']({})).toHaveLength(2)
  })
})
