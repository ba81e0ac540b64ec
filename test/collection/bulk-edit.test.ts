import { afterEach, describe, expect, it } from 'vitest'
import { createBulkEditHandlers } from '../../src/main/collection/bulk-edit-handlers'
import { dispatch } from '../../src/main/ipc/dispatch'
import { SET_STATES_MAX } from '../../src/shared/model/collection'
import type { Handlers } from '../../src/shared/ipc/contract'
import type { Result } from '../../src/shared/ipc/result'
import { COPY } from './copy-helpers'
import { editHarness } from './harness'
import type { EditHarness } from './harness'

/** Bulk edits against a real SQLite store: one journal entry, the normal outbox, one undo. */

let h: EditHarness
afterEach(() => {
  h.close()
})

const range = (from: number, n: number): number[] => Array.from({ length: n }, (_, i) => from + i)

async function start(sets = range(1, 60)): Promise<ReturnType<typeof createBulkEditHandlers>> {
  h = await editHarness({ sets })
  return createBulkEditHandlers(h.deps)
}

const outbox = () =>
  h.store.read.prepare('SELECT target, field, desired FROM outbox ORDER BY id').all() as {
    target: string
    field: string
    desired: string
  }[]
const journalCount = () =>
  (h.store.read.prepare('SELECT count(*) AS n FROM journal').get() as { n: number }).n
const stateRows = () =>
  (h.store.read.prepare('SELECT count(*) AS n FROM set_state').get() as { n: number }).n

