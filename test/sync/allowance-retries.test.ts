import { describe, expect, it } from 'vitest'
import { harnessEachTest } from './sync-pull-harness'

const harness = harnessEachTest()

/**
 * The daily allowance counts getSets requests the service received. A request retried after its
 * answer was cut off may well have been counted there, so the app counts every attempt: it may
 * think a little less is left, never more.
 */
describe('the daily allowance', () => {
  it('counts a getSets request that was retried as two', async () => {
    const h = await harness(300)
    await h.sync.run()
    const before = h.sync.status().allowance.used
    // One owned-sets page is cut off mid-answer once; the client retries it.
    h.svc.admin.addFault({ operation: 'getSets', kind: { type: 'truncate' }, times: 1 })
    const status = await h.sync.run()
    expect(status.error).toBeNull()
    const calls = h.sync.status().allowance.used - before
    const clean = await (async () => {
      const again = h.sync.status().allowance.used
      await h.sync.run()
      return h.sync.status().allowance.used - again
    })()
    expect(calls).toBe(clean + 1)
  })
})
