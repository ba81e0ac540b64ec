import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen, within } from '@testing-library/svelte'
import { openApp, serveApp } from './app-render'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import Settings from '../../src/renderer/src/views/Settings.svelte'
import { account } from '../../src/renderer/src/lib/state/account.svelte'
import { accountStatus } from './account-status'

/** Issue #28, Settings: what the account part of Settings says is true and in plain words. */

const backend = new FakeBackend(20)
const WORDS =
  'Your sign-in is kept only while Studbook runs, because no keychain service is running for ' +
  'this desktop session. You will sign in again after quitting.'
const RAW = 'Cannot autolaunch D-Bus without X11 $DISPLAY'
let status = accountStatus({ keychainMessage: WORDS, keychainDetail: RAW })
backend.override('account:getStatus', () => status)

serveApp(backend, {
  reset: () => {
    backend.failures = {}
  }
})

const toastTexts = (): string =>
  screen.queryByRole('region', { name: 'Notifications' })?.textContent ?? ''

describe('Settings says what holds', () => {
  it('the keychain note is plain words; the raw reason waits behind "Details"', async () => {
    await openApp('#/settings')
    const note = screen.getByTestId('keychain')
    expect(note.textContent).toContain(WORDS)
    const details = within(note).getByText('Details').closest('details')
    expect(details).not.toBeNull()
    expect(details?.open).toBe(false)
    expect(details?.textContent).toContain(RAW)
    // The raw text is only inside the closed disclosure, not in the sentence.
    const sentence = note.textContent.replace(details?.textContent ?? '', '')
    expect(sentence).not.toMatch(/D-Bus|DISPLAY/)
  })

  it('a keychain note with no raw reason has no Details', async () => {
    const { keychainDetail: _raw, ...rest } = status
    status = { ...rest, keychainMessage: null }
    await openApp('#/settings')
    expect(within(screen.getByTestId('keychain')).queryByText('Details')).toBeNull()
  })

  it('a wrong password shows beside the password field, with no pop-up offering "Sign in"', async () => {
    await openApp('#/settings')
    backend.failures['account:signIn'] = {
      code: 'invalid_credentials',
      message: 'The user name or password is wrong.',
      retryable: false
    }
    const password = screen.getByLabelText<HTMLInputElement>('Password')
    await fireEvent.input(screen.getByLabelText('Username'), { target: { value: 'ann' } })
    await fireEvent.input(password, { target: { value: 'not-it' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    await settle()
    expect(password.value).toBe('')
    expect(password.getAttribute('aria-invalid')).toBe('true')
    const errorId = password.getAttribute('aria-describedby') ?? ''
    const error = document.getElementById(errorId)
    expect(error?.textContent).toContain('The username or password is not right.')
    // Beside the field: in the same form as the password, not a toast.
    expect(error?.closest('form')).toBe(password.closest('form'))
    expect(toastTexts()).not.toContain('Sign-in failed')
    expect(
      screen.queryByRole('region', { name: 'Notifications' })?.querySelector('button') ?? null
    ).toBeNull()

    // Typing again takes the error away; a right password signs in.
    await fireEvent.input(password, { target: { value: 'right' } })
    await settle()
    expect(password.getAttribute('aria-invalid')).not.toBe('true')
    expect(document.getElementById(errorId)?.textContent ?? '').not.toContain('not right')
  })
})

describe('the service form on a window opened at Settings', () => {
  it('shows the saved address once the status arrives, so an empty key box means the saved key', async () => {
    account.follow(null)
    render(Settings)
    const address = screen.getByLabelText<HTMLInputElement>('Service address')
    expect(address.value).toBe('')
    account.follow({ ...status, baseUrl: 'https://service.example', binding: 'httpPost' })
    await settle()
    expect(address.value).toBe('https://service.example')
    expect(screen.getByLabelText<HTMLSelectElement>('Binding').value).toBe('httpPost')
    expect(screen.getByLabelText<HTMLInputElement>('API key').placeholder).toBe(
      'Saved: leave empty to keep it'
    )
    await fireEvent.click(screen.getByRole('button', { name: 'Test connection' }))
    await settle()
    // The saved key is main's to use: the window sends none and never holds one.
    expect(backend.callsTo('account:testConnection').at(-1)).toEqual({
      baseUrl: 'https://service.example',
      binding: 'httpPost'
    })
  })

  it('an address the user typed is not replaced by a later status', async () => {
    account.follow(null)
    render(Settings)
    const address = screen.getByLabelText<HTMLInputElement>('Service address')
    await fireEvent.input(address, { target: { value: 'https://mine.example' } })
    account.follow({ ...status, baseUrl: 'https://service.example' })
    await settle()
    expect(address.value).toBe('https://mine.example')
  })
})
