import { afterEach, beforeAll } from 'vitest'
import { cleanup, render, screen } from '@testing-library/svelte'
import { setTransport } from '../../src/renderer/src/lib/api'
import type { Transport } from '../../src/renderer/src/lib/api'
import App from '../../src/renderer/src/App.svelte'
import { settle } from './dom-env'
import type { FakeBackend } from './fake-backend'

interface Serving {
  /** Where the window starts, for tests that render the app without saying where. */
  route?: string
  /** Puts back, after each test, what the file's tests change on the back end. */
  reset?: () => void
}

/**
 * The whole app over this transport for every test of the file; each test's page is unmounted
 * after it, so the next one renders afresh.
 */
export function serveApp(transport: Transport, { route, reset }: Serving = {}): void {
  beforeAll(() => {
    setTransport(transport)
    if (route !== undefined) window.location.hash = route
  })
  afterEach(() => {
    cleanup()
    reset?.()
  })
}

/**
 * serveApp for files whose tests change the sync status: each test starts from the status the
 * fake began with, on Browse.
 */
export function serveSyncApp(backend: FakeBackend, reset?: () => void): void {
  const idle = backend.status
  serveApp(backend, {
    reset: () => {
      reset?.()
      backend.status = idle
      window.location.hash = '#/browse'
    }
  })
}

/** Renders the app at a route (or where the window is) and lets its first answers land. */
export async function openApp(route?: string, turns?: number): Promise<void> {
  if (route !== undefined) window.location.hash = route
  render(App)
  await settle(turns)
}

/** Opens a set's page in Browse, once its set, extras and copies have answered. */
export async function openSetPage(setID: number): Promise<HTMLElement> {
  await openApp(`#/browse/set/${setID}`, 8)
  return screen.getByRole('article')
}
