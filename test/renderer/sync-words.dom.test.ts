import { describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/svelte'
import { openApp, serveSyncApp } from './app-render'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import type { SyncPhase } from '../../src/shared/model/sync'

/** Issue #28, statuses: the header names what a sync is downloading; times are never flattered. */

const backend = new FakeBackend(20)
const idle = backend.status

serveSyncApp(backend, () => {
  vi.useRealTimers()
})

const header = (): string => screen.getByTestId('pending').textContent.trim()
const n = (x: number): string => x.toLocaleString()

async function running(phase: SyncPhase, done: number, total: number): Promise<string> {
  backend.emit('sync:status', { ...idle, running: true, phase, done, total, catalogueSets: 700 })
  await settle()
  return header()
}

describe('what the header says a sync is doing', () => {
  it('names each step of a sync, with N of M where it counts', async () => {
    await openApp()
    expect(await running('themes', 0, 1)).toBe('Downloading the catalogue’s themes…')
    expect(await running('sets', 4000, 20000)).toBe(
      `Downloading the catalogue… ${n(4000)} of ${n(20000)} sets`
    )
    // Before the service said how many: the sets so far.
    expect(await running('sets', 0, 0)).toBe(`Downloading the catalogue… ${n(700)} sets`)
    expect(await running('subthemes', 3, 40)).toBe(
      `Downloading the catalogue’s subthemes… ${n(3)} of ${n(40)} themes`
    )
    expect(await running('years', 5, 40)).toBe(
      `Downloading the catalogue’s years… ${n(5)} of ${n(40)} themes`
    )
    expect(await running('recent', 0, 0)).toBe('Checking the catalogue for new and changed sets…')
    expect(await running('minifigs', 120, 900)).toBe(
      `Downloading minifigures… ${n(120)} of ${n(900)}`
    )
    expect(await running('collection', 2, 6)).toBe('Downloading your collection…')
    expect(await running('push', 0, 0)).toBe('Sending your changes…')
  })
})

describe('"Last complete sync" on the sync page', () => {
  const line = (): string =>
    screen.getByRole('region', { name: 'Sync status' }).querySelector('[data-testid="last-sync"]')
      ?.textContent ?? ''

  /** The sync page after an attempt that failed offline, the last complete sync at `then`. */
  async function openFailedOffline(then: Date): Promise<void> {
    backend.status = {
      ...idle,
      outcome: 'failed',
      online: false,
      error: 'The service cannot be reached.',
      lastSyncAt: then.toISOString()
    }
    await openApp('#/sync')
  }

  it('offline after a failed attempt: the last complete one keeps its own time', async () => {
    const then = new Date(Date.now() - 3 * 3600_000)
    await openFailedOffline(then)
    expect(screen.getByTestId('sync-headline').textContent).toBe('Offline')
    expect(line()).toContain('3 h ago')
    expect(line()).not.toContain('just now')
  })

  it('seconds after the last complete sync, a failed attempt is not "just now" but the time', async () => {
    // What a collector saw: synced, the service went away, Sync now, and the page read
    // "Offline · Last complete sync just now", as if the attempt had been a sync.
    const then = new Date(Date.now() - 5000)
    await openFailedOffline(then)
    expect(line()).not.toContain('just now')
    expect(line()).toBe(
      `Last complete sync at ${then.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}, before this attempt`
    )
  })

  it('"just now" does not outlive its minute while the page stays open', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    backend.status = { ...idle, outcome: 'complete', lastSyncAt: new Date().toISOString() }
    await openApp('#/sync')
    expect(line()).toContain('just now')
    // The service goes away; nothing new arrives from main, and time passes.
    vi.advanceTimersByTime(5 * 60_000)
    await settle()
    expect(line()).not.toContain('just now')
    expect(line()).toContain('5 min ago')
  })

  it('a time ahead of this window’s clock (the host’s clock is ahead) is not "just now"', async () => {
    const ahead = new Date(Date.now() + 20 * 60_000)
    backend.status = { ...idle, outcome: 'failed', online: false, lastSyncAt: ahead.toISOString() }
    await openApp('#/sync')
    expect(line()).not.toContain('just now')
    expect(line()).toContain(ahead.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }))
  })

  it('never synced says so', async () => {
    backend.status = { ...idle, outcome: 'failed', online: false, lastSyncAt: null }
    await openApp('#/sync')
    expect(screen.getByTestId('sync-headline').textContent).toBe('Offline')
    expect(line()).toBe('No complete sync yet')
  })
})
