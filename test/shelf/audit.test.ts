import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { labelCode } from '../../src/shared/model/box-label'
import { createShelfHandlers } from '../../src/main/shelf/index'
import type { ShelfHandlers } from '../../src/main/shelf/index'
import { editHarness } from '../collection/harness'
import type { EditHarness } from '../collection/harness'
import { copyLocations, seedCopyAt } from './shelf-seed'

/**
 * The shelf audit on a real SQLite file: the copies expected at a place, ticks by box label,
 * copy id and set number, the discrepancy report, the fix as one undoable edit, and an audit
 * that outlives a restart.
 */

let h: EditHarness
let shelf: ShelfHandlers
beforeEach(async () => {
  h = await editHarness({ sets: [1, 2, 3, 4, 5, 6] })
  shelf = createShelfHandlers(h.deps)
})
afterEach(() => {
  h.close()
})

/** A handler's answer as a promise, whether it threw or rejected. */
const later = <T>(f: () => T | Promise<T>): Promise<T> => Promise.resolve().then(f)

const statuses = (
  rows: readonly { localId: string | null; code: string | null; status: string }[]
) => Object.fromEntries(rows.map((r) => [r.localId ?? `code:${r.code ?? ''}`, r.status]))

describe('shelf audit', () => {
  it('lists the copies expected at a place and its sub-locations, none from elsewhere', async () => {
    const a = seedCopyAt(h.store, h.profileId, 1, 'Attic › Shelf 2')
    const b = seedCopyAt(h.store, h.profileId, 2, 'attic / shelf 2 / Bin')
    seedCopyAt(h.store, h.profileId, 3, 'Garage')
    const audit = await shelf['shelf:startAudit']({ location: 'attic > shelf 2', replace: false })
    expect(audit.location).toBe('attic › shelf 2')
    expect(statuses(audit.rows)).toEqual({ [a]: 'unchecked', [b]: 'unchecked' })
    expect(audit.rows.find((r) => r.localId === b)).toMatchObject({
      fullNumber: '2-1',
      name: 'Set number 2',
      location: 'attic / shelf 2 / Bin'
    })
  })

  it('ticks found by label, misplaced by a label of a copy recorded elsewhere, missing by click', async () => {
    const here1 = seedCopyAt(h.store, h.profileId, 1, 'Attic › Shelf 2')
    const here2 = seedCopyAt(h.store, h.profileId, 2, 'Attic › Shelf 2')
    const away = seedCopyAt(h.store, h.profileId, 3, 'Garage')
    const { id } = await shelf['shelf:startAudit']({ location: 'Attic › Shelf 2', replace: false })
    const t1 = await shelf['shelf:tick']({
      auditId: id,
      code: ` ${labelCode(here1).toLowerCase()}\n`
    })
    expect(t1).toMatchObject({ outcome: 'found', row: { localId: here1, status: 'found' } })
    expect(t1.message).toBe('Found 1-1 Set number 1.')
    const t2 = await shelf['shelf:tick']({ auditId: id, code: labelCode(away) })
    expect(t2).toMatchObject({ outcome: 'misplaced', row: { localId: away, status: 'misplaced' } })
    expect(t2.message).toContain('recorded at Garage')
    expect((await shelf['shelf:tick']({ auditId: id, code: labelCode(here1) })).outcome).toBe(
      'already'
    )
    const m = await shelf['shelf:mark']({ auditId: id, localId: here2, mark: 'missing' })
    expect(m).toMatchObject({ outcome: 'missing', row: { status: 'missing' } })
    const audit = await shelf['shelf:getAudit']({})
    expect(statuses(audit?.rows ?? [])).toEqual({
      [here1]: 'found',
      [here2]: 'missing',
      [away]: 'misplaced'
    })
  })

  it('reads copy ids and set numbers where they name one copy, and asks when they name several', async () => {
    const one = seedCopyAt(h.store, h.profileId, 1, 'Shelf', { collectionId: 777 })
    const twinA = seedCopyAt(h.store, h.profileId, 2, 'Shelf')
    const twinB = seedCopyAt(h.store, h.profileId, 2, 'Shelf')
    const lone = seedCopyAt(h.store, h.profileId, 3, 'Shelf', { collectionId: null })
    const { id } = await shelf['shelf:startAudit']({ location: 'Shelf', replace: false })
    expect(await shelf['shelf:tick']({ auditId: id, code: '#777' })).toMatchObject({
      outcome: 'found',
      row: { localId: one, copyId: '#777' }
    })
    expect(
      await shelf['shelf:tick']({ auditId: id, code: `local ${lone.slice(0, 8)}` })
    ).toMatchObject({ outcome: 'found', row: { localId: lone } })
    const twins = await shelf['shelf:tick']({ auditId: id, code: '2' })
    expect(twins.outcome).toBe('ambiguous')
    expect(twins.candidates.map((c) => c.localId).sort()).toEqual([twinA, twinB].sort())
    // One picked by click: the set number now names the other one alone.
    await shelf['shelf:mark']({ auditId: id, localId: twinA, mark: 'found' })
    expect(await shelf['shelf:tick']({ auditId: id, code: '2-1' })).toMatchObject({
      outcome: 'found',
      row: { localId: twinB }
    })
    expect((await shelf['shelf:tick']({ auditId: id, code: '2' })).outcome).toBe('already')
  })

  it('lists a set with no copy as unexpected, and records nothing for an unknown code', async () => {
    seedCopyAt(h.store, h.profileId, 1, 'Shelf')
    const { id } = await shelf['shelf:startAudit']({ location: 'Shelf', replace: false })
    const t = await shelf['shelf:tick']({ auditId: id, code: '5-1' })
    expect(t).toMatchObject({
      outcome: 'unexpected',
      row: { code: '5-1', setID: 5, fullNumber: '5-1', status: 'unexpected' }
    })
    expect(
      (await shelf['shelf:tick']({ auditId: id, code: 'STUDBOOK-COPY:gone-copy' })).outcome
    ).toBe('unexpected')
    expect(await shelf['shelf:tick']({ auditId: id, code: 'no-such-thing' })).toMatchObject({
      outcome: 'unknown',
      row: null
    })
    const r = await shelf['shelf:getReport']({ auditId: id })
    expect(r.unexpected.map((u) => u.code)).toEqual(['5-1', 'STUDBOOK-COPY:gone-copy'])
    await shelf['shelf:mark']({ auditId: id, code: '5-1', mark: 'none' })
    expect((await shelf['shelf:getReport']({ auditId: id })).unexpected).toHaveLength(1)
  })

  it('reports missing, never-ticked, misplaced and unexpected apart', async () => {
    const found = seedCopyAt(h.store, h.profileId, 1, 'Shelf')
    const missing = seedCopyAt(h.store, h.profileId, 2, 'Shelf')
    const unchecked = seedCopyAt(h.store, h.profileId, 3, 'Shelf › Bin')
    const away = seedCopyAt(h.store, h.profileId, 4, '')
    const { id } = await shelf['shelf:startAudit']({ location: 'Shelf', replace: false })
    await shelf['shelf:tick']({ auditId: id, code: labelCode(found) })
    await shelf['shelf:mark']({ auditId: id, localId: missing, mark: 'missing' })
    await shelf['shelf:tick']({ auditId: id, code: labelCode(away) })
    await shelf['shelf:tick']({ auditId: id, code: '6' })
    const r = await shelf['shelf:getReport']({ auditId: id })
    expect({
      expected: r.expected,
      found: r.found,
      missing: r.missing.map((x) => x.localId),
      unchecked: r.unchecked.map((x) => x.localId),
      misplaced: r.misplaced.map((x) => x.localId),
      unexpected: r.unexpected.map((x) => x.fullNumber)
    }).toEqual({
      expected: 3,
      found: 1,
      missing: [missing],
      unchecked: [unchecked],
      misplaced: [away],
      unexpected: ['6-1']
    })
  })

  it('applies the moves as one journal entry with outbox rows, and one undo restores every location', async () => {
    const found = seedCopyAt(h.store, h.profileId, 1, 'Shelf')
    const missing = seedCopyAt(h.store, h.profileId, 2, 'Shelf')
    const unchecked = seedCopyAt(h.store, h.profileId, 3, 'Shelf')
    const away1 = seedCopyAt(h.store, h.profileId, 4, 'Garage', { notes: 'keep me' })
    const away2 = seedCopyAt(h.store, h.profileId, 5, 'attic/box')
    const before = copyLocations(h.store)
    const { id } = await shelf['shelf:startAudit']({ location: 'Shelf', replace: false })
    await shelf['shelf:tick']({ auditId: id, code: labelCode(found) })
    await shelf['shelf:mark']({ auditId: id, localId: missing, mark: 'missing' })
    await shelf['shelf:tick']({ auditId: id, code: labelCode(away1) })
    await shelf['shelf:tick']({ auditId: id, code: labelCode(away2) })
    const fix = await shelf['shelf:applyFix']({
      auditId: id,
      moveMisplaced: true,
      missingTo: 'Lost > Maybe'
    })
    expect(fix).toMatchObject({
      moved: 3,
      description: 'Shelf audit of Shelf: 2 moved here, 1 moved to Lost › Maybe'
    })
    expect(copyLocations(h.store)).toEqual({
      ...before,
      [away1]: 'Shelf',
      [away2]: 'Shelf',
      [missing]: 'Lost › Maybe'
    })
    // The copy's other fields travel as they were; the never-ticked copy is not touched.
    const notes = h.store.read.prepare('SELECT notes FROM copies WHERE local_id = ?').get(away1)
    expect(notes).toEqual({ notes: 'keep me' })
    expect(copyLocations(h.store)[unchecked]).toBe('Shelf')
    const journal = h.store.read.prepare('SELECT id, description FROM journal').all()
    expect(journal).toEqual([{ id: fix.journalId, description: fix.description }])
    const outbox = h.store.read.prepare('SELECT target FROM outbox ORDER BY target').all()
    expect(outbox).toEqual([away1, away2, missing].sort().map((l) => ({ target: `copy:${l}` })))
    expect(h.changes.at(-1)).toEqual(expect.arrayContaining([2, 4, 5]))
    // The audit has ended: no more ticks; its report reads the records as they are now.
    expect((await shelf['shelf:getAudit']({})) ?? null).toBeNull()
    await expect(
      later(() => shelf['shelf:tick']({ auditId: id, code: '1' }))
    ).rejects.toMatchObject({
      code: 'conflict'
    })
    await h.handlers['journal:undo']({})
    expect(copyLocations(h.store)).toEqual(before)
  })

  it('keeps the audit and its ticks across a restart of the app', async () => {
    const dir = h.dir
    const here = seedCopyAt(h.store, h.profileId, 1, 'Shelf')
    const gone = seedCopyAt(h.store, h.profileId, 2, 'Shelf')
    const away = seedCopyAt(h.store, h.profileId, 3, 'Garage')
    const { id } = await shelf['shelf:startAudit']({ location: 'Shelf', replace: false })
    await shelf['shelf:tick']({ auditId: id, code: labelCode(here) })
    await shelf['shelf:tick']({ auditId: id, code: labelCode(away) })
    await shelf['shelf:mark']({ auditId: id, localId: gone, mark: 'missing' })
    h.store.close()
    const again = await editHarness({ dir, sets: [] })
    try {
      const reopened = createShelfHandlers(again.deps)
      const audit = await reopened['shelf:getAudit']({})
      expect(audit?.id).toBe(id)
      expect(statuses(audit?.rows ?? [])).toEqual({
        [here]: 'found',
        [gone]: 'missing',
        [away]: 'misplaced'
      })
    } finally {
      again.store.close()
    }
  })

  it('keeps one audit open: a second start is refused unless it replaces the first', async () => {
    seedCopyAt(h.store, h.profileId, 1, 'Shelf')
    const first = await shelf['shelf:startAudit']({ location: 'Shelf', replace: false })
    await expect(
      later(() => shelf['shelf:startAudit']({ location: 'Garage', replace: false }))
    ).rejects.toMatchObject({ code: 'conflict' })
    const second = await shelf['shelf:startAudit']({ location: 'Garage', replace: true })
    expect((await shelf['shelf:getAudit']({}))?.id).toBe(second.id)
    expect((await shelf['shelf:getAudit']({ auditId: first.id }))?.endedAt).not.toBeNull()
  })

  it('a fix whose edit committed before a kill ends the audit when run again, moving nothing twice', async () => {
    seedCopyAt(h.store, h.profileId, 1, 'Shelf')
    const away = seedCopyAt(h.store, h.profileId, 2, 'Garage')
    const { id } = await shelf['shelf:startAudit']({ location: 'Shelf', replace: false })
    await shelf['shelf:tick']({ auditId: id, code: labelCode(away) })
    // The fix's edit committed, then the process died before the audit was marked ended.
    const copy = (await h.handlers['collection:listCopies']({ setID: 2 }))[0]
    if (!copy) throw new Error('no copy')
    const {
      localId: _l,
      collectionID: _c,
      setID: _s,
      keptLocal: _k,
      outboxId: _o,
      sync: _y,
      ...value
    } = copy
    await h.handlers['collection:saveCopy']({
      setID: 2,
      localId: away,
      copy: { ...value, location: 'Shelf' }
    })
    const journal = () => h.store.read.prepare('SELECT count(*) AS n FROM journal').get()
    expect(journal()).toEqual({ n: 1 })
    const again = await shelf['shelf:applyFix']({
      auditId: id,
      moveMisplaced: true,
      missingTo: null
    })
    expect(again).toMatchObject({ moved: 0, journalId: null })
    expect(journal()).toEqual({ n: 1 })
    expect(await shelf['shelf:getAudit']({})).toBeNull()
  })
})
