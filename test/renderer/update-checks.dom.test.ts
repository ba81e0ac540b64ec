import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import { setTransport } from '../../src/renderer/src/lib/api'
import App from '../../src/renderer/src/App.svelte'

const backend = new FakeBackend(10)
let host: 'electron' | 'browser' = 'electron'
let enabled = true
backend.override('app:getInfo', () => ({
  version: '0.1.0',
  host,
  profile: { kind: 'demo', label: 'Demo' }
}))
backend.override('app:getUpdateChecks', () => ({ enabled }))
backend.override('app:setUpdateChecks', (input) => {
  enabled = input.enabled
  return { enabled }
})

beforeAll(() => {
  setTransport(backend)
})
afterEach(() => {
  cleanup()
})

describe('Settings › Updates', () => {
  it('shows the stored setting and turns the checks off and on', async () => {
    host = 'electron'
    enabled = true
    window.location.hash = '#/settings'
    render(App)
    await settle(10)
    const box = screen.getByRole('checkbox', { name: /Check for updates automatically/ })
    expect((box as HTMLInputElement).checked).toBe(true)
    await fireEvent.click(box)
    await settle()
    expect(backend.callsTo('app:setUpdateChecks')).toEqual([{ enabled: false }])
    expect((box as HTMLInputElement).checked).toBe(false)
    cleanup()
    // Read back from where it is kept, not from the page.
    render(App)
    await settle(10)
    const again = screen.getByRole('checkbox', { name: /Check for updates automatically/ })
    expect((again as HTMLInputElement).checked).toBe(false)
  })

  it('is not offered in the browser, which never updates itself', async () => {
    host = 'browser'
    window.location.hash = '#/settings'
    render(App)
    await settle(10)
    expect(screen.queryByRole('checkbox', { name: /Check for updates automatically/ })).toBeNull()
  })
})
