import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/svelte'
import { openApp, serveApp } from './app-render'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'

/**
 * An empty list says why it is empty. Before the first sync has brought any set, "No sets match:
 * try fewer words or clear a filter" was shown with no words and no filter (seen in a first run's
 * screenshot, 2026-11-28): it sent the user looking for a filter that was never there.
 */
const backend = new FakeBackend(0)

serveApp(backend, { route: '#/browse' })

describe('Browse with no sets', () => {
  it('while the first sync runs: the catalogue is on its way, not a filter to clear', async () => {
    backend.status = { ...backend.status, running: true, catalogueSets: 0 }
    await openApp()
    await settle()
    expect(await screen.findByRole('heading', { name: 'The catalogue is on its way' })).toBeTruthy()
    expect(screen.queryByText(/clear a filter/)).toBeNull()
  })

  it('with no sync running: it says a sync downloads it', async () => {
    backend.status = { ...backend.status, running: false, catalogueSets: 0 }
    await openApp()
    await settle()
    expect(await screen.findByRole('heading', { name: 'No catalogue yet' })).toBeTruthy()
    expect(screen.getByText(/Sync downloads it from the service/)).toBeTruthy()
    expect(screen.queryByText(/clear a filter/)).toBeNull()
  })
})
