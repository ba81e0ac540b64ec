import { describe, expect, it } from 'vitest'
import { accountRig } from './account-rig'

/**
 * Issue #28, Settings: the key box says "Saved: leave empty to keep it", so Test connection with
 * the box empty tries the key saved for that address, wherever the form's address came from.
 * Whatever it answers, the key itself never travels to the window.
 */
const rig = accountRig('saved-key', 5)
const { svc } = rig

const noKeyIn = (value: unknown): void => {
  expect(JSON.stringify(value)).not.toContain(svc.demo.apiKey)
}

describe('Test connection with the key box left empty', () => {
  it('uses the key saved for the address, also when the address is written another way', async () => {
    const h = rig.side.handlers
    noKeyIn(
      await h['account:saveProfile']({
        baseUrl: rig.url,
        apiKey: svc.demo.apiKey,
        binding: 'auto'
      })
    )
    const url = new URL(rig.url)
    // The same address as a person may type it again: an upper-case scheme, a trailing slash.
    const typed = `${url.protocol.toUpperCase()}//${url.host}/`
    const result = await h['account:testConnection']({ baseUrl: typed, binding: 'auto' })
    expect(result).toMatchObject({ ok: true, message: 'The service accepted the API key.' })
    noKeyIn(result)
    // Save with the box empty keeps that key too: the address names the same profile.
    const before = rig.profiles.active().id
    const saved = await h['account:saveProfile']({ baseUrl: typed, binding: 'auto' })
    expect(saved).toMatchObject({ profile: 'custom', apiKeySet: true })
    expect(rig.profiles.active().id).toBe(before)
  })

  it('uses the key saved for the address while the demo catalogue is active', async () => {
    const h = rig.side.handlers
    const status = await h['account:useDemo']({})
    expect(status.profile).toBe('demo')
    // The demo's own key is not the user's: the form must not say a key is saved.
    expect(status.apiKeySet).toBe(false)
    const result = await h['account:testConnection']({ baseUrl: rig.url, binding: 'auto' })
    expect(result).toMatchObject({ ok: true, message: 'The service accepted the API key.' })
    noKeyIn(result)
    noKeyIn(await h['account:getStatus']({}))
    // Nothing was switched by the test.
    expect(rig.profiles.active().kind).toBe('demo')
  })

  it('an address with no saved key still asks for one', async () => {
    const h = rig.side.handlers
    const result = await h['account:testConnection']({
      baseUrl: 'https://elsewhere.example',
      binding: 'auto'
    })
    expect(result).toMatchObject({ ok: false, message: 'Enter an API key first.' })
  })
})
