import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createDoctorHandlers } from '../../src/main/doctor/index'
import type { DoctorHandlers } from '../../src/main/doctor/index'
import { editHarness } from '../collection/harness'
import type { EditHarness } from '../collection/harness'
import { NOW, seedCatalogue, seedCopy, seedState } from './doctor-seed'

/**
 * Each fix of the collection doctor on a real SQLite file: one journal entry, outbox rows for the
 * chosen set or copy only, one undo back to where it was, and nothing else touched.
 */

let h: EditHarness
let doctor: DoctorHandlers
beforeEach(async () => {
  h = await editHarness({ sets: [1, 2, 3, 4, 5, 6] })
  doctor = createDoctorHandlers({ ...h.deps, now: () => NOW })
})
afterEach(() => {
  h.close()
})

const db = () => h.store.read
const stateRows = () =>
  db().prepare('SELECT * FROM set_state ORDER BY set_id').all() as Record<string, unknown>[]
const copyRows = () =>
  db().prepare('SELECT * FROM copies ORDER BY local_id').all() as Record<string, unknown>[]
const outbox = () =>
  db().prepare('SELECT target, field, desired FROM outbox ORDER BY id').all() as {
    target: string
    field: string
    desired: string
  }[]
const journal = () =>
  db().prepare('SELECT description FROM journal ORDER BY id').all() as { description: string }[]
const without = (rows: Record<string, unknown>[], key: string, value: unknown) =>
  rows.filter((r) => r[key] !== value)
const stripTime = (rows: Record<string, unknown>[]) => rows.map(({ updated_at: _u, ...r }) => r)
const qtyOwned = (setID: number) =>
  (
    db().prepare('SELECT qty_owned FROM set_state WHERE set_id = ?').get(setID) as {
      qty_owned: number
    }
  ).qty_owned

/** Set 1 owned at `qty` with two copies carrying details, then its quantityCopies fix; gives the copies as seeded. */
async function fixQuantityBesideTwoCopies(qty: number) {
  seedState(h.store, h.profileId, 1, { owned: true, qty })
  seedCopy(h.store, h.profileId, 1)
  seedCopy(h.store, h.profileId, 1)
  const copies = copyRows()
  await doctor['doctor:applyFix']({ check: 'quantityCopies', setID: 1 })
  return copies
}

