import { describe, expect, it } from 'vitest'
import { SetDetailState } from '../../src/renderer/src/lib/state/detail.svelte'
import { settle } from './dom-env'
import { holdEachTest, withInput } from './held-transport'
import { copyFields } from '../copy-fields'

/** Holds each set's catalogue answer until the test releases it. */
const transport = holdEachTest(20, 'catalog:getSet')
const setIs = (setID: number) => withInput('catalog:getSet', (q) => q.setID === setID)

describe('SetDetailState', () => {
  it('keeps the set the user opened last when an earlier one answers late', async () => {
    const d = new SetDetailState()
    void d.open(1)
    void d.open(2)
    transport().answer(setIs(2))
    await settle()
    transport().answer(setIs(1))
    await settle()
    expect(d.setID).toBe(2)
    expect(d.set?.setID).toBe(2)
    expect(d.extras?.setID).toBe(2)
  })

  it('keeps an edit answered while the set was loading over the older loaded values', async () => {
    const d = new SetDetailState()
    void d.open(3)
    const loaded = transport().backend.sets.find((x) => x.setID === 3)
    if (!loaded) throw new Error('the fake catalogue holds set 3')
    const mine = { ...loaded.collection, owned: true, qtyOwned: 1 }
    d.patchCollection(3, mine)
    transport().answer(setIs(3))
    await settle()
    expect(d.set?.collection).toEqual(mine)
  })

  it('adds, replaces and removes copies as the back end answers', async () => {
    const d = new SetDetailState()
    void d.open(4)
    transport().answer(setIs(4))
    await settle()
    const copy = copyFields()
    expect(await d.saveCopy(null, copy)).toBe(true)
    const [saved] = d.copies
    expect(saved?.setID).toBe(4)
    expect(await d.saveCopy(saved?.localId ?? null, { ...copy, notes: 'gift' })).toBe(true)
    expect(d.copies.map((c) => c.notes)).toEqual(['gift'])
    await d.deleteCopy(saved?.localId ?? '')
    expect(d.copies).toEqual([])
  })
})
