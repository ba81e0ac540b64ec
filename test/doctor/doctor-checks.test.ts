import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { countProblems, problemPage } from '../../src/main/doctor/doctor-repo'
import type { DoctorCheck } from '../../src/shared/model/doctor'
import { editHarness } from '../collection/harness'
import type { EditHarness } from '../collection/harness'
import { NOW, seedCatalogue, seedCopy, seedState } from './doctor-seed'

/** Each check of the collection doctor on a real SQLite file: what it finds and what it leaves. */

let h: EditHarness
beforeEach(async () => {
  h = await editHarness({ sets: [1, 2, 3, 4, 5, 6] })
})
afterEach(() => {
  h.close()
})

const count = (check: DoctorCheck) => countProblems(h.store.read, h.profileId, check, NOW)
const page = (check: DoctorCheck, offset = 0, limit = 50) =>
  problemPage(h.store.read, h.profileId, check, NOW, { offset, limit })

describe('collection doctor checks', () => {
  it('quantityCopies: a quantity unlike the copies with details; blank copies do not count', () => {
    seedState(h.store, h.profileId, 1, { owned: true, qty: 3 })
    seedCopy(h.store, h.profileId, 1)
    seedState(h.store, h.profileId, 2, { owned: true, qty: 1 })
    seedCopy(h.store, h.profileId, 2)
    seedState(h.store, h.profileId, 3, { owned: true, qty: 2 })
    seedCopy(h.store, h.profileId, 3, { blank: true })
    seedCopy(h.store, h.profileId, 3, { blank: true })
    expect(count('quantityCopies')).toBe(1)
    const rows = page('quantityCopies')
    expect(rows.map((r) => [r.set_id, r.detail, r.full_number])).toEqual([
      [1, 'quantity 3, 1 copy with details', '1-1']
    ])
  })

  it('ownedZero and ownedWanted find only their sets', () => {
    seedState(h.store, h.profileId, 1, { owned: true, qty: 0 })
    seedState(h.store, h.profileId, 2, { owned: true, qty: 1, wanted: true })
    seedState(h.store, h.profileId, 3, { owned: false, wanted: true })
    seedState(h.store, h.profileId, 4, { owned: true, qty: 2 })
    expect(page('ownedZero').map((r) => r.set_id)).toEqual([1])
    expect(page('ownedWanted').map((r) => r.set_id)).toEqual([2])
  })

  it('copyNoPrice: copies with details lacking a price or a currency', () => {
    seedState(h.store, h.profileId, 1, { owned: true, qty: 4 })
    const noPrice = seedCopy(h.store, h.profileId, 1, { price: 0 })
    const noCurrency = seedCopy(h.store, h.profileId, 1, { currency: '' })
    seedCopy(h.store, h.profileId, 1)
    seedCopy(h.store, h.profileId, 1, { blank: true })
    const rows = page('copyNoPrice')
    expect(rows.map((r) => r.local_id).sort()).toEqual([noPrice, noCurrency].sort())
    expect(rows.map((r) => r.detail).sort()).toEqual(['no price (EUR)', 'paid 10, no currency'])
  })

  it('copyReleaseDate: acquired on the day the set reached the shops', () => {
    seedCatalogue(h.store, h.profileId, 1, { year: 2020, launch: '2020-03-01' })
    seedState(h.store, h.profileId, 1, { owned: true, qty: 2 })
    const poisoned = seedCopy(h.store, h.profileId, 1, { date: '2020-03-01' })
    seedCopy(h.store, h.profileId, 1, { date: '2020-03-02' })
    expect(page('copyReleaseDate').map((r) => [r.local_id, r.detail])).toEqual([
      [poisoned, 'acquired 2020-03-01, released 2020-03-01']
    ])
  })

  it('copyDateOut: after today, or long before the set existed; an autumn pre-release is fine', () => {
    seedCatalogue(h.store, h.profileId, 1, { year: 2020, launch: null })
    seedCatalogue(h.store, h.profileId, 2, { year: 2020, launch: '2019-10-01' })
    seedState(h.store, h.profileId, 1, { owned: true, qty: 3 })
    seedState(h.store, h.profileId, 2, { owned: true, qty: 2 })
    const future = seedCopy(h.store, h.profileId, 1, { date: '2026-06-16' })
    const before = seedCopy(h.store, h.profileId, 1, { date: '2019-01-01' })
    seedCopy(h.store, h.profileId, 1, { date: '2019-11-20' })
    const beforeLaunch = seedCopy(h.store, h.profileId, 2, { date: '2019-03-31' })
    seedCopy(h.store, h.profileId, 2, { date: '2019-04-01' })
    const rows = page('copyDateOut')
    expect(rows.map((r) => r.local_id).sort()).toEqual([future, before, beforeLaunch].sort())
    expect(rows.find((r) => r.local_id === future)?.detail).toBe('acquired 2026-06-16, after today')
  })

  it('conditionBetter: sealed now, used when acquired; unknown conditions are not compared', () => {
    seedState(h.store, h.profileId, 1, { owned: true, qty: 4 })
    const better = seedCopy(h.store, h.profileId, 1, { when: 'Used - complete', now: 'MISB' })
    seedCopy(h.store, h.profileId, 1, { when: 'New', now: 'Assembled' })
    seedCopy(h.store, h.profileId, 1, { when: 'Unknown', now: 'Sealed' })
    seedCopy(h.store, h.profileId, 1, { when: 'Used - incomplete', now: 'Modified' })
    expect(page('conditionBetter').map((r) => r.local_id)).toEqual([better])
  })

  it('figuresUnowned: more of a figure counted in sets than the owned sets hold', () => {
    const w = h.store.write
    w.prepare(
      `INSERT INTO minifig_sets (profile_id, minifig_number, set_id, quantity) VALUES
         (?, 'cas001', 1, 2), (?, 'cas002', 2, 1), (?, 'cas003', 3, 1)`
    ).run(h.profileId, h.profileId, h.profileId)
    const fig = w.prepare(
      `INSERT INTO minifig_state (profile_id, minifig_number, owned_in_sets, updated_at)
       VALUES (?, ?, ?, '2026-01-01')`
    )
    fig.run(h.profileId, 'cas001', 4) // set 1 owned twice: 2 × 2 = 4, right
    fig.run(h.profileId, 'cas002', 1) // set 2 not owned: wrong
    fig.run(h.profileId, 'cas009', 3) // no set list for it: nothing to compare
    seedState(h.store, h.profileId, 1, { owned: true, qty: 2 })
    expect(page('figuresUnowned').map((r) => [r.minifig_number, r.detail])).toEqual([
      ['cas002', '1 counted in sets, the sets you own hold 0']
    ])
  })

  it('flagNoLabel: one row per flag in use with no name', () => {
    h.store.write
      .prepare(
        `INSERT INTO flag_labels (profile_id, flag_no, label) VALUES (?, 1, 'Displayed'), (?, 2, '  ')`
      )
      .run(h.profileId, h.profileId)
    seedState(h.store, h.profileId, 1, { flags: 0b011 })
    seedState(h.store, h.profileId, 2, { flags: 0b110 })
    expect(page('flagNoLabel').map((r) => [r.flag_no, r.detail])).toEqual([
      [2, '2 sets carry flag 2'],
      [3, '1 set carry flag 3']
    ])
  })

  it('catalogueStale: a collection set without a catalogue row or read over a year ago', () => {
    seedState(h.store, h.profileId, 1, { owned: true, qty: 1 })
    seedCatalogue(h.store, h.profileId, 1, { fetchedAt: '2025-06-01T00:00:00.000Z' })
    seedState(h.store, h.profileId, 2, { wanted: true })
    seedCopy(h.store, h.profileId, 77) // a copy of a set the catalogue lacks
    seedCatalogue(h.store, h.profileId, 3, { fetchedAt: '2020-01-01T00:00:00.000Z' }) // not mine
    expect(page('catalogueStale').map((r) => [r.set_id, r.detail])).toEqual([
      [1, 'catalogue read 2025-06-01'],
      [77, 'not in the catalogue']
    ])
  })

  it('pages are bounded and ordered; the count is the whole', () => {
    for (const id of [1, 2, 3, 4, 5, 6]) seedState(h.store, h.profileId, id, { owned: true })
    expect(count('ownedZero')).toBe(6)
    expect(page('ownedZero', 0, 4).map((r) => r.set_id)).toEqual([1, 2, 3, 4])
    expect(page('ownedZero', 4, 4).map((r) => r.set_id)).toEqual([5, 6])
  })
})
