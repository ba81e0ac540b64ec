import { afterEach, describe, expect, it } from 'vitest'
import { outbox } from '../../src/main/collection/index'
import type { OutboxRow } from '../../src/main/collection/index'
import { editHarness } from './harness'
import type { EditHarness } from './harness'

/** The outbox's one API (collection/outbox.ts): each change of a row's state does what it is named for. */

let h: EditHarness
afterEach(() => {
  h.close()
})

async function notesRow(): Promise<OutboxRow> {
  h = await editHarness()
  await h.handlers['collection:updateSet']({ setID: 1, patch: { notes: 'mine' } })
  const [row] = outbox.pending(h.store.read, h.profileId)
  if (row === undefined) throw new Error('the edit left no outbox row')
  return row
}

const now = '2026-02-01T00:00:00.000Z'
const current = (id: number): OutboxRow | null => outbox.row(h.store.read, id)

describe('the Outbox API', () => {
  it('walks a row from pending to conflict, back to pending and to confirmed', async () => {
    const row = await notesRow()
    expect(outbox.hasRoundWork(h.store.read, h.profileId)).toBe(true)
    expect(outbox.lastId(h.store.read, h.profileId)).toBe(row.id)
    expect(outbox.target(row)).toEqual({ kind: 'set', setID: 1, field: 'notes' })

    outbox.sending(h.store.write, row.id, row.desired, now)
    expect(outbox.sentValues(current(row.id) ?? row)).toEqual([row.desired])

    outbox.inConflict(h.store.write, row.id, '"theirs"', 'the service holds another note', now)
    expect(current(row.id)).toMatchObject({ state: 'conflict', server: '"theirs"' })
    expect(outbox.stillPending(h.store.read, row.id)).toBeNull()
    expect(outbox.conflicts(h.store.read, h.profileId).map((r) => r.id)).toEqual([row.id])

    outbox.rebased(h.store.write, row.id, '"theirs"', now)
    outbox.pendingAgain(h.store.write, row.id, now)
    expect(current(row.id)).toMatchObject({
      state: 'pending',
      base: '"theirs"',
      reason: null,
      server: null
    })

    const again = outbox.stillPending(h.store.read, row.id)
    expect(again).not.toBeNull()
    expect(outbox.confirmed(h.store.write, again ?? row, row.desired, now)).toBe(true)
    expect(current(row.id)).toBeNull()
    expect(outbox.hasRoundWork(h.store.read, h.profileId)).toBe(false)
  })

  it('keeps a row edited meanwhile, with the confirmed value as its base', async () => {
    const row = await notesRow()
    await h.handlers['collection:updateSet']({ setID: 1, patch: { notes: 'newer' } })
    expect(outbox.confirmed(h.store.write, row, row.desired, now)).toBe(false)
    expect(current(row.id)).toMatchObject({
      state: 'pending',
      base: row.desired,
      desired: '"newer"'
    })
  })

  it('counts failed attempts, sets a row aside for the user, and drops it', async () => {
    const row = await notesRow()
    outbox.failedOnce(h.store.write, row.id, 'timed out', now)
    outbox.failedOnce(h.store.write, row.id, 'timed out again', now)
    expect(current(row.id)).toMatchObject({
      attempts: 2,
      reason: 'timed out again',
      state: 'pending'
    })
    outbox.needsAttention(h.store.write, row.id, 'refused', now)
    expect(current(row.id)).toMatchObject({ state: 'needs_attention', reason: 'refused' })
    expect(
      outbox.pendingPage(h.store.read, h.profileId, { afterId: 0, upTo: row.id, limit: 10 })
    ).toEqual([])
    outbox.dropped(h.store.write, row.id)
    expect(outbox.pending(h.store.read, h.profileId)).toEqual([])
    expect(current(row.id)).toBeNull()
  })

  it('coalesces an edit into the oldest row of its field, whatever the others hold', async () => {
    const row = await notesRow()
    // A second row of the same field, newer, in conflict: its state sorts before 'pending' in
    // the index, so a reading that took the index's first row would pick it.
    h.store.write
      .prepare(
        `INSERT INTO outbox (profile_id, set_id, target, field, desired, base, state, server,
           created_at, updated_at) VALUES (?, 1, ?, 'notes', '"other"', '""', 'conflict', '"x"', ?, ?)`
      )
      .run(h.profileId, row.target, now, now)
    await h.handlers['collection:updateSet']({ setID: 1, patch: { notes: 'third' } })
    expect(current(row.id)).toMatchObject({ desired: '"third"', base: row.base })
    expect(outbox.conflicts(h.store.read, h.profileId).map((r) => r.desired)).toEqual(['"other"'])
  })

  it('names each set a round works on once, and no set a round leaves alone', async () => {
    // Set 1: its one row in conflict. Set 2: two rows waiting. Set 3: its row set aside.
    const row = await notesRow()
    await h.handlers['collection:updateSet']({ setID: 2, patch: { notes: 'two' } })
    await h.handlers['collection:updateSet']({ setID: 2, patch: { rating: 4 } })
    await h.handlers['collection:updateSet']({ setID: 3, patch: { notes: 'three' } })
    const third = outbox.pending(h.store.read, h.profileId).find((r) => r.set_id === 3)
    if (third === undefined) throw new Error('set 3 left no outbox row')
    outbox.inConflict(h.store.write, row.id, '"theirs"', 'the service holds another note', now)
    outbox.needsAttention(h.store.write, third.id, 'refused', now)
    expect(outbox.roundSetIDs(h.store.read, h.profileId).sort()).toEqual([1, 2])
  })
})
