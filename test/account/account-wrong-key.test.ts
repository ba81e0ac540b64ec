import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createServer } from 'node:net'
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

/** A loopback address nothing listens at: connections are refused at once. */
async function nowhereUrl(): Promise<string> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise<void>((resolve) =>
    probe.close(() => {
      resolve()
    })
  )
  return `http://127.0.0.1:${port}`
}

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
    // The form then holds the saved address with the key field left empty: the saved key.
    expect((await h['account:testConnection']({ baseUrl: server.url, binding: 'auto' })).ok).toBe(
      true
    )
  })

  it('Test connection tries the typed key, not the saved one, and saves nothing', async () => {
    const h = side.handlers
    const before = profiles.active()
    const wrong = await h['account:testConnection']({
      baseUrl: server.url,
      apiKey: 'not-the-key',
      binding: 'auto'
    })
    expect(wrong.ok).toBe(false)
    expect(wrong.message).toMatch(/API key/)
    const right = await h['account:testConnection']({
      baseUrl: `${server.url}/`,
      apiKey: svc.demo.apiKey,
      binding: 'httpPost'
    })
    expect(right.ok).toBe(true)
    // A typed address nobody answers at: that is what the test says.
    const empty = await nowhereUrl()
    const nowhere = await h['account:testConnection']({
      baseUrl: empty,
      apiKey: svc.demo.apiKey,
      binding: 'auto'
    })
    expect(nowhere).toMatchObject({ ok: false, message: 'The service cannot be reached.' })
    // Another address with no key typed: the saved key belongs to the saved address only.
    const unsaved = await h['account:testConnection']({
      baseUrl: empty,
      binding: 'auto'
    })
    expect(unsaved).toMatchObject({ ok: false, message: 'Enter an API key first.' })
    expect(profiles.active()).toEqual(before)
    expect(profiles.secrets().apiKey).toBe(svc.demo.apiKey)
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
