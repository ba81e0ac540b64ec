import { describe, expect, it } from 'vitest'
import { COPY } from '../collection/copy-helpers'
import type { PushHarness } from '../collection/service-harness'
import { pushRig } from './push-rig'

/**
 * Issue #26 item 3: two crashes in a row. The first push is killed after the service applied its
 * write and before the app recorded that; after a later edit of the same field, the next push is
 * killed after the app committed what it sends and before the service saw it. The service then
 * holds the app's own first value, not the last one it recorded as sent: a third edit must go out,
 * not stop as "Changed on the service since your edit" (and strand the set's new copies behind it).
 */
const rig = pushRig('push-sent', 11)
const { svc, session, restart, crashPush } = rig

const outbox = (h: PushHarness) =>
  h.store.read.prepare('SELECT target, field, state, reason FROM outbox ORDER BY id').all()

const detailsOf = async (h: PushHarness, setID: number) =>
  (await h.client.v2.getCollectionDetail({ SetID: setID })).map((r) => r.pricePaid).sort()

describe('an edit sent, then a later one of the same field that never left, both unrecorded', () => {
  it('notes: the third edit is sent, not a conflict', async () => {
    const { s, h } = await session()
    const setID = s.setIDs[0] ?? 0
    await h.handlers['collection:updateSet']({ setID, patch: { notes: 'first' } })
    h.close()
    await crashPush(s, 'answer')
    let again = await restart(s)
    await again.handlers['collection:updateSet']({ setID, patch: { notes: 'second' } })
    again.close()
    await crashPush(s, 'send')
    // The service holds the first value; the app last recorded the second as sent.
    expect(svc.admin.getCollectionValue('demo', setID).notes).toBe('first')

    again = await restart(s)
    try {
      await again.handlers['collection:updateSet']({ setID, patch: { notes: 'third' } })
      expect(await again.pusher.push()).toMatchObject({ conflicts: 0, failed: 0, stopped: null })
      expect(outbox(again)).toEqual([])
      expect(svc.admin.getCollectionValue('demo', setID).notes).toBe('third')
    } finally {
      again.close()
    }
  })

  it("a copy's details: the third edit is sent, not a conflict", async () => {
    const { s, h } = await session()
    const setID = s.setIDs[1] ?? 0
    const added = await h.handlers['collection:saveCopy']({ setID, copy: COPY })
    await h.drain()
    expect(outbox(h)).toEqual([])
    const price = (pricePaid: number) => ({
      setID,
      localId: added.localId,
      copy: { ...COPY, pricePaid }
    })
    await h.handlers['collection:saveCopy'](price(60))
    h.close()
    await crashPush(s, 'answer')
    let again = await restart(s)
    await again.handlers['collection:saveCopy'](price(70))
    again.close()
    await crashPush(s, 'send')
    expect(await detailsOf(again, setID)).toEqual([60])

    again = await restart(s)
    try {
      await again.handlers['collection:saveCopy'](price(80))
      expect(await again.pusher.push()).toMatchObject({ conflicts: 0, failed: 0, stopped: null })
      expect(outbox(again)).toEqual([])
      expect(await detailsOf(again, setID)).toEqual([80])
    } finally {
      again.close()
    }
  })

  it('two new copies behind the quantity: both reach the service, no conflict', async () => {
    const { s, h } = await session()
    const setID = s.setIDs[2] ?? 0
    await h.handlers['collection:updateSet']({ setID, patch: { qtyOwned: 1 } })
    await h.drain()
    await h.handlers['collection:saveCopy']({ setID, copy: { ...COPY, pricePaid: 11 } })
    h.close()
    // The quantity's write (2) reached the service; the copy's claim never ran.
    await crashPush(s, 'answer')
    let again = await restart(s)
    await again.handlers['collection:saveCopy']({ setID, copy: { ...COPY, pricePaid: 12 } })
    again.close()
    // The raised quantity (3) was recorded as sent and never left.
    await crashPush(s, 'send')
    expect(svc.admin.getCollectionValue('demo', setID).qtyOwned).toBe(2)

    again = await restart(s)
    try {
      await again.handlers['collection:updateSet']({ setID, patch: { notes: 'and a note' } })
      await again.drain()
      expect(outbox(again)).toEqual([])
      expect(svc.admin.getCollectionValue('demo', setID)).toMatchObject({
        qtyOwned: 3,
        notes: 'and a note'
      })
      const priced = (await detailsOf(again, setID)).filter((p) => p > 0)
      expect(priced).toEqual([11, 12])
    } finally {
      again.close()
    }
  })

  it.each([
    ['after the raise that makes its record', 'answer', 2],
    ['as its details leave for that record', 'send', 3],
    ['after its details were written', 'answer', 3]
  ] as const)(
    'one copy out, one in, the quantity as it was, killed %s: one record each, quantity back',
    async (_, at, write) => {
      const { s, h } = await session()
      const setID = s.setIDs[3] ?? 0
      const gone = await h.handlers['collection:saveCopy']({
        setID,
        copy: { ...COPY, pricePaid: 31 }
      })
      await h.handlers['collection:saveCopy']({ setID, copy: { ...COPY, pricePaid: 32 } })
      await h.drain()
      await h.handlers['collection:deleteCopy']({ setID, localId: gone.localId })
      await h.handlers['collection:saveCopy']({ setID, copy: { ...COPY, pricePaid: 33 } })
      await h.handlers['collection:updateSet']({ setID, patch: { qtyOwned: 2 } })
      h.close()
      // Write 1 deletes the first copy there, write 2 raises the quantity, write 3 is the details.
      await crashPush(s, at, write)
      const again = await restart(s)
      try {
        await again.drain()
        expect(outbox(again)).toEqual([])
        expect(await detailsOf(again, setID)).toEqual([32, 33])
        expect(svc.admin.getCollectionValue('demo', setID).qtyOwned).toBe(2)
      } finally {
        again.close()
      }
    },
    60_000
  )
})
