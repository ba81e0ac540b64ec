import { describe, expect, it } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import { createServiceClient } from '../../src/main/service/index'
import { pushHarness } from '../collection/service-harness'

/** A profile whose service only has the earlier description (no v2, no v3) still gets its edits. */
describe('pusher against the earlier service only', () => {
  it('owned, wanted, quantity and notes go through update*; flags wait with a clear reason', async () => {
    const svc = createReferenceService({ sets: 30, seed: 4 })
    const plain = createServiceClient({
      profile: { baseUrl: 'https://demo.studbook.invalid' },
      secrets: () => ({ apiKey: svc.demo.apiKey }),
      fetch: (r) => svc.handle(r)
    })
    const userHash = await plain.v2.login({
      username: svc.demo.username,
      password: svc.demo.password
    })
    const setIDs = (await plain.v2.getSets({ pageSize: 30 }))
      .map((s) => s.setID)
      .filter((id) => !svc.admin.getCollectionValue(svc.demo.username, id).owned)
    // v2 and v3 are not there: every request to them fails as an unknown path would.
    const legacyOnly = (req: Request): Promise<Response> =>
      /\/api\/v[23]\.asmx/i.test(new URL(req.url).pathname)
        ? Promise.resolve(
            new Response('Not found', { status: 404, headers: { 'content-type': 'text/html' } })
          )
        : svc.handle(req)
    const h = await pushHarness({ svc, fetch: () => legacyOnly, reuse: { userHash, setIDs } })
    try {
      const setID = setIDs[0] ?? 0
      await h.handlers['collection:updateSet']({
        setID,
        patch: { qtyOwned: 2, wanted: true, notes: 'old service' }
      })
      await h.handlers['collection:updateSet']({ setID, patch: { flags: { '1': true } } })
      const report = await h.pusher.push()
      expect(report.stopped).toBeNull()
      expect(svc.admin.getCollectionValue(svc.demo.username, setID)).toMatchObject({
        owned: true,
        qtyOwned: 2,
        wanted: true,
        notes: 'old service'
      })
      const left = await h.handlers['outbox:list']({})
      expect(left).toMatchObject([{ field: 'flag 1', state: 'needs_attention' }])
      expect(left[0]?.reason).toMatch(/cannot store flags/)
    } finally {
      h.close()
      svc.close()
    }
  })
})
