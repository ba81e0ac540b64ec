import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/svelte'
import { openApp, serveSyncApp } from './app-render'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'

/** Issue 27: records the last sync left out, unreadable, are told where its outcome is shown. */

const backend = new FakeBackend(20)

serveSyncApp(backend)

describe('the sync page after a sync that left records out', () => {
  it('says how many could not be read and where the details are', async () => {
    await openApp('#/sync')
    backend.emit('sync:status', {
      ...backend.status,
      outcome: 'complete',
      lastSyncAt: new Date().toISOString(),
      unreadable: { sets: 3, minifigs: 1 }
    })
    await settle()
    expect(screen.getByTestId('sync-unreadable').textContent.trim()).toBe(
      '3 sets and 1 minifigure could not be read; details in the log.'
    )
  })

  it('says nothing of the kind after a sync that read everything', async () => {
    await openApp('#/sync')
    backend.emit('sync:status', { ...backend.status, outcome: 'complete' })
    await settle()
    expect(screen.queryByTestId('sync-unreadable')).toBeNull()
  })
})
