import { afterEach, describe, expect, it } from 'vitest'
import { pushHarness } from '../collection/service-harness'
import type { PushHarness } from '../collection/service-harness'

/**
 * An empty answer is never proof (docs/protocol.md §5): where getSets shows no flags, a flag write
 * is confirmed by its own answer, so an empty HTTP 200 to it must not count as `success`.
 */

let h: PushHarness
afterEach(() => {
  h.close()
})

/** v3 setCollection answered with an empty 200 and not applied; getSets shows no flags. */
async function harness(): Promise<{ writes: string[] }> {
  const writes: string[] = []
  h = await pushHarness({
    fetch: (svc) => {
      svc.admin.showFlagsAs('omitted')
      return async (req) => {
        if (/\/v3\.asmx\/setCollection$/i.test(new URL(req.url).pathname)) {
          writes.push(await req.clone().text())
          return new Response('', { status: 200 })
        }
        return svc.handle(req)
      }
    }
  })
  return { writes }
}

const rows = (): { state: string; reason: string | null }[] =>
  h.store.read.prepare('SELECT state, reason FROM outbox').all() as {
    state: string
    reason: string | null
  }[]

describe('a flag write answered with an empty 200', () => {
  it('is not confirmed: the edit stays in the outbox, saying the service answered nothing', async () => {
    const { writes } = await harness()
    const setID = h.setIDs[2] ?? 0
    await h.handlers['collection:updateSet']({ setID, patch: { flags: { '3': true } } })
    const report = await h.pusher.push()
    expect(writes).toHaveLength(1)
    expect(report.pushed).toBe(0)
    expect(report.failed).toBe(1)
    expect(rows()).toEqual([
      { state: 'needs_attention', reason: 'The service answered with nothing.' }
    ])
    // Not sent again on its own: the user sees it and chooses to retry.
    await h.pusher.push()
    expect(writes).toHaveLength(1)
  })

  it('the service client rejects it rather than reading it as success', async () => {
    await harness()
    await expect(
      h.client.v3.setCollection({ SetID: h.setIDs[0] ?? 0, params: { flag1: 1 } })
    ).rejects.toMatchObject({ code: 'unexpected_empty_body' })
  })
})
