import { afterEach, describe, expect, it } from 'vitest'
import { pushHarness } from '../collection/service-harness'
import type { PushHarness } from '../collection/service-harness'

/**
 * How a flag write is confirmed (docs/protocol.md §5): where v3 getSets shows the flags, by reading
 * them back; where it does not (production's records carry none), by the write's own answer.
 */

let h: PushHarness
afterEach(() => {
  h.close()
})

/** v3 setCollection answered `success` without being applied, counted. */
async function harness(showFlags: boolean): Promise<{ writes: string[] }> {
  const writes: string[] = []
  h = await pushHarness({
    fetch: (svc) => {
      if (!showFlags) svc.admin.showFlagsAs('omitted')
      return async (req) => {
        if (/\/v3\.asmx\/setCollection$/i.test(new URL(req.url).pathname)) {
          writes.push(await req.clone().text())
          return Response.json({ status: 'success' })
        }
        return svc.handle(req)
      }
    }
  })
  return { writes }
}

const pending = (): number =>
  (
    h.store.read.prepare("SELECT count(*) AS n FROM outbox WHERE state = 'pending'").get() as {
      n: number
    }
  ).n

describe('a flag write answered success', () => {
  it('is read back where the service shows flags: one it did not keep stays pending', async () => {
    const { writes } = await harness(true)
    const setID = h.setIDs[3] ?? 0
    await h.handlers['collection:updateSet']({ setID, patch: { flags: { '2': true } } })
    const report = await h.pusher.push()
    expect(writes).toHaveLength(1)
    expect(report).toMatchObject({ failed: 0, conflicts: 0 })
    expect(pending()).toBe(1)
    expect(h.svc.admin.getCollectionValue(h.svc.demo.username, setID).flags[1]).toBe(false)
  })

  it('is confirmed by its answer where the service shows none, and sent once', async () => {
    const { writes } = await harness(false)
    const setID = h.setIDs[4] ?? 0
    await h.handlers['collection:updateSet']({ setID, patch: { flags: { '2': true } } })
    expect(await h.pusher.push()).toMatchObject({ failed: 0, conflicts: 0 })
    expect(pending()).toBe(0)
    await h.pusher.push()
    await h.pusher.push()
    expect(writes).toHaveLength(1)
    expect(decodeURIComponent(writes[0] ?? '')).toMatch(/"flag2":1/)
  })
})
