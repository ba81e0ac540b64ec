import { vi } from 'vitest'
import { WAIT_MS } from './limits'

/**
 * Waits for a condition for as long as a loaded machine needs: vi.waitFor's own default gives up
 * after 1 s, and at load 20-30 a DOM test's first search took longer than that. A condition that
 * never comes is still named, by this wait's end, before the test's own limit.
 */
export function waitUntil<T>(check: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(check, { timeout: WAIT_MS, interval: 20 })
}
