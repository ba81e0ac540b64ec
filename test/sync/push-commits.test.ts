import { describe, expect, it } from 'vitest'
import { createBulkEditHandlers } from '../../src/main/collection/bulk-edit-handlers'
import { pushBulkWanted, pushHarnessEachTest, watchedStore } from './push-rig'

/**
 * Issue #25: pushing a 5,000-set bulk edit took minutes, most of it commits: each pushed row was
 * two transactions of its own (recorded as sent, then confirmed), and each commit waits for the
 * disk (an fsync, ~5 ms of main thread on the loaded 2-core machine). What must stay one commit
 * per row is the record that a write is about to leave; the confirmations after the service
 * showed the values are committed together.
 */

const harness = pushHarnessEachTest()

describe('a large push', () => {
  it('commits about once per row, not twice, and every row still reaches the service', async () => {
    const h = await harness()
    let commits = 0
    await pushBulkWanted(h, 40, (store) => watchedStore(store, { commit: () => commits++ }))
    // One commit per row records its write before it leaves; the confirmations go together.
    expect(commits).toBeGreaterThanOrEqual(40)
    expect(commits).toBeLessThanOrEqual(40 + 5)
  })

  it('a round cut off mid-way still records what the service confirmed', async () => {
    let writes = 0
    const h = await harness({
      fetch: (svc) => async (req: Request) => {
        const body = await req.clone().text()
        // The service is unreachable from the 13th write on.
        if (/setCollection|wanted/i.test(`${req.url}\n${body}`) && !/getSet/i.test(req.url)) {
          writes++
          if (writes > 12) throw new TypeError('fetch failed')
        }
        return svc.handle(req)
      }
    })
    const ids = h.setIDs.slice(0, 30)
    await createBulkEditHandlers(h.deps)['collection:bulkEdit']({
      setIDs: ids,
      action: { kind: 'wanted', value: true }
    })
    const report = await h.pusher.push()
    expect(report.stopped).not.toBeNull()
    const shown = ids.filter((id) => h.svc.admin.getCollectionValue('demo', id).wanted)
    expect(shown.length).toBeGreaterThan(0)
    // Every set the service shows wanted is confirmed; the others still wait.
    expect(h.pending()).toBe(30 - shown.length)
    const left = h.store.read
      .prepare("SELECT set_id FROM outbox WHERE state = 'pending' ORDER BY set_id")
      .all() as { set_id: number }[]
    expect(left.map((r) => r.set_id)).toEqual(
      ids.filter((id) => !shown.includes(id)).sort((a, b) => a - b)
    )
  })
})
