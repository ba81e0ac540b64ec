import { afterEach, describe, expect, it } from 'vitest'
import { editHarness } from './harness'
import type { EditHarness } from './harness'
import { copyFields } from '../copy-fields'

let h: EditHarness
afterEach(() => {
  h.close()
})

const outbox = () =>
  h.store.read
    .prepare('SELECT target, field, desired, base, state FROM outbox ORDER BY id')
    .all() as { target: string; field: string; desired: string; base: string; state: string }[]

// What the copy form sends for a copy bought in a shop, kept in a box.
const copy = {
  ...copyFields({
    dateAcquired: '2024-05-01',
    pricePaid: 50,
    additionalPricePaid: 0,
    currentEstimatedValue: 70,
    acquiredFrom: 'Shop',
    location: 'Box'
  }),
  modified: false
}

describe('edits: state + outbox + journal in one transaction', () => {
  it('an edit is in local state and the outbox when acknowledged, and tells the UI', async () => {
    h = await editHarness()
    const dto = await h.handlers['collection:updateSet']({
      setID: 1,
      patch: { wanted: true, notes: 'gift idea', flags: { '3': true } }
    })
    expect(dto).toMatchObject({ wanted: true, notes: 'gift idea', sync: 'pending' })
    expect(dto.flags[2]).toBe(true)
    expect(outbox()).toEqual([
      { target: 'set:1', field: 'wanted', desired: 'true', base: 'false', state: 'pending' },
      { target: 'set:1', field: 'notes', desired: '"gift idea"', base: '""', state: 'pending' },
      { target: 'set:1', field: 'flag3', desired: 'true', base: 'false', state: 'pending' }
    ])
    expect(h.changes).toEqual([[1]])
    const journal = await h.handlers['journal:list']({ limit: 10 })
    expect(journal).toHaveLength(1)
  })

  it('owned and quantity follow the service rule, and both are queued', async () => {
    h = await editHarness()
    expect(
      await h.handlers['collection:updateSet']({ setID: 2, patch: { owned: true } })
    ).toMatchObject({ owned: true, qtyOwned: 1 })
    expect(
      await h.handlers['collection:updateSet']({ setID: 2, patch: { qtyOwned: 3 } })
    ).toMatchObject({ owned: true, qtyOwned: 3 })
    expect(
      await h.handlers['collection:updateSet']({ setID: 2, patch: { owned: false } })
    ).toMatchObject({ owned: false, qtyOwned: 0 })
    // Coalesced: one row per field, newest desired, oldest base, first position kept.
    expect(outbox()).toEqual([
      { target: 'set:2', field: 'owned', desired: 'false', base: 'false', state: 'pending' },
      { target: 'set:2', field: 'qtyOwned', desired: '0', base: '0', state: 'pending' }
    ])
  })

  it('bad input changes nothing: unknown set, unknown copy', async () => {
    h = await editHarness()
    await expect(
      Promise.resolve().then(() =>
        h.handlers['collection:updateSet']({ setID: 999, patch: { owned: true } })
      )
    ).rejects.toMatchObject({ code: 'not_found' })
    await expect(
      Promise.resolve().then(() =>
        h.handlers['collection:saveCopy']({ setID: 1, localId: 'nope', copy })
      )
    ).rejects.toMatchObject({ code: 'not_found' })
    expect(outbox()).toEqual([])
    expect(h.store.read.prepare('SELECT count(*) AS n FROM set_state').get()).toEqual({ n: 0 })
  })

  it('copies: adding raises the quantity first; edit and delete are one row for the copy', async () => {
    h = await editHarness()
    const added = await h.handlers['collection:saveCopy']({ setID: 3, copy })
    expect(added).toMatchObject({ setID: 3, collectionID: null, pricePaid: 50, sync: 'pending' })
    expect(outbox().map((o) => `${o.target}/${o.field}=${o.desired}`)).toEqual([
      'set:3/owned=true',
      'set:3/qtyOwned=1',
      `copy:${added.localId}/copy=${JSON.stringify(copy)}`
    ])
    await h.handlers['collection:saveCopy']({
      setID: 3,
      localId: added.localId,
      copy: { ...copy, pricePaid: 55 }
    })
    expect((await h.handlers['collection:listCopies']({ setID: 3 }))[0]?.pricePaid).toBe(55)
    const copyRow = () => outbox().filter((o) => o.target.startsWith('copy:'))
    expect(copyRow()).toHaveLength(1)
    expect(JSON.parse(copyRow()[0]?.desired ?? '')).toMatchObject({ pricePaid: 55 })
    await h.handlers['collection:deleteCopy']({ setID: 3, localId: added.localId })
    expect(await h.handlers['collection:listCopies']({ setID: 3 })).toEqual([])
    expect(copyRow()[0]?.desired).toBe('null')
  })

  it('a quantity below the copies that carry details is refused with the reason', async () => {
    h = await editHarness()
    await h.handlers['collection:saveCopy']({ setID: 3, copy })
    await h.handlers['collection:saveCopy']({ setID: 3, copy: { ...copy, notes: 'two' } })
    const before = outbox()
    await expect(
      Promise.resolve().then(() =>
        h.handlers['collection:updateSet']({ setID: 3, patch: { qtyOwned: 1 } })
      )
    ).rejects.toMatchObject({
      code: 'invalid_input',
      message: '2 copies of this set carry details: delete one first to own 1.'
    })
    expect(outbox()).toEqual(before)
    await h.handlers['collection:updateSet']({ setID: 3, patch: { qtyOwned: 3 } })
    // Undoing "add a copy" takes the copy and its unit away together.
    await h.handlers['journal:undo']({})
    await h.handlers['journal:undo']({})
    expect(await h.handlers['collection:listCopies']({ setID: 3 })).toHaveLength(1)
  })

  it('undo and redo are edits: they change state and reach the outbox', async () => {
    h = await editHarness()
    await h.handlers['collection:updateSet']({ setID: 4, patch: { rating: 4 } })
    await h.handlers['collection:updateSet']({ setID: 4, patch: { notes: 'second' } })
    let r = await h.handlers['journal:undo']({})
    expect(r).toMatchObject({ canUndo: true, canRedo: true, entry: { undone: true } })
    expect(
      await h.handlers['collection:updateSet']({ setID: 5, patch: { wanted: true } })
    ).toBeTruthy()
    // A new edit after an undo ends the redo chain: the notes edit can no longer be redone.
    expect((await h.handlers['journal:list']({ limit: 10 }))[0]?.description).toMatch(/: wanted$/)
    r = await h.handlers['journal:undo']({})
    expect(r.canRedo).toBe(true)
    await h.handlers['journal:undo']({})
    const state = (id: number) =>
      h.store.read.prepare('SELECT notes, rating, wanted FROM set_state WHERE set_id = ?').get(id)
    expect(state(4)).toEqual({ notes: '', rating: 0, wanted: 0 })
    expect(state(5)).toEqual({ notes: '', rating: 0, wanted: 0 })
    expect(outbox().find((o) => o.field === 'rating')).toMatchObject({ desired: '0', base: '0' })
    // Redo re-applies in reverse order of undo: the rating first, then the wanted flag.
    await h.handlers['journal:redo']({})
    expect(state(4)).toEqual({ notes: '', rating: 4, wanted: 0 })
    expect(outbox().find((o) => o.field === 'rating')).toMatchObject({ desired: '4' })
    r = await h.handlers['journal:redo']({})
    expect(state(5)).toEqual({ notes: '', rating: 0, wanted: 1 })
    expect(r.canRedo).toBe(false)
    await expect(
      Promise.resolve().then(() => h.handlers['journal:redo']({}))
    ).rejects.toMatchObject({ code: 'not_found' })
  })

  it('flag labels are edits too', async () => {
    h = await editHarness()
    const labels = await h.handlers['flags:setLabel']({ flagNo: 2, label: 'Boxed' })
    expect(labels[1]).toEqual({ flagNo: 2, label: 'Boxed' })
    expect(outbox()).toEqual([
      { target: 'label:2', field: 'label', desired: '"Boxed"', base: '""', state: 'pending' }
    ])
  })

  it('discard restores the base value and removes the row', async () => {
    h = await editHarness()
    await h.handlers['collection:updateSet']({ setID: 1, patch: { notes: 'x' } })
    const [item] = await h.handlers['outbox:list']({})
    expect(item).toMatchObject({
      label: '1-1 Set number 1',
      field: 'notes',
      desired: 'x',
      base: '',
      state: 'pending'
    })
    expect(await h.handlers['outbox:discard']({ id: item?.id ?? 0 })).toEqual([])
    expect(h.store.read.prepare('SELECT notes FROM set_state WHERE set_id = 1').get()).toEqual({
      notes: ''
    })
  })
})