describe('bulk edit: one call, one journal entry, one undo', () => {
  it('marks 30 sets owned in one journal entry, each set in the outbox, and one undo reverts all', async () => {
    const bulk = await start()
    const ids = range(11, 30)
    const r = await bulk['collection:bulkEdit']({
      setIDs: ids,
      action: { kind: 'owned', value: true }
    })
    expect(r).toMatchObject({ sets: 30, change: 30, already: 0, skipped: [] })
    expect(r.journalId).not.toBeNull()
    expect(r.description).toBe('30 sets marked owned')
    // Every changed set comes back with its new state, waiting to sync, for the list to show.
    expect(r.changed).toEqual(ids)
    const states = r.states ?? []
    expect(states.map((c) => c.setID)).toEqual(ids)
    expect(states.every((c) => c.collection.owned && c.collection.qtyOwned === 1)).toBe(true)
    expect(states.every((c) => c.collection.sync === 'pending')).toBe(true)

    expect(journalCount()).toBe(1)
    const rows = outbox()
    for (const id of ids) {
      expect(
        rows.filter((o) => o.target === `set:${id}`).map((o) => `${o.field}=${o.desired}`)
      ).toEqual(['owned=true', 'qtyOwned=1'])
    }
    expect(rows).toHaveLength(60)
    expect(h.changes.at(-1)).toEqual(ids)

    const undone = await h.handlers['journal:undo']({})
    expect(undone.entry).toMatchObject({ description: '30 sets marked owned', undone: true })
    expect(undone.canUndo).toBe(false)
    const totals = await h.handlers['collection:getTotals']({})
    expect(totals).toMatchObject({ distinctSetsOwned: 0 })
    // The undo is an edit too: the outbox now asks the service for the old values.
    for (const id of ids) {
      expect(
        outbox()
          .filter((o) => o.target === `set:${id}`)
          .map((o) => `${o.field}=${o.desired}`)
      ).toEqual(['owned=false', 'qtyOwned=0'])
    }
  })

  it('counts sets already in that state, changes only the others, and journals nothing when none change', async () => {
    const bulk = await start()
    for (const id of [1, 2, 3])
      await h.handlers['collection:updateSet']({ setID: id, patch: { wanted: true } })
    const before = journalCount()
    const plan = await bulk['collection:bulkPlan']({
      setIDs: range(1, 10),
      action: { kind: 'wanted', value: true }
    })
    expect(plan).toMatchObject({ sets: 10, change: 7, already: 3, skipped: [] })
    expect(journalCount()).toBe(before)

    const r = await bulk['collection:bulkEdit']({
      setIDs: range(1, 10),
      action: { kind: 'wanted', value: true }
    })
    expect(r).toMatchObject({ change: 7, already: 3 })
    expect(r.changed).toEqual(range(4, 7))
    expect(journalCount()).toBe(before + 1)

    const again = await bulk['collection:bulkEdit']({
      setIDs: range(1, 10),
      action: { kind: 'wanted', value: true }
    })
    expect(again).toMatchObject({
      change: 0,
      already: 10,
      journalId: null,
      changed: [],
      states: []
    })
    expect(journalCount()).toBe(before + 1)
  })

  it('quantity -1 skips a set whose detailed copies hold its quantity and lowers the others', async () => {
    const bulk = await start()
    // Set 1: two owned, one copy with details: may go to 1. Set 2: one owned, its copy has details.
    await h.handlers['collection:updateSet']({ setID: 1, patch: { qtyOwned: 2 } })
    await h.handlers['collection:saveCopy']({ setID: 2, copy: COPY })
    await h.handlers['collection:saveCopy']({ setID: 1, copy: COPY })
    expect((await h.handlers['collection:listCopies']({ setID: 2 })).length).toBe(1)
    const before = outbox().length

    const r = await bulk['collection:bulkEdit']({
      setIDs: [1, 2, 3],
      action: { kind: 'quantity', delta: -1 }
    })
    expect(r.change).toBe(1)
    // Set 3 owns none: nothing to take away.
    expect(r.already).toBe(1)
    expect(r.skipped).toEqual([
      {
        setID: 2,
        fullNumber: '2-1',
        reason: 'copies',
        message: expect.stringContaining('details') as string
      }
    ])
    expect(r.states).toEqual([
      { setID: 1, collection: expect.objectContaining({ qtyOwned: 2, owned: true }) as unknown }
    ])
    expect((await h.handlers['collection:listCopies']({ setID: 2 })).length).toBe(1)
    expect(outbox().length).toBeGreaterThanOrEqual(before)

    const up = await bulk['collection:bulkEdit']({
      setIDs: [2, 3],
      action: { kind: 'quantity', delta: 1 }
    })
    const states = up.states ?? []
    expect(states.map((c) => [c.setID, c.collection.qtyOwned, c.collection.owned])).toEqual([
      [2, 2, true],
      [3, 1, true]
    ])
  })

  it('marking not owned skips sets with detailed copies instead of refusing the whole batch', async () => {
    const bulk = await start()
    await h.handlers['collection:saveCopy']({ setID: 5, copy: COPY })
    await h.handlers['collection:updateSet']({ setID: 6, patch: { owned: true } })
    const r = await bulk['collection:bulkEdit']({
      setIDs: [5, 6, 7],
      action: { kind: 'owned', value: false }
    })
    expect(r).toMatchObject({ change: 1, already: 1 })
    expect(r.skipped.map((s) => [s.setID, s.reason])).toEqual([[5, 'copies']])
    expect(r.changed).toEqual([6])
  })

  it('appends a note on a new line and skips a set whose notes would pass 1,000 characters', async () => {
    const bulk = await start()
    await h.handlers['collection:updateSet']({ setID: 1, patch: { notes: 'boxed' } })
    const long = 'x'.repeat(995)
    await h.handlers['collection:updateSet']({ setID: 2, patch: { notes: long } })
    const r = await bulk['collection:bulkEdit']({
      setIDs: [1, 2, 3],
      action: { kind: 'appendNote', text: 'on shelf B' }
    })
    expect(r.change).toBe(2)
    expect(r.skipped.map((s) => [s.setID, s.reason])).toEqual([[2, 'notesFull']])
    const notes = Object.fromEntries((r.states ?? []).map((c) => [c.setID, c.collection.notes]))
    expect(notes).toEqual({ 1: 'boxed\non shelf B', 3: 'on shelf B' })
    const set2 = await h.handlers['collection:updateSet']({ setID: 2, patch: { rating: 0 } })
    expect(set2.notes).toBe(long)
  })

  it('names a flag by the user’s label and sets it on and off', async () => {
    const bulk = await start()
    await h.handlers['flags:setLabel']({ flagNo: 3, label: 'Built' })
    const on = await bulk['collection:bulkEdit']({
      setIDs: [1, 2],
      action: { kind: 'flag', flagNo: 3, value: true }
    })
    expect(on.description).toBe('2 sets: “Built” on')
    expect(on.states?.every((c) => c.collection.flags[2] === true)).toBe(true)
    const off = await bulk['collection:bulkEdit']({
      setIDs: [1, 2, 3],
      action: { kind: 'flag', flagNo: 3, value: false }
    })
    expect(off).toMatchObject({ change: 2, already: 1, description: '2 sets: “Built” off' })
  })

  it('answers a large edit with the sets it changed and leaves their states to the screen', async () => {
    const ids = range(1, SET_STATES_MAX + 1)
    const bulk = await start(ids)
    const r = await bulk['collection:bulkEdit']({
      setIDs: ids,
      action: { kind: 'wanted', value: true }
    })
    expect(r).toMatchObject({ change: ids.length, states: null })
    expect(r.changed).toEqual(ids)
    expect(h.changes.at(-1)).toEqual(ids)
    // One fewer set: each state comes back again.
    const undone = await h.handlers['journal:undo']({})
    expect(undone.canUndo).toBe(false)
    const fewer = await bulk['collection:bulkEdit']({
      setIDs: ids.slice(1),
      action: { kind: 'wanted', value: true }
    })
    expect(fewer.states?.map((c) => [c.setID, c.collection.wanted])).toEqual(
      ids.slice(1).map((id) => [id, true])
    )
  })

  it('refuses bad input and changes nothing', async () => {
    const bulk = await start()
    const handlers = { ...h.handlers, ...bulk } as unknown as Handlers
    const call = async (input: unknown): Promise<Result<unknown>> =>
      dispatch(handlers, 'collection:bulkEdit', input)

    // An unknown set anywhere in the list: nothing is written for the known ones either.
    await expect(
      Promise.resolve().then(() =>
        bulk['collection:bulkEdit']({ setIDs: [1, 2, 999], action: { kind: 'owned', value: true } })
      )
    ).rejects.toMatchObject({
      code: 'not_found',
      message: expect.stringContaining('999') as unknown
    })

    const refused = [
      { setIDs: [], action: { kind: 'owned', value: true } },
      { setIDs: range(1, 5001), action: { kind: 'owned', value: true } },
      { setIDs: [1, 1], action: { kind: 'owned', value: true } },
      { setIDs: [1], action: { kind: 'flag', flagNo: 9, value: true } },
      { setIDs: [1], action: { kind: 'quantity', delta: 2 } },
      { setIDs: [1], action: { kind: 'appendNote', text: '   ' } },
      { setIDs: [1], action: { kind: 'appendNote', text: 'a\u0000b' } },
      { setIDs: [1], action: { kind: 'rename', value: 'x' } }
    ]
    for (const input of refused) {
      const r = await call(input)
      expect(r, JSON.stringify(input).slice(0, 80)).toMatchObject({
        ok: false,
        error: { code: 'invalid_input' }
      })
    }
    expect(outbox()).toEqual([])
    expect(journalCount()).toBe(0)
    expect(stateRows()).toBe(0)
    expect(h.changes).toEqual([])
  })
})
