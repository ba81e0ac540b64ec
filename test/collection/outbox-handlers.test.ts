import { afterEach, describe, expect, it } from 'vitest'
import { upsertProfile } from '../../src/main/account/profiles-repo'
import { createOutboxJournalHandlers } from '../../src/main/collection/outbox-journal-handlers'
import { markRow } from '../../src/main/collection/outbox-repo'
import { readSet } from '../../src/main/collection/collection-state-repo'
import { editHarness } from './harness'
import type { EditHarness } from './harness'
import { COPY } from './copy-helpers'

/**
 * What the Pending changes panel and Undo/Redo do with a change: retry, discard, keep mine or
 * theirs, and the refusals when the change is gone or not in conflict. Each tells the screens
 * which set to redraw.
 */

let h: EditHarness
afterEach(() => {
  h.close()
})

const rowsOf = () =>
  h.store.read.prepare('SELECT id, field, state, desired, base FROM outbox ORDER BY id').all() as {
    id: number
    field: string
    state: string
    desired: string
    base: string
  }[]

const rowOf = (field: string) => {
  const row = rowsOf().find((r) => r.field === field)
  if (!row) throw new Error(`no outbox row for ${field}`)
  return row
}

/** The pusher's finding: the service holds `server` for the row of `field`. */
function conflict(field: string, server: unknown): number {
  const { id } = rowOf(field)
  markRow(
    h.store.write,
    id,
    {
      state: 'conflict',
      reason: 'Changed on the service since your edit.',
      server: JSON.stringify(server)
    },
    '2026-01-02T00:00:00.000Z'
  )
  return id
}

const attempt = (f: () => unknown) => Promise.resolve().then(f)

describe('a change that is gone, or another profile’s, is refused and nothing moves', () => {
  it('retry, discard and resolve of an unknown id say the change is no longer waiting', async () => {
    h = await editHarness()
    await h.handlers['collection:updateSet']({ setID: 1, patch: { notes: 'mine' } })
    const before = rowsOf()
    for (const call of [
      () => h.handlers['outbox:retry']({ id: 999 }),
      () => h.handlers['outbox:discard']({ id: 999 }),
      () => h.handlers['outbox:resolveConflict']({ id: 999, keep: 'theirs' })
    ]) {
      await expect(attempt(call)).rejects.toMatchObject({
        code: 'not_found',
        message: 'That change is no longer waiting.',
        detail: { field: 'id' }
      })
    }
    expect(rowsOf()).toEqual(before)
  })

  it('another profile cannot retry, discard or resolve this profile’s change', async () => {
    h = await editHarness()
    await h.handlers['collection:updateSet']({ setID: 1, patch: { notes: 'mine' } })
    const id = conflict('notes', 'theirs')
    const other = upsertProfile(
      h.store.write,
      { kind: 'custom', label: 'other', baseUrl: 'http://127.0.0.1:2', binding: 'auto', paths: {} },
      '2026-01-01T00:00:00.000Z'
    )
    const theirs = createOutboxJournalHandlers({ ...h.deps, profileId: () => other.id })
    expect(await theirs['outbox:list']({})).toEqual([])
    for (const call of [
      () => theirs['outbox:retry']({ id }),
      () => theirs['outbox:discard']({ id }),
      () => theirs['outbox:resolveConflict']({ id, keep: 'theirs' })
    ]) {
      await expect(attempt(call)).rejects.toMatchObject({ code: 'not_found' })
    }
    expect(rowOf('notes')).toMatchObject({ state: 'conflict', desired: '"mine"' })
    expect(readSet(h.store.read, h.profileId, 1).notes).toBe('mine')
  })

  it('keeping mine or theirs of a change not in conflict is refused', async () => {
    h = await editHarness()
    await h.handlers['collection:updateSet']({ setID: 1, patch: { notes: 'mine' } })
    const { id } = rowOf('notes')
    for (const keep of ['mine', 'theirs'] as const) {
      await expect(
        attempt(() => h.handlers['outbox:resolveConflict']({ id, keep }))
      ).rejects.toMatchObject({
        code: 'conflict',
        message: 'That change is not in conflict.',
        detail: { field: 'id' }
      })
    }
    expect(rowOf('notes')).toMatchObject({ state: 'pending', desired: '"mine"', base: '""' })
    // Refused by the service after the service's value was seen: still not a conflict to settle.
    markRow(
      h.store.write,
      id,
      { state: 'needs_attention', reason: 'Refused.', server: '"web"' },
      'x'
    )
    await expect(
      attempt(() => h.handlers['outbox:resolveConflict']({ id, keep: 'theirs' }))
    ).rejects.toMatchObject({ code: 'conflict' })
    expect(readSet(h.store.read, h.profileId, 1).notes).toBe('mine')
  })
})

describe('each action redraws exactly the set it touched', () => {
  it('retry, discard and resolve name the set; a flag label names none', async () => {
    h = await editHarness()
    await h.handlers['collection:updateSet']({ setID: 2, patch: { wanted: true, rating: 3 } })
    await h.handlers['collection:updateSet']({ setID: 4, patch: { notes: 'n' } })
    h.changes.length = 0
    const wanted = rowOf('wanted').id
    markRow(h.store.write, wanted, { state: 'needs_attention', reason: 'Refused.' }, 'x')
    await h.handlers['outbox:retry']({ id: wanted })
    expect(rowOf('wanted').state).toBe('pending')
    await h.handlers['outbox:discard']({ id: rowOf('rating').id })
    await h.handlers['outbox:resolveConflict']({ id: conflict('notes', 'web'), keep: 'mine' })
    expect(h.changes).toEqual([[2], [2], [4]])

    await h.handlers['flags:setLabel']({ flagNo: 7, label: 'Lent out' })
    h.changes.length = 0
    await h.handlers['outbox:discard']({ id: rowOf('label').id })
    expect(h.changes).toEqual([[]])
    expect((await h.handlers['flags:getLabels']({}))[6]).toMatchObject({ label: '' })
  })
})

