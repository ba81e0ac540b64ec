import { describe, expect, it } from 'vitest'
import { createBulkEditHandlers } from '../../src/main/collection/bulk-edit-handlers'
import { outboxRows, pushHarnessEachTest } from './push-rig'

/**
 * A push round cancelled (the user stops a sync, the app quits) while a write is on its way: the
 * round ends at once, not when the service answers or the call's deadline passes, and the row is
 * left as a cut connection leaves it. Its write was recorded as sent before it left, so the next
 * round finds the value on the service and confirms it without writing it twice.
 */

const harness = pushHarnessEachTest()
const isWrite = (req: Request, body: string): boolean =>
  /setCollection|wanted/i.test(`${req.url}\n${body}`) && !/getSet/i.test(req.url)

describe('a push round cancelled while a write is in flight', () => {
  it('ends as cancelled, keeps the row pending, and the next round confirms it unsent', async () => {
    let writes = 0
    let hang = true
    let inFlight: () => void = () => undefined
    const arrived = new Promise<void>((resolve) => (inFlight = resolve))
    const h = await harness({
      fetch: (svc) => async (req: Request) => {
        if (!isWrite(req, await req.clone().text())) return svc.handle(req)
        writes++
        // The service takes the write; its answer never comes back while `hang` holds.
        const answer = await svc.handle(req)
        if (!hang) return answer
        inFlight()
        return new Promise<Response>(() => undefined)
      }
    })
    const setID = h.setIDs[0] ?? 0
    await createBulkEditHandlers(h.deps)['collection:bulkEdit']({
      setIDs: [setID],
      action: { kind: 'wanted', value: true }
    })

    const stop = new AbortController()
    const round = h.pusher.push(stop.signal)
    await arrived
    stop.abort()
    const report = await round
    // Not 'timeout': the call's own deadline (5 s in the harness) did not end it.
    expect(report.stopped).toBe('cancelled')
    expect(outboxRows(h.store, 'state', 'attempts')).toEqual([{ state: 'pending', attempts: 0 }])

    hang = false
    await h.drain()
    expect(h.pending()).toBe(0)
    expect(h.svc.admin.getCollectionValue(h.svc.demo.username, setID).wanted).toBe(true)
    expect(writes).toBe(1)
  })

  it('ends as cancelled when the caller joined a round another had started', async () => {
    // A sync that cancels while the edits' background round runs: it joined that round, and
    // stopping the sync stops the round rather than waiting for it to end of itself.
    let inFlight: () => void = () => undefined
    const arrived = new Promise<void>((resolve) => (inFlight = resolve))
    let hang = true
    const h = await harness({
      fetch: (svc) => async (req: Request) => {
        if (!isWrite(req, await req.clone().text())) return svc.handle(req)
        const answer = await svc.handle(req)
        if (!hang) return answer
        inFlight()
        return new Promise<Response>(() => undefined)
      }
    })
    await createBulkEditHandlers(h.deps)['collection:bulkEdit']({
      setIDs: [h.setIDs[0] ?? 0],
      action: { kind: 'wanted', value: true }
    })

    const background = new AbortController()
    const first = h.pusher.push(background.signal)
    await arrived
    const sync = new AbortController()
    const joined = h.pusher.push(sync.signal)
    sync.abort()
    expect((await joined).stopped).toBe('cancelled')
    expect((await first).stopped).toBe('cancelled')
    expect(outboxRows(h.store, 'state', 'attempts')).toEqual([{ state: 'pending', attempts: 0 }])

    hang = false
    await h.drain()
    expect(h.pending()).toBe(0)
  })
})
