import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createLedgerHandlers, purgeLedger } from '../../src/main/ledger/index'
import type { LedgerHandlers } from '../../src/main/ledger/index'
import { editHarness } from '../collection/harness'
import type { EditHarness } from '../collection/harness'
import { EBAY_SALE, EBAY_SALE_ENTRY, setGainRow } from './ledger-fixtures'
import { addCopy, table } from './ledger-seed'

/**
 * Disposing of a copy on a real SQLite file: with the copy's deletion (one edit with the entry,
 * pushed, undone by Ctrl+Z) and without it (the service keeps the copy, the ledger counts it).
 */

let h: EditHarness
let ledger: LedgerHandlers
beforeEach(async () => {
  h = await editHarness({ sets: [1, 2, 3] })
  ledger = createLedgerHandlers({ ...h.deps, files: null })
})
afterEach(() => {
  h.close()
})

// Handlers may answer at once or later; a promise either way, as dispatch sees them.
const sold = async (setID: number, localId: string, deleteCopy: boolean) =>
  ledger['ledger:applyDisposal']({ setID, localId, ...EBAY_SALE, deleteCopy })

const state = (setID: number) =>
  table<{ owned: number; qty_owned: number }>(
    h,
    `SELECT owned, qty_owned FROM set_state WHERE set_id = ${setID}`
  )[0]
// A copy the service never held is removed at once; one it holds stays as a tombstone.
const held = (localId: string) =>
  table(h, `SELECT 1 FROM copies WHERE local_id = '${localId}' AND deleted = 0`).length === 1
const journal = () =>
  table<{ description: string; batch_id: string | null; undone: number }>(
    h,
    'SELECT description, batch_id, undone FROM journal ORDER BY id'
  )
const outboxCount = () => table<{ n: number }>(h, 'SELECT count(*) AS n FROM outbox')[0]?.n
const listed = async () => (await ledger['ledger:list']({ offset: 0, limit: 100 })).entries

