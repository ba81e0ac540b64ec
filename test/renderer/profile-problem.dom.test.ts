import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/svelte'
import { openApp, serveApp } from './app-render'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import { accountStatus } from './account-status'

const backend = new FakeBackend(20)
const status = accountStatus({
  baseUrl: 'http://brickset.example.com',
  apiKeySet: false,
  problem: 'The service address must use https.'
})
backend.override('account:getStatus', () => status)

serveApp(backend)

describe('stored service settings that cannot be used', () => {
  it('the app opens on Settings with the reason; the catalogue stays a click away', async () => {
    await openApp('#/browse')
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
