import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/svelte'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import { setTransport } from '../../src/renderer/src/lib/api'
import App from '../../src/renderer/src/App.svelte'
import type { AccountStatus } from '../../src/shared/model/account'

const backend = new FakeBackend(20)
const status: AccountStatus = {
  profile: 'custom',
  baseUrl: 'http://brickset.example.com',
  binding: 'auto',
  apiKeySet: false,
  signedIn: false,
  signInNeeded: null,
  username: null,
  keychain: 'memory',
  remembered: false,
  keychainMessage: null,
  problem: 'The service address must use https.'
}
backend.override('account:getStatus', () => status)

beforeAll(() => {
  setTransport(backend)
})
afterEach(() => {
  cleanup()
})

describe('stored service settings that cannot be used', () => {
  it('the app opens on Settings with the reason; the catalogue stays a click away', async () => {
    window.location.hash = '#/browse'
    render(App)
    await settle()
    expect(window.location.hash).toBe('#/settings')
    const reason = screen.getByTestId('profile-problem')
    expect(reason.getAttribute('role')).toBe('alert')
    expect(reason.textContent).toContain('The service address must use https.')
    expect(reason.textContent).toContain('http://brickset.example.com')
    window.location.hash = '#/browse'
    await settle()
    expect(screen.getAllByText(/set 1\b/).length).toBeGreaterThan(0)
  })
})
