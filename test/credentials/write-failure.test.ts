import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import { listen } from '../../src/emulator/listen'
import type { EditSide } from '../../src/main/app/compose-edits'
import { createProfiles, defaultClientFactory } from '../../src/main/account/profiles'
import { selectCredentialStore } from '../../src/main/credentials/index'
import type { KeytarLike } from '../../src/main/credentials/index'
import { openStore } from '../../src/main/store/connection'
import type { Store } from '../../src/main/store/connection'
import { testEditSide } from '../collection/harness'

/**
 * A keychain that worked at start and then refuses a write (locked while Studbook runs): the
 * account status must not go on saying the sign-in is remembered.
 */
const svc = createReferenceService({ sets: 20, seed: 4 })
const dir = mkdtempSync(join(tmpdir(), 'studbook-keychain-write-'))
const entries = new Map<string, string>()
let locked = false
const keytar: KeytarLike = {
  getPassword: (s, a) => Promise.resolve(entries.get(`${s}/${a}`) ?? null),
  setPassword: (s, a, p) => {
    if (locked) return Promise.reject(new Error('Cannot create an item in a locked collection'))
    entries.set(`${s}/${a}`, p)
    return Promise.resolve()
  },
  deletePassword: (s, a) => Promise.resolve(entries.delete(`${s}/${a}`))
}
let server: { url: string; close(): Promise<void> }
let store: Store
let side: EditSide

beforeAll(async () => {
  server = await listen(svc, { port: 0 })
  store = await openStore(join(dir, 'studbook.db'))
  const credentials = await selectCredentialStore('auto', {
    keytar: () => Promise.resolve(keytar),
    log: { warn: () => undefined, keepSecret: () => undefined }
  })
  const profiles = await createProfiles({
    store,
    credentials,
    createClient: defaultClientFactory,
    demo: () => Promise.resolve({ fetch: (r: Request) => svc.handle(r), ...svc.demo })
  })
  side = testEditSide(store, profiles)
})

afterAll(async () => {
  await side.close()
  store.close()
  await server.close()
  svc.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('a keychain write that fails', () => {
  it('turns "remembered" off with the reason, and back on once a write succeeds', async () => {
    const h = side.handlers
    const saved = await h['account:saveProfile']({
      baseUrl: server.url,
      apiKey: svc.demo.apiKey,
      binding: 'auto'
    })
    expect(saved).toMatchObject({ keychain: 'os', remembered: true, keychainMessage: null })
    expect(saved.keychainDetail).toBeUndefined()

    locked = true
    const signIn = { username: svc.demo.username, password: svc.demo.password }
    await expect(Promise.resolve().then(() => h['account:signIn'](signIn))).rejects.toMatchObject({
      code: 'keychain_unavailable'
    })
    const status = await h['account:getStatus']({})
    // The sign-in holds for this session only: the status says so, and why.
    expect(status).toMatchObject({ signedIn: true, keychain: 'os', remembered: false })
    expect(status.keychainMessage).toBe(
      'Your sign-in could not be saved in the keychain, so it is kept only while Studbook runs. ' +
        'You will sign in again after quitting.'
    )
    // The keychain's own words go behind "Details", not into the sentence.
    expect(status.keychainDetail).toMatch(/locked/)
    expect([...entries.values()].join('\n')).not.toContain('userHash')

    locked = false
    await h['account:signIn'](signIn)
    expect(await h['account:getStatus']({})).toMatchObject({
      signedIn: true,
      remembered: true,
      keychainMessage: null
    })
    expect([...entries.values()].join('\n')).toContain('userHash')
  })
})
