import { afterEach, describe, expect, it } from 'vitest'
import { createBulkEditHandlers } from '../../src/main/collection/bulk-edit-handlers'
import { dispatch } from '../../src/main/ipc/dispatch'
import type { Handlers } from '../../src/shared/ipc/contract'
import type { UndoResultDto } from '../../src/shared/model/sync'
import { editHarness } from './harness'
import type { EditHarness } from './harness'

/**
 * Undo and redo name the journal entry the user saw: a repeated press (a second window, a key
 * held down, a request sent again) finds it undone already and does nothing, never undoing an
 * unrelated edit behind it.
 */

let h: EditHarness
afterEach(() => {
  h.close()
})

const call = async (channel: 'journal:undo' | 'journal:redo', input: unknown) => {
  const r = await dispatch(h.handlers as unknown as Handlers, channel, input)
  if (!r.ok) throw new Error(`${channel}: ${r.error.message}`)
  return r.value as UndoResultDto
}
const state = (id: number) =>
  h.store.read.prepare('SELECT wanted, notes FROM set_state WHERE set_id = ?').get(id) as
    { wanted: number; notes: string } | undefined

describe('journal:undo and journal:redo with the entry the user saw', () => {
  it('undo of an entry already undone does nothing, and says it was not applied', async () => {
    h = await editHarness({ sets: [1, 2, 3, 4, 5] })
    const bulk = createBulkEditHandlers(h.deps)
    await h.handlers['collection:updateSet']({ setID: 5, patch: { notes: 'older edit' } })
    const edit = await bulk['collection:bulkEdit']({
      setIDs: [1, 2, 3],
      action: { kind: 'wanted', value: true }
    })
    const id = edit.journalId
    if (id === null) throw new Error('no journal entry')
    const first = await call('journal:undo', { entryId: id })
    expect(first).toMatchObject({ applied: true, entry: { id, undone: true } })
    expect(state(1)?.wanted).toBe(0)

    // The same request again (a second window, a repeated press): the older edit stays.
    const again = await call('journal:undo', { entryId: id })
    expect(again).toMatchObject({ applied: false, entry: { id, undone: true }, canUndo: true })
    expect(state(5)?.notes).toBe('older edit')
    const journal = await h.handlers['journal:list']({ limit: 10 })
    expect(journal.map((e) => e.undone)).toEqual([true, false])
  })

  it('undo naming an entry that is no longer the newest leaves the newer one alone', async () => {
    h = await editHarness({ sets: [1, 2, 3] })
    await h.handlers['collection:updateSet']({ setID: 1, patch: { wanted: true } })
    const seen = (await h.handlers['journal:list']({ limit: 1 }))[0]?.id ?? 0
    // Another window edits meanwhile.
    await h.handlers['collection:updateSet']({
      setID: 2,
      patch: { notes: 'from the other window' }
    })
    const r = await call('journal:undo', { entryId: seen })
    expect(r).toMatchObject({ applied: false, entry: { id: seen, undone: false } })
    expect(state(1)?.wanted).toBe(1)
    expect(state(2)?.notes).toBe('from the other window')
  })

  it('redo names its entry the same way, and an entry of nobody is refused', async () => {
    h = await editHarness({ sets: [1, 2] })
    await h.handlers['collection:updateSet']({ setID: 1, patch: { wanted: true } })
    const undone = await call('journal:undo', {})
    const id = undone.entry?.id ?? 0
    expect(undone.applied).toBe(true)
    expect(await call('journal:redo', { entryId: id })).toMatchObject({ applied: true })
    expect(await call('journal:redo', { entryId: id })).toMatchObject({
      applied: false,
      entry: { id, undone: false }
    })
    expect(state(1)?.wanted).toBe(1)
    const unknown = await dispatch(h.handlers as unknown as Handlers, 'journal:undo', {
      entryId: 999
    })
    expect(unknown).toMatchObject({ ok: true, value: { applied: false, entry: null } })
    expect(state(1)?.wanted).toBe(1)
  })

  it('tells how many sets the next undo and redo touch before either is asked for', async () => {
    h = await editHarness({ sets: [1, 2, 3, 4] })
    const bulk = createBulkEditHandlers(h.deps)
    await bulk['collection:bulkEdit']({
      setIDs: [1, 2, 3, 4],
      action: { kind: 'owned', value: true }
    })
    const next = await dispatch(h.handlers as unknown as Handlers, 'journal:next', {})
    expect(next).toMatchObject({
      ok: true,
      value: { undo: { sets: 4, description: '4 sets marked owned' }, redo: null }
    })
    await call('journal:undo', {})
    const after = await dispatch(h.handlers as unknown as Handlers, 'journal:next', {})
    expect(after).toMatchObject({ ok: true, value: { undo: null, redo: { sets: 4 } } })
  })
})
