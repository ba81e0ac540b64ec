import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import { setTransport } from '../../src/renderer/src/lib/api'
import App from '../../src/renderer/src/App.svelte'
import type { AccountStatus } from '../../src/shared/model/account'

const backend = new FakeBackend(20)
let status: AccountStatus = {
  profile: 'custom',
  baseUrl: 'https://service.example',
  binding: 'auto',
  apiKeySet: true,
  signedIn: false,
  signInNeeded: null,
  username: null,
  keychain: 'memory',
  remembered: false,
  keychainMessage: null,
  problem: null
}
backend.override('account:getStatus', () => status)

beforeAll(() => {
  setTransport(backend)
})
afterEach(() => {
  cleanup()
})

describe('signed out of a real service', () => {
  it('the collection views say so and lead to sign-in; browsing does not nag', async () => {
    window.location.hash = '#/owned'
    render(App)
    await settle()
    expect(screen.getByTestId('signed-out').textContent).toContain('Signed out.')
    await fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    await settle()
    expect(window.location.hash).toBe('#/settings')
    expect(screen.queryByTestId('signed-out')).toBeNull()
    window.location.hash = '#/browse'
    await settle()
    expect(screen.queryByTestId('signed-out')).toBeNull()
  })

  it('signed in, or on the demo, there is no such note', async () => {
    status = { ...status, signedIn: true, username: 'collector' }
    window.location.hash = '#/totals'
    render(App)
    await settle()
    expect(screen.queryByTestId('signed-out')).toBeNull()
    cleanup()
    status = { ...status, profile: 'demo', signedIn: false, username: null }
    window.location.hash = '#/notes'
    render(App)
    await settle()
    expect(screen.queryByTestId('signed-out')).toBeNull()
  })

  it('a sign-in the service stopped accepting says so on every view and leads to sign-in', async () => {
    status = {
      ...status,
      profile: 'custom',
      signedIn: false,
      signInNeeded: 'hash',
      username: 'collector'
    }
    window.location.hash = '#/browse'
    render(App)
    await settle()
    const banner = screen.getByTestId('sign-in-needed')
    expect(banner.textContent).toContain('Nothing was removed')
    expect(screen.queryByTestId('signed-out')).toBeNull()
    await fireEvent.click(screen.getByRole('button', { name: 'Sign in again' }))
    await settle()
    expect(window.location.hash).toBe('#/settings')
    expect(screen.getByLabelText('Username')).toHaveProperty('value', 'collector')
    expect(screen.getAllByRole('alert').some((a) => /no longer accepts/.test(a.textContent))).toBe(
      true
    )
  })
})
