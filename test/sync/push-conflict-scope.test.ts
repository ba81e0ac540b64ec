import { afterEach, describe, expect, it } from 'vitest'
import { COPY } from '../collection/copy-helpers'
import { pushHarness } from '../collection/service-harness'
import type { PushHarness } from '../collection/service-harness'
import { outboxRows } from './push-rig'

/**
 * Issue #26 item 3: a conflict holds back only the field it is about. Every other field of the
 * set, every other set, and the set's new copies still reach the service in the same rounds.
 */

let h: PushHarness
afterEach(() => {
  h.close()
})

const outbox = () => outboxRows(h.store, 'target', 'field', 'state')

const prices = async (setID: number) =>
  (await h.client.v2.getCollectionDetail({ SetID: setID }))
    .map((r) => r.pricePaid)
    .filter((p) => p > 0)
    .sort()

/** A new copy of `setID`, bought for `pricePaid`. */
const newCopy = (setID: number, pricePaid: number) =>
  h.handlers['collection:saveCopy']({ setID, copy: { ...COPY, pricePaid } })

/** A set owned once, synced. */
async function ownedOnce(setID: number): Promise<void> {
  await h.handlers['collection:updateSet']({ setID, patch: { qtyOwned: 1 } })
  await h.drain()
  expect(outbox()).toEqual([])
}

/** The harness's set `setIndex` owned once and synced, then given a new copy for `pricePaid`. */
async function ownedWithNewCopy(setIndex: number, pricePaid: number): Promise<number> {
  const setID = h.setIDs[setIndex] ?? 0
  await ownedOnce(setID)
  await newCopy(setID, pricePaid)
  return setID
}

describe('a conflict holds back only its own field', () => {
  it("notes in conflict: the set's quantity, new copy and rating, and another set, go out", async () => {
    h = await pushHarness()
    const [setID = 0, other = 0] = [h.setIDs[6], h.setIDs[7]]
    await ownedOnce(setID)
    await h.handlers['collection:updateSet']({ setID, patch: { notes: 'mine' } })
    await newCopy(setID, 21)
    await h.handlers['collection:updateSet']({ setID, patch: { rating: 3 } })
    await h.handlers['collection:updateSet']({ setID: other, patch: { notes: 'other set' } })
    h.svc.admin.setCollectionValue('demo', setID, { notes: 'from the website' })

    await h.drain()

    expect(outbox()).toEqual([{ target: `set:${setID}`, field: 'notes', state: 'conflict' }])
    expect(h.svc.admin.getCollectionValue('demo', setID)).toMatchObject({
      qtyOwned: 2,
      rating: 3,
      notes: 'from the website'
    })
    expect(await prices(setID)).toEqual([21])
    expect(h.svc.admin.getCollectionValue('demo', other).notes).toBe('other set')
  })

  it("the quantity in conflict, no record free: the new copy waits, the set's notes go out", async () => {
    h = await pushHarness()
    const setID = await ownedWithNewCopy(8, 22)
    await h.handlers['collection:updateSet']({ setID, patch: { notes: 'after the copy' } })
    // The website gives the set up: its record goes too, none is left for the copy.
    await h.client.v2.setCollection_qtyOwned({ setID, qtyOwned: 0 })

    await h.drain()

    expect(outbox().map((r) => [r.field, r.state])).toEqual([
      ['qtyOwned', 'conflict'],
      ['copy', 'pending']
    ])
    expect(h.svc.admin.getCollectionValue('demo', setID).notes).toBe('after the copy')
  })

  it('the quantity in conflict with blank records there: the new copy takes one', async () => {
    h = await pushHarness()
    const setID = await ownedWithNewCopy(9, 23)
    h.svc.admin.setCollectionValue('demo', setID, { qtyOwned: 4 })

    await h.drain()

    expect(outbox().map((r) => [r.field, r.state])).toEqual([['qtyOwned', 'conflict']])
    expect(await prices(setID)).toEqual([23])
  })

  it("a copy's details in conflict: a new copy, the rating and another set go out", async () => {
    h = await pushHarness()
    const [setID = 0, other = 0] = [h.setIDs[10], h.setIDs[11]]
    const first = await h.handlers['collection:saveCopy']({ setID, copy: COPY })
    await h.drain()
    const [record] = await h.client.v2.getCollectionDetail({ SetID: setID })
    if (!record) throw new Error('the copy is not on the service')
    await h.handlers['collection:saveCopy']({
      setID,
      localId: first.localId,
      copy: { ...COPY, notes: 'mine' }
    })
    await h.client.v2.setCollectionDetail({
      detail: { ...record, notes: 'from the website', deleted: false }
    })
    await newCopy(setID, 24)
    await h.handlers['collection:updateSet']({ setID, patch: { rating: 2 } })
    await h.handlers['collection:updateSet']({ setID: other, patch: { rating: 5 } })

    await h.drain()

    expect(outbox().map((r) => [r.field, r.state])).toEqual([['copy', 'conflict']])
    expect(await prices(setID)).toEqual([24, COPY.pricePaid].sort())
    expect(h.svc.admin.getCollectionValue('demo', setID)).toMatchObject({ qtyOwned: 2, rating: 2 })
    expect(h.svc.admin.getCollectionValue('demo', other).rating).toBe(5)
  })

  it('a new copy waiting behind a later quantity change lets that change go first', async () => {
    const stop = new AbortController()
    let cutAfterQuantity = false
    h = await pushHarness({
      fetch: (svc) => (req) => {
        // Once the raise is confirmed, the round is stopped as its next request leaves: the
        // copy's, which the service then never sees.
        if (cutAfterQuantity && !outbox().some((r) => r.field === 'qtyOwned')) {
          stop.abort()
          return new Promise<Response>(() => undefined)
        }
        return svc.handle(req)
      }
    })
    const setID = await ownedWithNewCopy(12, 25)
    // The round stops after the raise, before the copy took its record.
    cutAfterQuantity = true
    expect(await h.pusher.push(stop.signal)).toMatchObject({ stopped: 'cancelled' })
    cutAfterQuantity = false
    expect(outbox().map((r) => r.field)).toEqual(['copy'])
    // A second copy: its quantity row comes after the first copy's row.
    await newCopy(setID, 26)

    await h.drain()

    expect(outbox()).toEqual([])
    expect(await prices(setID)).toEqual([25, 26])
    expect(h.svc.admin.getCollectionValue('demo', setID).qtyOwned).toBe(3)
  })
})
