import { describe, expect, it } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/svelte'
import { openApp, serveSyncApp } from './app-render'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'

/** Issue #14: the header and the sync page say what the last sync did, never more. */

const backend = new FakeBackend(20)
const idle = backend.status

serveSyncApp(backend)

const header = (): string => screen.getByTestId('pending').textContent.trim()

describe('what the sync status says', () => {
  it('while the catalogue downloads: the header names it, with N of M sets', async () => {
    await openApp('#/browse')
    backend.emit('sync:status', {
      ...backend.status,
      running: true,
      phase: 'sets',
      done: 1500,
      total: 5000,
      catalogueSets: 1500
    })
    await settle()
    // The catalogue, not "your collection" (issue #28): its sets so far of the service's total.
    expect(header()).toBe(
      `Downloading the catalogue… ${(1500).toLocaleString()} of ${(5000).toLocaleString()} sets`
    )
  })

  it('a failed sync is never "All synced" and offers Resume, which starts a sync', async () => {
    await openApp('#/browse')
    // What main answers from now on, sync:start included.
    backend.status = {
      ...backend.status,
      outcome: 'failed',
      error: 'The service did not answer in time.',
      lastSyncAt: new Date().toISOString()
    }
    backend.emit('sync:status', backend.status)
    await settle()
    expect(header()).toBe('Not synced')
    expect(screen.getByRole('button', { name: 'Sync failed' })).toBeTruthy()
    const before = backend.callsTo('sync:start').length
    await fireEvent.click(screen.getByRole('button', { name: 'Resume' }))
    await settle()
    expect(backend.callsTo('sync:start')).toHaveLength(before + 1)

    // The sync page says it failed and when the last complete one was, not "Last sync just now".
    window.location.hash = '#/sync'
    await settle()
    const panel = screen.getByRole('region', { name: 'Sync status' })
    expect(panel.textContent).toContain('Sync failed')
    expect(panel.textContent).toContain('The service did not answer in time.')
    // Seconds after it, the failed attempt is not "just now" either (issue #28): the clock time.
    expect(panel.textContent).toMatch(/Last complete sync at .+, before this attempt/)
    expect(panel.textContent).not.toMatch(/just now/)
    expect(within(panel).getByRole('button', { name: 'Resume' })).toBeTruthy()
  })

  it('a catalogue cut off part way is incomplete, with Resume, until it is whole', async () => {
    await openApp('#/browse')
    backend.emit('sync:status', {
      ...backend.status,
      outcome: 'failed',
      online: false,
      error: 'The service cannot be reached.',
      catalogueSets: 2000,
      catalogueIncomplete: { got: 2000, expected: 5000 }
    })
    await settle()
    expect(screen.getByTestId('offline').textContent).toBe('Offline')
    expect(header()).toBe(
      `Catalogue incomplete: ${(2000).toLocaleString()} of ${(5000).toLocaleString()} sets`
    )
    expect(screen.getByRole('button', { name: 'Resume' })).toBeTruthy()
    backend.emit('sync:status', {
      ...backend.status,
      outcome: 'complete',
      online: true,
      catalogueSets: 5000,
      catalogueIncomplete: null
    })
    await settle()
    expect(screen.queryByTestId('offline')).toBeNull()
    expect(header()).toBe('All synced')
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Sync' })).toBeTruthy()
  })

  it('a service never synced yet is "Not synced yet", not "All synced"', async () => {
    await openApp('#/browse')
    // Just connected to another service: no sync of it has run, none runs yet.
    backend.emit('sync:status', { ...idle, running: false, outcome: null, lastSyncAt: null })
    await settle()
    expect(header()).toBe('Not synced yet')
    backend.emit('sync:status', {
      ...idle,
      outcome: 'complete',
      lastSyncAt: '2026-11-26T10:00:00Z'
    })
    await settle()
    expect(header()).toBe('All synced')
  })
})
