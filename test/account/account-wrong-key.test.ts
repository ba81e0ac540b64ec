import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import { listen } from '../../src/emulator/listen'
import type { EditSide } from '../../src/main/app/compose-edits'
import { createProfiles, defaultClientFactory } from '../../src/main/account/profiles'
import type { Profiles } from '../../src/main/account/profiles'
import { createMemoryStore } from '../../src/main/credentials/index'
import { openStore } from '../../src/main/store/connection'
import type { Store } from '../../src/main/store/connection'
import { testEditSide } from '../collection/harness'

/** Saving a key the service refuses is bad input: a clear error, and the working setup stays. */
const svc = createReferenceService({ sets: 20, seed: 3 })
const dir = mkdtempSync(join(tmpdir(), 'studbook-wrong-key-'))
let server: { url: string; close(): Promise<void> }
let store: Store
let profiles: Profiles
let side: EditSide

beforeAll(async () => {
  server = await listen(svc, { port: 0 })
  store = await openStore(join(dir, 'studbook.db'))
  profiles = await createProfiles({
    store,
    credentials: createMemoryStore(),
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

describe('saving a profile with a refused API key', () => {
  it('from the demo: refused with invalid_key, still on the demo', async () => {
    const h = side.handlers
    const before = profiles.active()
    await expect(
      h['account:saveProfile']({ baseUrl: server.url, apiKey: 'not-the-key', binding: 'auto' })
    ).rejects.toMatchObject({ code: 'invalid_key', detail: { field: 'apiKey' } })
    expect(profiles.active()).toEqual(before)
    expect((await h['account:getStatus']({})).profile).toBe('demo')
  })

  it('over a working profile: the saved key, binding and sign-in stay', async () => {
    const h = side.handlers
    await h['account:saveProfile']({
      baseUrl: server.url,
      apiKey: svc.demo.apiKey,
      binding: 'auto'
    })
    await h['account:signIn']({ username: svc.demo.username, password: svc.demo.password })
    const before = profiles.active()
    await expect(
      h['account:saveProfile']({ baseUrl: server.url, apiKey: 'not-the-key', binding: 'httpGet' })
    ).rejects.toMatchObject({ code: 'invalid_key' })
    expect(profiles.active()).toEqual(before)
    expect(profiles.secrets().apiKey).toBe(svc.demo.apiKey)
    expect(await h['account:getStatus']({})).toMatchObject({ signedIn: true, binding: 'auto' })
    expect((await h['account:testConnection']({})).ok).toBe(true)
  })

  it('an unreachable service is no verdict on the key: the profile is saved', async () => {
    const h = side.handlers
    const status = await h['account:saveProfile']({
      baseUrl: 'http://127.0.0.1:9/',
      apiKey: 'maybe-right',
      binding: 'auto'
    })
    expect(status).toMatchObject({ profile: 'custom', apiKeySet: true })
    expect(profiles.active().baseUrl).toBe('http://127.0.0.1:9')
  })
})
