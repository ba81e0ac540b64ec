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

/**
 * Issue #28, Settings: the key box says "Saved: leave empty to keep it", so Test connection with
 * the box empty tries the key saved for that address, wherever the form's address came from.
 * Whatever it answers, the key itself never travels to the window.
 */
const svc = createReferenceService({ sets: 20, seed: 5 })
const dir = mkdtempSync(join(tmpdir(), 'studbook-saved-key-'))
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

const noKeyIn = (value: unknown): void => {
  expect(JSON.stringify(value)).not.toContain(svc.demo.apiKey)
}

describe('Test connection with the key box left empty', () => {
  it('uses the key saved for the address, also when the address is written another way', async () => {
    const h = side.handlers
    noKeyIn(
      await h['account:saveProfile']({
        baseUrl: server.url,
        apiKey: svc.demo.apiKey,
        binding: 'auto'
      })
    )
    const url = new URL(server.url)
    // The same address as a person may type it again: an upper-case scheme, a trailing slash.
    const typed = `${url.protocol.toUpperCase()}//${url.host}/`
    const result = await h['account:testConnection']({ baseUrl: typed, binding: 'auto' })
    expect(result).toMatchObject({ ok: true, message: 'The service accepted the API key.' })
    noKeyIn(result)
    // Save with the box empty keeps that key too: the address names the same profile.
    const before = profiles.active().id
    const saved = await h['account:saveProfile']({ baseUrl: typed, binding: 'auto' })
    expect(saved).toMatchObject({ profile: 'custom', apiKeySet: true })
    expect(profiles.active().id).toBe(before)
  })

  it('uses the key saved for the address while the demo catalogue is active', async () => {
    const h = side.handlers
    const status = await h['account:useDemo']({})
    expect(status.profile).toBe('demo')
    // The demo's own key is not the user's: the form must not say a key is saved.
    expect(status.apiKeySet).toBe(false)
    const result = await h['account:testConnection']({ baseUrl: server.url, binding: 'auto' })
    expect(result).toMatchObject({ ok: true, message: 'The service accepted the API key.' })
    noKeyIn(result)
    noKeyIn(await h['account:getStatus']({}))
    // Nothing was switched by the test.
    expect(profiles.active().kind).toBe('demo')
  })

  it('an address with no saved key still asks for one', async () => {
    const h = side.handlers
    const result = await h['account:testConnection']({
      baseUrl: 'https://elsewhere.example',
      binding: 'auto'
    })
    expect(result).toMatchObject({ ok: false, message: 'Enter an API key first.' })
  })
})
