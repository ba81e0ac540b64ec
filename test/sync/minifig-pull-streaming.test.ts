import { describe, expect, it } from 'vitest'
import { getSyncValue } from '../../src/main/store/sync-state-repo'
import { figureNumbers, harnessEachTest } from './sync-pull-harness'
import type { Harness } from './sync-pull-harness'
import { interceptV3 } from './v3-requests'

/**
 * Issue #25: at 200,000 sets the figure catalogue is hundreds of thousands of figures and links.
 * Held whole in the host's heap until the last page arrived (then copied twice to be written), it
 * took the host past its memory budget; each page is now written as it arrives, so the pull holds
 * one page of figures at a time.
 */

const harness = harnessEachTest()

describe('the figure pull, page by page', () => {
  it('has stored the first page’s figures by the time it asks for the third', async () => {
    const x = await harness(2500)
    const firstPage: string[] = []
    const storedWhenThirdAsked: string[] = []
    interceptV3(x, async (call, req) => {
      if (call.op !== 'getMinifigs') return null
      const page = Number(call.params['pageNumber'] ?? 1)
      if (page === 1) {
        const res = await x.svc.handle(req)
        const body = (await res.clone().json()) as { minifigs: { minifigNumber: string }[] }
        firstPage.push(...body.minifigs.map((f) => f.minifigNumber))
        return res
      }
      // The second is asked for while the first is written; by the third the first is in.
      if (page === 3) storedWhenThirdAsked.push(...(await figureNumbers(x)))
      return null
    })
    const status = await x.sync.run()
    expect(status.error).toBeNull()
    expect(firstPage.length).toBe(500)
    expect(storedWhenThirdAsked.length).toBeGreaterThan(0)
    const stored = new Set(storedWhenThirdAsked)
    expect(firstPage.filter((n) => !stored.has(n))).toEqual([])
  })

  it('cut off after its first page: that page stays, the pull is not done, the next completes it', async () => {
    const h = await harness(1000)
    watchCut(h)
    const cut = await h.sync.run()
    expect(cut.online).toBe(false)
    const pid = h.profiles.active().id
    expect(getSyncValue(h.store.read, pid, 'minifigs_pulled_at')).toBeNull()
    const partial = await figureNumbers(h)
    expect(partial.length).toBeGreaterThanOrEqual(500)

    h.intercept = null
    const status = await h.sync.run()
    expect(status.error).toBeNull()
    expect(getSyncValue(h.store.read, pid, 'minifigs_pulled_at')).not.toBeNull()
    const whole = await figureNumbers(h)
    expect(whole.length).toBeGreaterThan(partial.length)
    for (const n of partial) expect(whole).toContain(n)
  })

  it('a figure the service no longer lists is gone after the next whole pull', async () => {
    const h = await harness(1000)
    await h.sync.run()
    const before = await figureNumbers(h)
    const dropped = before[before.length - 1] ?? ''
    // The service's second page without the last figure: its list shrank since the last pull.
    interceptV3(h, async (call, req) => {
      if (call.op !== 'getMinifigs' || Number(call.params['pageNumber']) !== 2) return null
      const res = await h.svc.handle(req)
      const body = (await res.json()) as { minifigs: { minifigNumber: string }[] }
      body.minifigs = body.minifigs.filter((f) => f.minifigNumber !== dropped)
      return Response.json(body)
    })
    const status = await h.sync.run({ full: true })
    expect(status.error).toBeNull()
    const after = await figureNumbers(h)
    expect(after).not.toContain(dropped)
    expect(after.length).toBe(before.length - 1)
  })
})

function watchCut(x: Harness): void {
  interceptV3(x, (call) => {
    if (call.op === 'getMinifigs' && Number(call.params['pageNumber']) === 2) {
      throw new TypeError('fetch failed')
    }
    return null
  })
}