describe('collection doctor fixes', () => {
  it('ownedWanted: removes one set from wanted, one entry, undone by Ctrl+Z; others untouched', async () => {
    seedState(h.store, h.profileId, 1, { owned: true, qty: 1, wanted: true, notes: 'keep' })
    seedState(h.store, h.profileId, 2, { owned: true, qty: 1, wanted: true })
    const before = stateRows()
    const r = await doctor['doctor:applyFix']({ check: 'ownedWanted', setID: 1 })
    expect(r.description).toBe('Doctor: remove from wanted (1-1)')
    expect(journal()).toEqual([{ description: 'Doctor: remove from wanted (1-1)' }])
    expect(outbox()).toEqual([{ target: 'set:1', field: 'wanted', desired: 'false' }])
    const after = stateRows()
    expect(after.find((s) => s['set_id'] === 1)).toMatchObject({
      wanted: 0,
      owned: 1,
      notes: 'keep'
    })
    // Set 2, the problem the user did not choose, is as it was.
    expect(stripTime(without(after, 'set_id', 1))).toEqual(stripTime(without(before, 'set_id', 1)))
    expect((await doctor['doctor:getSummary']({})).checks).toContainEqual({
      check: 'ownedWanted',
      count: 1
    })
    await h.handlers['journal:undo']({})
    expect(stripTime(stateRows())).toEqual(stripTime(before))
  })

  it('ownedZero: counts one copy, or the copies with details', async () => {
    seedState(h.store, h.profileId, 1, { owned: true, qty: 0 })
    seedState(h.store, h.profileId, 2, { owned: true, qty: 0 })
    seedCopy(h.store, h.profileId, 2)
    seedCopy(h.store, h.profileId, 2)
    await doctor['doctor:applyFix']({ check: 'ownedZero', setID: 1 })
    await doctor['doctor:applyFix']({ check: 'ownedZero', setID: 2 })
    expect([qtyOwned(1), qtyOwned(2)]).toEqual([1, 2])
    expect(journal()).toHaveLength(2)
  })

  it('quantityCopies: the quantity becomes the copies with details; the copies stay', async () => {
    const copies = await fixQuantityBesideTwoCopies(3)
    expect(qtyOwned(1)).toBe(2)
    expect(copyRows()).toEqual(copies)
    await h.handlers['journal:undo']({})
    expect(qtyOwned(1)).toBe(3)
  })

  it('quantityCopies below its copies: raised; Ctrl+Z before it is sent puts it back, nothing sent', async () => {
    // The service never saw the raised quantity: the undo returns the set to what the service
    // holds (its pending row cancels out), so no record can be dropped there and the floor,
    // which guards against exactly that, has nothing to refuse.
    const copies = await fixQuantityBesideTwoCopies(1)
    expect(qtyOwned(1)).toBe(2)
    await h.handlers['journal:undo']({})
    expect(qtyOwned(1)).toBe(1)
    expect(copyRows()).toEqual(copies)
    // What is left in the outbox for the quantity sends the service its own value back: nothing.
    const rows = db()
      .prepare(`SELECT desired, base FROM outbox WHERE target = 'set:1' AND field = 'qtyOwned'`)
      .all() as { desired: string; base: string }[]
    expect(rows.every((r) => r.desired === r.base)).toBe(true)
    // And redo fixes it again.
    await h.handlers['journal:redo']({})
    expect(qtyOwned(1)).toBe(2)
  })

  it('quantityCopies: once the raised quantity was sent, its undo is refused by the floor', async () => {
    // The service now holds 2: lowering it to 1 would make it drop a record with details.
    await fixQuantityBesideTwoCopies(1)
    // As a confirmed push leaves it: the row is gone, the service holds the new value.
    h.store.write.prepare('DELETE FROM outbox').run()
    await expect(h.handlers['journal:undo']({})).rejects.toThrow(/carry details/)
    expect(qtyOwned(1)).toBe(2)
  })

  it('copy dates: clears only the chosen copy and only its date', async () => {
    seedCatalogue(h.store, h.profileId, 1, { year: 2020, launch: '2020-03-01' })
    seedState(h.store, h.profileId, 1, { owned: true, qty: 3 })
    const chosen = seedCopy(h.store, h.profileId, 1, { date: '2020-03-01', when: 'New' })
    const other = seedCopy(h.store, h.profileId, 1, { date: '2020-03-01' })
    const future = seedCopy(h.store, h.profileId, 1, { date: '2027-01-01' })
    const before = copyRows()
    await doctor['doctor:applyFix']({ check: 'copyReleaseDate', localId: chosen })
    await doctor['doctor:applyFix']({ check: 'copyDateOut', localId: future })
    const after = copyRows()
    const pick = (rows: Record<string, unknown>[], id: string) =>
      rows.find((r) => r['local_id'] === id) ?? {}
    // Every column of the chosen copy but the date (and its time stamp) is as it was.
    const { updated_at: _a, date_text: _t, ...restAfter } = pick(after, chosen)
    const { updated_at: _b, date_text: _u, ...restBefore } = pick(before, chosen)
    expect(restAfter).toEqual({ ...restBefore, date_acquired: '' })
    expect(pick(after, future)['date_acquired']).toBe('')
    expect(pick(after, other)).toEqual(pick(before, other))
    expect(outbox().map((o) => o.target)).toEqual([`copy:${chosen}`, `copy:${future}`])
    await h.handlers['journal:undo']({})
    await h.handlers['journal:undo']({})
    expect(stripTime(copyRows())).toEqual(stripTime(before))
  })

  it('a problem already gone edits nothing; a check without an automatic fix says so', async () => {
    seedState(h.store, h.profileId, 1, { owned: true, qty: 1 })
    await expect(doctor['doctor:applyFix']({ check: 'ownedWanted', setID: 1 })).rejects.toThrow(
      /already gone/
    )
    seedCopy(h.store, h.profileId, 1, { price: 0 })
    await expect(doctor['doctor:applyFix']({ check: 'copyNoPrice', setID: 1 })).rejects.toThrow(
      /no automatic fix: Open the set to enter the price/
    )
    expect(journal()).toEqual([])
    expect(outbox()).toEqual([])
  })

  it('summary and list: the counts and one bounded page of rows', async () => {
    for (const id of [1, 2, 3]) seedState(h.store, h.profileId, id, { owned: true })
    const s = await doctor['doctor:getSummary']({})
    expect(s.total).toBe(3)
    const page = await doctor['doctor:list']({ check: 'ownedZero', offset: 1, limit: 1 })
    expect(page).toMatchObject({ total: 3, offset: 1 })
    expect(page.rows).toEqual([
      {
        check: 'ownedZero',
        setID: 2,
        fullNumber: '2-1',
        name: 'Set number 2',
        localId: null,
        minifigNumber: null,
        flagNo: null,
        detail: 'owned, quantity 0'
      }
    ])
  })
})
