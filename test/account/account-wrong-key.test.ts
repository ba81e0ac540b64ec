import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { accountRig } from './account-rig'

/** Saving a key the service refuses is bad input: a clear error, and the working setup stays. */
const rig = accountRig('wrong-key', 3)
const { svc } = rig

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
    const h = rig.side.handlers
    const before = rig.profiles.active()
    await expect(
      h['account:saveProfile']({ baseUrl: rig.url, apiKey: 'not-the-key', binding: 'auto' })
    ).rejects.toMatchObject({ code: 'invalid_key', detail: { field: 'apiKey' } })
    expect(rig.profiles.active()).toEqual(before)
    expect((await h['account:getStatus']({})).profile).toBe('demo')
  })

  it('over a working profile: the saved key, binding and sign-in stay', async () => {
    const h = rig.side.handlers
    await h['account:saveProfile']({
      baseUrl: rig.url,
      apiKey: svc.demo.apiKey,
      binding: 'auto'
    })
    await h['account:signIn']({ username: svc.demo.username, password: svc.demo.password })
    const before = rig.profiles.active()
    await expect(
      h['account:saveProfile']({ baseUrl: rig.url, apiKey: 'not-the-key', binding: 'httpGet' })
    ).rejects.toMatchObject({ code: 'invalid_key' })
    expect(rig.profiles.active()).toEqual(before)
    expect(rig.profiles.secrets().apiKey).toBe(svc.demo.apiKey)
    expect(await h['account:getStatus']({})).toMatchObject({ signedIn: true, binding: 'auto' })
    // The form then holds the saved address with the key field left empty: the saved key.
    expect((await h['account:testConnection']({ baseUrl: rig.url, binding: 'auto' })).ok).toBe(true)
  })

  it('Test connection tries the typed key, not the saved one, and saves nothing', async () => {
    const h = rig.side.handlers
    const before = rig.profiles.active()
    const wrong = await h['account:testConnection']({
      baseUrl: rig.url,
      apiKey: 'not-the-key',
      binding: 'auto'
    })
    expect(wrong.ok).toBe(false)
    expect(wrong.message).toMatch(/API key/)
    const right = await h['account:testConnection']({
      baseUrl: `${rig.url}/`,
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
    expect(rig.profiles.active()).toEqual(before)
    expect(rig.profiles.secrets().apiKey).toBe(svc.demo.apiKey)
  })

  it('an unreachable service is no verdict on the key: the profile is saved', async () => {
    const h = rig.side.handlers
    const status = await h['account:saveProfile']({
      baseUrl: 'http://127.0.0.1:9/',
      apiKey: 'maybe-right',
      binding: 'auto'
    })
    expect(status).toMatchObject({ profile: 'custom', apiKeySet: true })
    expect(rig.profiles.active().baseUrl).toBe('http://127.0.0.1:9')
  })
})
