import { describe, expect, it } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import { createServiceClient } from '../../src/main/service/index'
import { ServerReads } from '../../src/main/sync/push/ops'

/**
 * Issue #25 (the push's main-thread holds): a push round kept every set's service reads until it
 * ended, so a 5,000-set push's records all lived into the old generation, and the main thread's
 * garbage collections grew with them. A round goes set by set: it now keeps the reads of the
 * latest sets only, and asks the service again for a set it reads after many others.
 */
describe('the reads a push round keeps', () => {
  it('are those of the latest sets: an early set is asked for again', async () => {
    const svc = createReferenceService({ sets: 200, seed: 7 })
    let asked = 0
    const secrets: { apiKey: string; userHash?: string } = { apiKey: svc.demo.apiKey }
    const client = createServiceClient({
      profile: { baseUrl: 'https://demo.studbook.invalid' },
      secrets: () => ({ ...secrets }),
      fetch: (req) => {
        asked++
        return svc.handle(req)
      },
      timeoutMs: 5000
    })
    secrets.userHash = await client.v2.login({
      username: svc.demo.username,
      password: svc.demo.password
    })
    const ids = (await client.v2.getSets({ pageSize: 100, pageNumber: 1 })).map((s) => s.setID)
    expect(ids.length).toBe(100)
    const reads = new ServerReads(client)
    await reads.v2Set(ids[0] ?? 0)
    const first = asked
    await reads.v2Set(ids[0] ?? 0)
    expect(asked).toBe(first)
    for (const id of ids.slice(1)) await reads.v2Set(id)
    const all = asked
    expect(all).toBe(first + 99)
    // The last set's read is kept; the first one's, 99 sets ago, is not.
    await reads.v2Set(ids[99] ?? 0)
    expect(asked).toBe(all)
    await reads.v2Set(ids[0] ?? 0)
    expect(asked).toBe(all + 1)
  })
})