describe('discard and resolve restore what the user expects', () => {
  it('discarding an added copy takes the copy away again', async () => {
    h = await editHarness()
    await h.handlers['collection:saveCopy']({ setID: 3, copy: COPY })
    expect(await h.handlers['collection:listCopies']({ setID: 3 })).toHaveLength(1)
    await h.handlers['outbox:discard']({ id: rowOf('copy').id })
    expect(await h.handlers['collection:listCopies']({ setID: 3 })).toEqual([])
  })

  it('keeping theirs shows the service’s value; keeping mine sends mine over it', async () => {
    h = await editHarness()
    await h.handlers['collection:updateSet']({ setID: 1, patch: { notes: 'mine', rating: 4 } })
    await h.handlers['outbox:resolveConflict']({ id: conflict('notes', 'web'), keep: 'theirs' })
    expect(readSet(h.store.read, h.profileId, 1).notes).toBe('web')
    await h.handlers['outbox:resolveConflict']({ id: conflict('rating', 2), keep: 'mine' })
    expect(readSet(h.store.read, h.profileId, 1).rating).toBe(4)
    expect(rowsOf()).toEqual([
      expect.objectContaining({ field: 'rating', state: 'pending', desired: '4', base: '2' })
    ])
  })
})

describe('undo and redo with nothing to replay', () => {
  it('say so plainly, and report nothing to undo or redo', async () => {
    h = await editHarness()
    await expect(attempt(() => h.handlers['journal:undo']({}))).rejects.toMatchObject({
      code: 'not_found',
      message: 'Nothing to undo.'
    })
    await expect(attempt(() => h.handlers['journal:redo']({}))).rejects.toMatchObject({
      code: 'not_found',
      message: 'Nothing to redo.'
    })
    await h.handlers['collection:updateSet']({ setID: 5, patch: { wanted: true } })
    const undone = await h.handlers['journal:undo']({})
    expect(undone).toMatchObject({ canUndo: false, canRedo: true })
    expect(undone.entry).not.toBeNull()
    const redone = await h.handlers['journal:redo']({})
    expect(redone).toMatchObject({ canUndo: true, canRedo: false })
    expect(redone.entry?.id).toBe(undone.entry?.id)
  })
})

describe('the pending list in words', () => {
  it('says what each change is and shows values as the user reads them', async () => {
    h = await editHarness()
    h.store.write
      .prepare(
        `INSERT INTO minifigs (profile_id, minifig_number, name, category) VALUES (?, 'cas001', 'Knight', 'Castle')`
      )
      .run(h.profileId)
    await h.handlers['collection:updateSet']({
      setID: 2,
      patch: { wanted: true, rating: 4, flags: { '3': true } }
    })
    await h.handlers['flags:setLabel']({ flagNo: 6, label: 'Sealed' })
    await h.handlers['collection:updateMinifig']({ minifigNumber: 'cas001', ownedLoose: 2 })
    const copy = await h.handlers['collection:saveCopy']({ setID: 3, copy: COPY })
    await h.handlers['collection:deleteCopy']({ setID: 3, localId: copy.localId })
    await h.handlers['collection:updateSet']({ setID: 4, patch: { notes: 'mine' } })
    conflict('notes', 'web')
    const shown = (await h.handlers['outbox:list']({})).map((r) => ({
      label: r.label,
      field: r.field,
      desired: r.desired,
      base: r.base,
      server: r.server
    }))
    const set2 = shown.filter((r) => r.label === '2-1 Set number 2')
    expect(set2).toEqual([
      { label: '2-1 Set number 2', field: 'wanted', desired: 'yes', base: 'no', server: null },
      { label: '2-1 Set number 2', field: 'rating', desired: '4', base: '0', server: null },
      { label: '2-1 Set number 2', field: 'flag 3', desired: 'yes', base: 'no', server: null }
    ])
    expect(shown).toContainEqual({
      label: 'flag label 6',
      field: 'flag label 6',
      desired: 'Sealed',
      base: '',
      server: null
    })
    expect(shown).toContainEqual(
      expect.objectContaining({ label: 'minifig cas001', field: 'minifig cas001' })
    )
    expect(shown).toContainEqual(expect.objectContaining({ field: 'copy', desired: '(none)' }))
    expect(shown).toContainEqual(
      expect.objectContaining({ field: 'notes', desired: 'mine', base: '', server: 'web' })
    )
  })

  it('editing a change in conflict again takes the service’s value as its base', async () => {
    h = await editHarness()
    await h.handlers['collection:updateSet']({ setID: 1, patch: { notes: 'mine' } })
    conflict('notes', 'web')
    await h.handlers['collection:updateSet']({ setID: 1, patch: { notes: 'mine, again' } })
    expect(rowOf('notes')).toMatchObject({
      state: 'pending',
      desired: '"mine, again"',
      base: '"web"'
    })
    // A plain pending row keeps its first base however often it is edited.
    await h.handlers['collection:updateSet']({ setID: 2, patch: { notes: 'one' } })
    await h.handlers['collection:updateSet']({ setID: 2, patch: { notes: 'two' } })
    const [, second] = rowsOf()
    expect(second).toMatchObject({ desired: '"two"', base: '""' })
  })
})
