import { afterEach, describe, expect, it } from 'vitest'
import { COPY } from '../collection/copy-helpers'
import { pushHarness } from '../collection/service-harness'
import type { PushHarness } from '../collection/service-harness'
import { outboxRows } from './push-rig'

/**
 * The service applies a write and its answer never arrives (the connection drops on the way
 * back): the outbox row keeps what it sent, and the next round must treat the service's value as
 * our own write, not as a change made on the website (docs/protocol.md §2, issue #13). The
 * kill -9 variant lives in test/durability; this one runs in-process.
 */

let h: PushHarness
afterEach(() => {
  h.close()
})

/**
 * A harness whose next answer to `op` is lost after the service has applied the request, and
 * the set of its `setIndex` to edit.
 */
async function losing(setIndex: number): Promise<{ lose: (op: string) => void; setID: number }> {
  let op: string | null = null
  h = await pushHarness({
    fetch: (svc) => async (req) => {
      const body = await req.clone().text()
      const hit = op !== null && (req.url.includes(op) || body.includes(op))
      const res = await svc.handle(req)
      if (!hit) return res
      op = null
      throw new TypeError('fetch failed', { cause: new Error('ECONNRESET') })
    }
  })
  return {
    lose: (name) => {
      op = name
    },
    setID: h.setIDs[setIndex] ?? 0
  }
}

const rows = () => outboxRows(h.store, 'field', 'state', 'desired', 'base')

/** The next push goes out with no conflict and no failure, and leaves the outbox empty. */
async function pushesClean(): Promise<void> {
  expect(await h.pusher.push()).toMatchObject({ conflicts: 0, failed: 0 })
  expect(rows()).toEqual([])
}

/** What the service holds for `setID`. */
const shown = (setID: number) => h.svc.admin.getCollectionValue('demo', setID)

/** Edits set `setID` with `patch` and pushes: the service applies `op`, and its answer is lost. */
async function editWithLostAnswer(
  net: { lose: (op: string) => void },
  setID: number,
  patch: Parameters<PushHarness['handlers']['collection:updateSet']>[0]['patch'],
  op: string
): Promise<void> {
  await h.handlers['collection:updateSet']({ setID, patch })
  net.lose(op)
  await h.pusher.push()
}

/** As pushesClean, and then the service shows `expected` for set `setID`. */
async function pushesCleanTo(
  setID: number,
  expected: Partial<ReturnType<typeof shown>>
): Promise<void> {
  await pushesClean()
  expect(shown(setID)).toMatchObject(expected)
}

/**
 * A copy added and synced, then edited to a price of 60 whose write the service applied while
 * the answer was lost. Returns how to edit it again and read its price on the service.
 */
async function copyPriced60WithLostAnswer(
  net: { lose: (op: string) => void },
  setID: number
): Promise<{ edit: (pricePaid: number) => unknown; price: () => Promise<unknown> }> {
  const added = await h.handlers['collection:saveCopy']({ setID, copy: COPY })
  await h.drain()
  const [synced] = await h.handlers['collection:listCopies']({ setID })
  const id = synced?.collectionID ?? 0
  const edit = (pricePaid: number) =>
    h.handlers['collection:saveCopy']({
      setID,
      localId: added.localId,
      copy: { ...COPY, pricePaid }
    })
  await edit(60)
  net.lose('setCollectionDetail')
  await h.pusher.push()
  return {
    edit,
    price: async () =>
      (await h.client.v2.getCollectionDetail({ SetID: setID })).find((r) => r.collectionID === id)
        ?.pricePaid
  }
}

describe('a write applied by the service whose answer was lost', () => {
  it('owning two: the quantity follows the lost "owned" write and goes out, no conflict', async () => {
    const net = await losing(2)
    const { setID } = net
    await editWithLostAnswer(net, setID, { qtyOwned: 2 }, 'setCollection_owns')
    // The service took "owned" and made the quantity 1; the answer never came back.
    expect(shown(setID)).toMatchObject({
      owned: true,
      qtyOwned: 1
    })
    await pushesCleanTo(setID, { owned: true, qtyOwned: 2 })
  })

  it('a note edited back to where it started goes out, though the service shows what was sent', async () => {
    const net = await losing(3)
    const { setID } = net
    await editWithLostAnswer(net, setID, { notes: 'sent, answer lost' }, 'setCollection_userNotes')
    expect(shown(setID).notes).toBe('sent, answer lost')
    await h.handlers['collection:updateSet']({ setID, patch: { notes: '' } })
    await pushesCleanTo(setID, { notes: '' })
  })

  it('not owning after a lost "quantity 3": the lost write is ours, and owned goes out', async () => {
    const net = await losing(4)
    const { setID } = net
    await h.handlers['collection:updateSet']({ setID, patch: { qtyOwned: 3 } })
    await h.pusher.push()
    expect(shown(setID)).toMatchObject({ qtyOwned: 3 })
    await editWithLostAnswer(net, setID, { qtyOwned: 5 }, 'setCollection_qtyOwned')
    expect(shown(setID)).toMatchObject({ qtyOwned: 5 })
    // Not owning it now: "owned" is queued with base true, the quantity row still holds its
    // lost write of 5 as sent.
    await h.handlers['collection:updateSet']({ setID, patch: { owned: false } })
    await pushesCleanTo(setID, { owned: false, qtyOwned: 0 })
  })

  it('a quantity changed on the website after a lost "owned" write is a conflict', async () => {
    const net = await losing(6)
    const { setID } = net
    await editWithLostAnswer(net, setID, { qtyOwned: 2 }, 'setCollection_owns')
    // Our write made the quantity 1; the website then made it 4. Only the 1 is ours.
    h.svc.admin.setCollectionValue('demo', setID, { qtyOwned: 4 })
    expect(await h.pusher.push()).toMatchObject({ conflicts: 1 })
    expect(shown(setID)).toMatchObject({ qtyOwned: 4 })
  })

  it('a change typed on the website after the lost answer is still a conflict', async () => {
    const net = await losing(5)
    const { setID } = net
    await editWithLostAnswer(net, setID, { notes: 'mine, answer lost' }, 'setCollection_userNotes')
    h.svc.admin.setCollectionValue('demo', setID, { notes: 'typed on the website' })
    await h.handlers['collection:updateSet']({ setID, patch: { notes: 'mine again' } })
    expect(await h.pusher.push()).toMatchObject({ conflicts: 1 })
    expect(shown(setID).notes).toBe('typed on the website')
  })

  it('a copy edited again after its lost write goes out, not as a website change', async () => {
    const net = await losing(7)
    const copy = await copyPriced60WithLostAnswer(net, net.setID)
    expect(await copy.price()).toBe(60)
    await copy.edit(70)
    await pushesClean()
    expect(await copy.price()).toBe(70)
  })

  it('a copy changed on the website after our lost write is still a conflict', async () => {
    const net = await losing(8)
    const { setID } = net
    const copy = await copyPriced60WithLostAnswer(net, setID)
    const [record] = await h.client.v2.getCollectionDetail({ SetID: setID })
    if (!record) throw new Error('no record on the service')
    await h.client.v2.setCollectionDetail({ detail: { ...record, pricePaid: 5, deleted: false } })
    await copy.edit(70)
    expect(await h.pusher.push()).toMatchObject({ conflicts: 1 })
    const [row] = await h.handlers['outbox:list']({})
    expect(row?.server).toContain('"pricePaid":5')
  })
})
