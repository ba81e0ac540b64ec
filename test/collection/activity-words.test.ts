import { afterEach, describe, expect, it } from 'vitest'
import { editHarness } from './harness'
import type { EditHarness } from './harness'
import { completeCopy } from './copy-helpers'

/** Issue #14 item 8: activity and undo toasts name the set and the change in words. */

let h: EditHarness
afterEach(() => {
  h.close()
})

const copy = completeCopy({
  dateAcquired: '2024-05-01',
  currency: 'EUR',
  pricePaid: 50,
  currentEstimatedValue: 70
})

const activity = async (): Promise<string[]> =>
  (await h.handlers['journal:list']({ limit: 20 })).map((e) => e.description).reverse()

describe('activity in words', () => {
  it('names the set by number and name and each change by what it means', async () => {
    h = await editHarness({ sets: [2212, 3] })
    await h.handlers['collection:updateSet']({ setID: 2212, patch: { notes: 'box dented' } })
    await h.handlers['collection:updateSet']({ setID: 2212, patch: { owned: true, qtyOwned: 2 } })
    await h.handlers['collection:updateSet']({ setID: 3, patch: { wanted: true, rating: 4 } })
    await h.handlers['collection:updateSet']({ setID: 3, patch: { wanted: false, rating: 0 } })
    const added = await h.handlers['collection:saveCopy']({ setID: 3, copy })
    await h.handlers['collection:saveCopy']({
      setID: 3,
      localId: added.localId,
      copy: { ...copy, notes: 'boxed' }
    })
    await h.handlers['collection:deleteCopy']({ setID: 3, localId: added.localId })
    await h.handlers['flags:setLabel']({ flagNo: 2, label: 'Boxed' })
    expect(await activity()).toEqual([
      '2212-1 Set number 2212: notes edited',
      '2212-1 Set number 2212: owned, quantity owned 2',
      '3-1 Set number 3: wanted, rating 4',
      '3-1 Set number 3: not wanted, rating cleared',
      '3-1 Set number 3: copy added',
      '3-1 Set number 3: copy edited',
      '3-1 Set number 3: copy deleted',
      'Flag 2 renamed “Boxed”'
    ])
    const undone = await h.handlers['journal:undo']({})
    expect(undone.entry?.description).toBe('Flag 2 renamed “Boxed”')
  })
})