describe('disposing of a copy', () => {
  it('with deletion: the copy and one unit of quantity go, in one journal entry with the entry', async () => {
    const a = await addCopy(h, 1)
    await addCopy(h, 1, { pricePaid: 50 })
    expect(state(1)).toEqual({ owned: 1, qty_owned: 2 })
    // As after a sync: the service holds the copy, nothing waits to be sent.
    h.store.write.exec(`UPDATE copies SET collection_id = 5001 WHERE local_id = '${a}';
      DELETE FROM outbox`)
    const entriesBefore = journal().length

    const r = await sold(1, a, true)

    expect(r.journalId).not.toBeNull()
    expect(held(a)).toBe(false)
    expect(state(1)).toEqual({ owned: 1, qty_owned: 1 })
    const j = journal()
    expect(j).toHaveLength(entriesBefore + 1)
    expect(j.at(-1)).toMatchObject({
      description: '1-1: copy sold and deleted',
      batch_id: `ledger:${r.entryId}`
    })
    // Pushed like any deletion: the copy's record first, then the quantity.
    expect(
      table<{ target: string; field: string; desired: string }>(
        h,
        'SELECT target, field, desired FROM outbox ORDER BY id'
      )
    ).toEqual([
      { target: `copy:${a}`, field: 'copy', desired: 'null' },
      { target: 'set:1', field: 'qtyOwned', desired: '1' }
    ])
    const [e] = await listed()
    expect(e).toMatchObject({
      entryId: r.entryId,
      localId: a,
      setNumber: '1-1',
      setName: 'Set number 1',
      theme: 'Castle',
      setYear: 2020,
      ...EBAY_SALE_ENTRY,
      deletedOnService: true,
      copyStillHeld: false
    })
    expect(h.changes.at(-1)).toEqual([1])
  })

  it('the last copy: owned becomes false with the quantity 0', async () => {
    const a = await addCopy(h, 2)
    await sold(2, a, true)
    expect(state(2)).toEqual({ owned: 0, qty_owned: 0 })
  })

  it('a quantity already below the copies with details is left alone, not refused', async () => {
    // As the service can hold it (the doctor's "quantity differs" check finds such sets).
    const a = await addCopy(h, 1)
    await addCopy(h, 1)
    await addCopy(h, 1)
    h.store.write.exec(`UPDATE set_state SET qty_owned = 1 WHERE set_id = 1`)
    await sold(1, a, true)
    expect(held(a)).toBe(false)
    expect(state(1)).toEqual({ owned: 1, qty_owned: 1 })
  })

  it('Ctrl+Z brings the copy back and takes the entry out; redo puts both back', async () => {
    const a = await addCopy(h, 1)
    await sold(1, a, true)
    await h.handlers['journal:undo']({})
    expect(held(a)).toBe(true)
    expect(state(1)).toEqual({ owned: 1, qty_owned: 1 })
    expect(await listed()).toEqual([])
    const gains = await ledger['ledger:getGains']({ by: 'set' })
    expect(gains.realised).toEqual([])
    expect(gains.unrealised.map((g) => [g.key, g.copies])).toEqual([['1-1', 1]])
    // The copy shows in the copy table again, with no disposal on it.
    expect(await ledger['ledger:listForSet']({ setID: 1 })).toEqual([])

    await h.handlers['journal:redo']({})
    expect(held(a)).toBe(false)
    expect((await listed()).map((e) => e.localId)).toEqual([a])
  })

  it('an undone disposal no redo can bring back is purged; the copy can be disposed again', async () => {
    const a = await addCopy(h, 1)
    const first = await sold(1, a, true)
    await h.handlers['journal:undo']({})
    // A new edit ends the redo chain.
    await h.handlers['collection:updateSet']({ setID: 3, patch: { wanted: true } })
    expect(purgeLedger(h.deps)).toBe(1)
    expect(table(h, 'SELECT * FROM ledger_entries')).toEqual([])
    const again = await ledger['ledger:applyDisposal']({
      setID: 1,
      localId: a,
      kind: 'gifted',
      disposedOn: '2025-07-01',
      proceeds: 0,
      proceedsCurrency: '',
      note: '',
      deleteCopy: false
    })
    expect(again.entryId).not.toBe(first.entryId)
    expect((await listed()).map((e) => [e.kind, e.gain, e.gainCurrency])).toEqual([
      ['gifted', -110, 'EUR']
    ])
  })

  it('disposing again while an undone disposal can still be redone replaces that entry', async () => {
    const a = await addCopy(h, 1)
    await sold(1, a, true)
    await h.handlers['journal:undo']({})
    const r = await sold(1, a, false)
    expect(table<{ entry_id: string }>(h, 'SELECT entry_id FROM ledger_entries')).toEqual([
      { entry_id: r.entryId }
    ])
  })

  it('without deletion: the copy, the quantity and the outbox stay; the ledger counts it disposed', async () => {
    const a = await addCopy(h, 1)
    const b = await addCopy(h, 1, {
      currentEstimatedValue: 0,
      pricePaid: 40,
      additionalPricePaid: 0
    })
    const entriesBefore = journal().length
    const outboxBefore = outboxCount()
    const r = await sold(1, a, false)
    expect(r.journalId).toBeNull()
    expect(held(a)).toBe(true)
    expect(state(1)).toEqual({ owned: 1, qty_owned: 2 })
    expect(journal()).toHaveLength(entriesBefore)
    expect(outboxCount()).toBe(outboxBefore)
    const [e] = await listed()
    expect(e).toMatchObject({ localId: a, deletedOnService: false, copyStillHeld: true })
    expect((await ledger['ledger:listForSet']({ setID: 1 })).map((x) => x.localId)).toEqual([a])
    // Unrealised counts only the copy still held, b, valued at what was paid.
    const gains = await ledger['ledger:getGains']({ by: 'set' })
    expect(gains.unrealised).toEqual([
      setGainRow(1, 'EUR', { copies: 1, paid: 40, value: 40, gain: 0, unestimated: 1 })
    ])
    expect(b).not.toBe(a)
    // Screens of the set are told: the copy table marks the copy.
    expect(h.changes.at(-1)).toEqual([1])
  })

  it('a copy already in the ledger is refused; removing the entry frees it', async () => {
    const a = await addCopy(h, 1)
    const r = await sold(1, a, false)
    await expect(sold(1, a, false)).rejects.toMatchObject({ code: 'conflict' })
    await ledger['ledger:deleteEntry']({ entryId: r.entryId })
    expect(await listed()).toEqual([])
    expect(held(a)).toBe(true)
    await expect(
      Promise.resolve().then(() => ledger['ledger:deleteEntry']({ entryId: r.entryId }))
    ).rejects.toMatchObject({
      code: 'not_found'
    })
  })

  it('refuses a deleted copy, a copy of another set and a date before the copy was acquired', async () => {
    const a = await addCopy(h, 1)
    await expect(sold(2, a, true)).rejects.toMatchObject({ code: 'not_found' })
    await expect(
      Promise.resolve().then(() =>
        ledger['ledger:applyDisposal']({
          setID: 1,
          localId: a,
          kind: 'lost',
          disposedOn: '2021-04-30',
          proceeds: 0,
          proceedsCurrency: '',
          note: '',
          deleteCopy: true
        })
      )
    ).rejects.toMatchObject({ code: 'invalid_input' })
    await h.handlers['collection:deleteCopy']({ setID: 1, localId: a })
    await expect(sold(1, a, true)).rejects.toMatchObject({ code: 'not_found' })
    expect(table(h, 'SELECT * FROM ledger_entries')).toEqual([])
  })

  it('all or nothing: a failure after the deletion leaves the copy, journal and outbox as they were', async () => {
    const a = await addCopy(h, 1)
    const before = {
      journal: journal(),
      outbox: outboxCount(),
      copies: table(h, 'SELECT * FROM copies'),
      state: state(1)
    }
    // The entry's insert fails after the edit path wrote its rows (as a crash there would).
    h.store.write.exec(`CREATE TRIGGER ledger_refuse BEFORE INSERT ON ledger_entries
      BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`)
    await expect(sold(1, a, true)).rejects.toThrow(/refused by the test/)
    expect({
      journal: journal(),
      outbox: outboxCount(),
      copies: table(h, 'SELECT * FROM copies'),
      state: state(1)
    }).toEqual(before)
  })
})
