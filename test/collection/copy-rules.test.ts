import { afterEach, describe, expect, it } from 'vitest'
import { BLANK_COPY } from '../../src/shared/model/collection'
import type { CollectionDetailRecord } from '../../src/shared/protocol/records'
import { copyRecord as record, takeCopies } from './copy-helpers'
import { editHarness } from './harness'
import type { EditHarness } from './harness'

/**
 * The quantity floor set by copies with details, and the blank copies a lower quantity takes away
 * (docs/protocol.md §2): what the user reads when refused, and which copies stay listed.
 */

let h: EditHarness
afterEach(() => {
  h.close()
})

/** Owns `qty` of set 3 and takes the service's copy records for it, as a pull would. */
async function ownWithRecords(qty: number, records: CollectionDetailRecord[]): Promise<void> {
  await h.handlers['collection:updateSet']({ setID: 3, patch: { qtyOwned: qty } })
  takeCopies(h, 3, records)
}

const setQty = (qtyOwned: number) =>
  Promise.resolve().then(() =>
    h.handlers['collection:updateSet']({ setID: 3, patch: { qtyOwned } })
  )

const listed = async () =>
  (await h.handlers['collection:listCopies']({ setID: 3 }))
    .map((c) => `${c.collectionID}${c.notes ? `:${c.notes}` : ''}`)
    .sort()

describe('the quantity floor says exactly what to delete', () => {
  it('one copy with details: not owning the set asks to delete it', async () => {
    h = await editHarness()
    await ownWithRecords(2, [record(11, 'boxed'), record(12)])
    await expect(setQty(0)).rejects.toMatchObject({
      code: 'invalid_input',
      message: 'A copy of this set carries details: delete it first to stop owning the set.',
      detail: { field: 'qtyOwned' }
    })
    expect(await listed()).toEqual(['11:boxed', '12'])
  })

  it('two copies with details: not owning the set asks to delete them', async () => {
    h = await editHarness()
    await ownWithRecords(2, [record(11, 'a'), record(12, 'b')])
    await expect(setQty(0)).rejects.toMatchObject({
      message: '2 copies of this set carry details: delete them first to stop owning the set.'
    })
  })

  it('owning fewer than the detailed copies names how many to delete', async () => {
    h = await editHarness()
    await ownWithRecords(3, [record(11, 'a'), record(12, 'b'), record(13, 'c')])
    await expect(setQty(1)).rejects.toMatchObject({
      message: '3 copies of this set carry details: delete 2 first to own 1.',
      detail: { field: 'qtyOwned' }
    })
    await expect(setQty(2)).rejects.toMatchObject({
      message: '3 copies of this set carry details: delete one first to own 2.'
    })
    expect(await listed()).toEqual(['11:a', '12:b', '13:c'])
  })

  it('exactly as many as the detailed copies is allowed', async () => {
    h = await editHarness()
    await ownWithRecords(3, [record(11, 'a'), record(12, 'b'), record(13)])
    await expect(setQty(2)).resolves.toMatchObject({ qtyOwned: 2 })
    expect(await listed()).toEqual(['11:a', '12:b'])
  })
})

describe('a lower quantity takes blank copies away at once', () => {
  it('the newest blank copies go first, copies with details stay', async () => {
    h = await editHarness()
    await ownWithRecords(5, [
      record(11),
      record(12, 'kept'),
      record(13),
      record(14),
      record(15, 'also kept')
    ])
    await setQty(3)
    // Two records beyond the quantity: the two newest blank ones, 14 and 13.
    expect(await listed()).toEqual(['11', '12:kept', '15:also kept'])
  })

  it('a quantity still above the copies removes nothing', async () => {
    h = await editHarness()
    await ownWithRecords(4, [record(11), record(12)])
    await setQty(3)
    expect(await listed()).toEqual(['11', '12'])
    await setQty(2)
    expect(await listed()).toEqual(['11', '12'])
  })

  it('a blank copy with a change on its way is left to the pusher', async () => {
    h = await editHarness()
    await ownWithRecords(3, [record(11), record(12), record(13, 'to clear')])
    const [newest] = (await h.handlers['collection:listCopies']({ setID: 3 })).filter(
      (c) => c.collectionID === 13
    )
    if (!newest) throw new Error('copy 13 not listed')
    // Clearing its details leaves it blank here, with the clearing still to reach the service.
    await h.handlers['collection:saveCopy']({ setID: 3, localId: newest.localId, copy: BLANK_COPY })
    await setQty(2)
    expect(await listed()).toEqual(['11', '13'])
  })

  it('not owning the set takes every blank copy away', async () => {
    h = await editHarness()
    await ownWithRecords(2, [record(11), record(12)])
    await setQty(0)
    expect(await listed()).toEqual([])
  })
})
