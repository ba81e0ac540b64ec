import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/svelte'
import { openApp, serveApp } from './app-render'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import { HeldTransport, toChannels, withInput } from './held-transport'

/**
 * One set's page to another's while an answer of the first is still on its way (the copies e2e
 * adds a copy to set A, then opens set B at once): when it lands, the set it was for is gone
 * (`detail.set` is null while B loads), and nothing may read that set's props any more.
 */

const backend = new FakeBackend(50)
/** The copy table's ledger answers and set 8's catalogue row, held until the test lets them go. */
const ledger = toChannels('ledger:listForSet')
const set8 = withInput('catalog:getSet', (q) => q.setID === 8)
const transport = new HeldTransport(backend, (c) => ledger(c) || set8(c))

backend.override('ledger:listForSet', () => [])
serveApp(transport)

describe('set detail between sets', () => {
  it('an answer for the set just left lands without a page error', async () => {
    // A promise's error in the page is an unhandled rejection of this process under jsdom.
    const errors: string[] = []
    const onRejection = (reason: unknown): void => {
      errors.push(reason instanceof Error ? reason.message : String(reason))
    }
    process.on('unhandledRejection', onRejection)
    try {
      await openApp('#/browse/set/7', 8)
      expect(transport.held.filter(ledger).length).toBeGreaterThan(0)
      // Set 8 starts loading: set 7's page goes while its ledger answer is still held.
      window.location.hash = '#/browse/set/8'
      await settle(2)
      expect(screen.getByRole('article').textContent).toContain('Loading set')
      transport.answerAll(ledger)
      await settle(4)
      transport.answerAll(set8)
      await settle(8)
      transport.answerAll(ledger)
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
