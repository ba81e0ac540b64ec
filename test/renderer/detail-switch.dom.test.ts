import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, render, screen, within } from '@testing-library/svelte'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import { setTransport } from '../../src/renderer/src/lib/api'
import type { Transport } from '../../src/renderer/src/lib/api'
import App from '../../src/renderer/src/App.svelte'

/**
 * One set's page to another's while an answer of the first is still on its way (the copies e2e
 * adds a copy to set A, then opens set B at once): when it lands, the set it was for is gone
 * (`detail.set` is null while B loads), and nothing may read that set's props any more.
 */

const backend = new FakeBackend(50)
/** The copy table's ledger answers and set 8's catalogue row, held until the test lets them go. */
const held: (() => void)[] = []
const next: (() => void)[] = []
const transport: Transport = {
  invoke(channel, input) {
    const queue =
      channel === 'ledger:listForSet'
        ? held
        : channel === 'catalog:getSet' && (input as { setID: number }).setID === 8
          ? next
          : null
    if (queue === null) return backend.invoke(channel, input)
    return new Promise((resolve) => {
      queue.push(() => {
        resolve(backend.invoke(channel, input))
      })
    })
  },
  subscribe: (event, listener) => backend.subscribe(event, listener)
}

beforeAll(() => {
  backend.override('ledger:listForSet', () => [])
  setTransport(transport)
})
afterEach(() => {
  cleanup()
})

describe('set detail between sets', () => {
  it('an answer for the set just left lands without a page error', async () => {
    // A promise's error in the page is an unhandled rejection of this process under jsdom.
    const errors: string[] = []
    const onRejection = (reason: unknown): void => {
      errors.push(reason instanceof Error ? reason.message : String(reason))
    }
    process.on('unhandledRejection', onRejection)
    try {
      window.location.hash = '#/browse/set/7'
      render(App)
      await settle(8)
      expect(held.length).toBeGreaterThan(0)
      // Set 8 starts loading: set 7's page goes while its ledger answer is still held.
      window.location.hash = '#/browse/set/8'
      await settle(2)
      expect(screen.getByRole('article').textContent).toContain('Loading set')
      for (const release of held.splice(0)) release()
      await settle(4)
      for (const release of next.splice(0)) release()
      await settle(8)
      for (const release of held.splice(0)) release()
      await settle(4)
      const page = screen.getByRole('article')
      expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe(
        backend.sets[7]?.name
      )
    } finally {
      process.off('unhandledRejection', onRejection)
    }
    expect(errors).toEqual([])
  })
})
