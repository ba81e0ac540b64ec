import { describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte'
import { openApp, serveApp } from './app-render'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
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

serveApp(backend)

describe('Settings › Updates', () => {
  it('shows the stored setting and turns the checks off and on', async () => {
    host = 'electron'
    enabled = true
    await openApp('#/settings', 10)
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
    await openApp('#/settings', 10)
    expect(screen.queryByRole('checkbox', { name: /Check for updates automatically/ })).toBeNull()
  })
})
