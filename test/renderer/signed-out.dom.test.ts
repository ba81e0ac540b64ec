import { describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen } from '@testing-library/svelte'
import { openApp, serveApp } from './app-render'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import { accountStatus } from './account-status'

const backend = new FakeBackend(20)
let status = accountStatus()
backend.override('account:getStatus', () => status)

serveApp(backend)

describe('signed out of a real service', () => {
  it('the collection views say so and lead to sign-in; browsing does not nag', async () => {
    await openApp('#/owned')
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
    await openApp('#/totals')
    expect(screen.queryByTestId('signed-out')).toBeNull()
    cleanup()
    status = { ...status, profile: 'demo', signedIn: false, username: null }
    await openApp('#/notes')
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
    await openApp('#/browse')
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
