import { describe, expect, it } from 'vitest'
import { COPY } from '../collection/copy-helpers'
import type { PushHarness } from '../collection/service-harness'
import { pushRig } from './push-rig'

/**
 * The copy the kill loop stranded with seed 368338653 (issue #26), replayed step by step. A new
 * copy's raise was committed as sent and killed before it left; after the restart the user deleted
 * another copy of the set (its record still on the service until the delete goes out) and set the
 * quantity back, which folded the raise away. The new copy was then pushed before the delete: the
 * record the delete was about to free looked taken, so no record could be made, and the copy was
 * kept on this computer for good ("the service gave it no id") while the service had room.
 */
const rig = pushRig('stranded', 17)
const { svc, session, restart, crashPush } = rig

const outbox = (h: PushHarness) =>
  h.store.read.prepare('SELECT target, field, state, reason FROM outbox ORDER BY id').all()

const unbound = (h: PushHarness) =>
  h.store.read
    .prepare('SELECT notes FROM copies WHERE deleted = 0 AND collection_id IS NULL')
    .all() as { notes: string }[]

const notesThere = async (h: PushHarness, setID: number) =>
  (await h.client.v2.getCollectionDetail({ SetID: setID })).map((r) => r.notes).sort()

/** Two copies, A and B, on the service and here; the set owns 2. */
async function twoCopies(h: PushHarness, setID: number): Promise<string> {
  const a = await h.handlers['collection:saveCopy']({ setID, copy: { ...COPY, notes: 'A' } })
  await h.handlers['collection:saveCopy']({ setID, copy: { ...COPY, notes: 'B' } })
  await h.drain()
  expect(outbox(h)).toEqual([])
  expect(svc.admin.getCollectionValue('demo', setID).qtyOwned).toBe(2)
  return a.localId
}

/** The end every path must reach: B and C there, each once, quantity 2, nothing left here. */
async function settled(h: PushHarness, setID: number): Promise<void> {
  await h.drain()
  expect(outbox(h)).toEqual([])
  expect(unbound(h)).toEqual([])
  expect(await notesThere(h, setID)).toEqual(['B', 'C'])
  expect(svc.admin.getCollectionValue('demo', setID).qtyOwned).toBe(2)
}

describe('a new copy queued before the delete of another copy of its set', () => {
  it('killed as its raise left, then one out and the quantity back: it reaches the service', async () => {
    const { s, h } = await session()
    const setID = s.setIDs[0] ?? 0
    const a = await twoCopies(h, setID)
    await h.handlers['collection:saveCopy']({ setID, copy: { ...COPY, notes: 'C' } })
    h.close()
    await crashPush(s, 'send')
    expect(svc.admin.getCollectionValue('demo', setID).qtyOwned).toBe(2)
    const again = await restart(s)
    try {
      await again.handlers['collection:deleteCopy']({ setID, localId: a })
      await again.handlers['collection:updateSet']({ setID, patch: { qtyOwned: 2 } })
      await settled(again, setID)
    } finally {
      again.close()
    }
  })

  it('with no crash: added, one out, the quantity back; one round sends the copy', async () => {
    const { h } = await session()
    try {
      const setID = h.setIDs[1] ?? 0
      const a = await twoCopies(h, setID)
      await h.handlers['collection:saveCopy']({ setID, copy: { ...COPY, notes: 'C' } })
      await h.handlers['collection:deleteCopy']({ setID, localId: a })
      await h.handlers['collection:updateSet']({ setID, patch: { qtyOwned: 2 } })
      // The copy waits for the delete queued after it, and is sent in the same round.
      expect(await h.pusher.push()).toMatchObject({ conflicts: 0, failed: 0, stopped: null })
      expect(unbound(h)).toEqual([])
      expect(await notesThere(h, setID)).toEqual(['B', 'C'])
      await settled(h, setID)
    } finally {
      h.close()
    }
  })
})
