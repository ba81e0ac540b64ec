import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render } from '@testing-library/svelte'
import { setTransport } from '../../src/renderer/src/lib/api'
import App from '../../src/renderer/src/App.svelte'
import { search } from '../../src/renderer/src/lib/state/search.svelte'
import type { ChannelName } from '../../src/shared/ipc/contract'
import { FakeBackend } from './fake-backend'
import { HeldTransport } from './held-transport'
import { WAIT_MS } from '../limits'

/**
 * Main says "data changed" once per edit; a sync or a run of 2,000 edits says it thousands of
 * times. Each refresh the page starts is a call to main, and in the browser host the page has six
 * connections to it: a refresh per event queued thousands of calls, and a click waited seconds
 * behind them. However many events arrive, each screen's refresh runs at most once more.
 */

afterEach(() => {
  cleanup()
})

describe('a burst of data changes', () => {
  it('refreshes each screen at most twice, the last time after the last change', async () => {
    const backend = new FakeBackend(200)
    const transport = new HeldTransport(backend)
    setTransport(transport)
    window.location.hash = '#/browse'
    render(App)
    // The first screen is whole once its facet counts came, asked after the list has rested
    // (FACET_DELAY_MS): counted from before they came, a slow turn let them land in the burst
    // below as a third call.
    await vi.waitFor(
      async () => {
        await transport.releaseUntilQuiet()
        expect(search.facets).not.toBeNull()
      },
      { timeout: WAIT_MS, interval: 20 }
    )
    const before = backend.calls.length
    for (let i = 0; i < 50; i++) {
      backend.emit('data:changed', { scope: 'collection', setIDs: [i + 1] })
    }
    // The last change lands once the refreshes have their answers but before they are done:
    // the list must still show it.
    transport.answerAll()
    const last = backend.sets[2]
    const ownIt = backend.invoke('collection:updateSet', {
      setID: last?.setID ?? 0,
      patch: { owned: true }
    })
    backend.emit('data:changed', { scope: 'collection', setIDs: [last?.setID ?? 0] })
    await ownIt
    await transport.releaseUntilQuiet()
    expect(search.rowAt(2)?.collection.owned).toBe(true)
    const after = backend.calls.slice(before).map((c) => c.channel)
    const count = (channel: ChannelName): number => after.filter((c) => c === channel).length
    for (const channel of ['catalog:search', 'views:list', 'flags:getLabels'] as const) {
      expect(count(channel), channel).toBeGreaterThanOrEqual(1)
      expect(count(channel), channel).toBeLessThanOrEqual(2)
    }
    // The outbox list is read only where a screen shows it (not Browse).
    expect(count('outbox:list')).toBe(0)
  })
})
