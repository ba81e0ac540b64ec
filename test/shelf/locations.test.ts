import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { copiesAt } from '../../src/main/shelf/index'
import type { LocationCopy } from '../../src/main/shelf/locations'
import { locationUses } from '../../src/main/shelf/locations'
import { editHarness } from '../collection/harness'
import type { EditHarness } from '../collection/harness'
import { seedCopyAt } from './shelf-seed'

/** Locations as paths over the copies' own text, on a real SQLite file. */

let h: EditHarness
beforeEach(async () => {
  h = await editHarness({ sets: [1, 2, 3, 4] })
})
afterEach(() => {
  h.close()
})

describe('copies at a location', () => {
  it('finds the copies of a place and its sub-locations however the text was typed', () => {
    const a = seedCopyAt(h.store, h.profileId, 1, 'Attic › Shelf 2')
    const b = seedCopyAt(h.store, h.profileId, 2, 'attic/shelf 2/Bin A')
    const c = seedCopyAt(h.store, h.profileId, 3, 'Attic > Shelf 2 > Bin A')
    seedCopyAt(h.store, h.profileId, 4, 'Attic › Shelf 20')
    seedCopyAt(h.store, h.profileId, 4, 'Garage')
    seedCopyAt(h.store, h.profileId, 4, '')
    const ids = (rows: LocationCopy[]) => rows.map((r) => r.localId).sort()
    expect(ids(copiesAt(h.store.read, h.profileId, 'attic › SHELF 2'))).toEqual([a, b, c].sort())
    expect(ids(copiesAt(h.store.read, h.profileId, 'Attic/Shelf 2', { sub: false }))).toEqual([a])
    expect(ids(copiesAt(h.store.read, h.profileId, 'Attic › Shelf 2 › Bin A'))).toEqual(
      [b, c].sort()
    )
    expect(copiesAt(h.store.read, h.profileId, '  ')).toEqual([])
    // The stored text comes back as it is: nothing is rewritten by reading.
    expect(copiesAt(h.store.read, h.profileId, 'Attic › Shelf 2 › Bin A')).toContainEqual({
      localId: b,
      collectionID: expect.any(Number) as number,
      setID: 2,
      fullNumber: '2-1',
      name: 'Set number 2',
      location: 'attic/shelf 2/Bin A'
    })
  })

  it('leaves deleted copies and other profiles out', () => {
    const gone = seedCopyAt(h.store, h.profileId, 1, 'Attic')
    h.store.write.prepare('UPDATE copies SET deleted = 1 WHERE local_id = ?').run(gone)
    expect(copiesAt(h.store.read, h.profileId, 'Attic')).toEqual([])
    expect(copiesAt(h.store.read, h.profileId + 1, 'Attic')).toEqual([])
  })
})

describe('location suggestions', () => {
  it('lists each place once with its ancestors, counts here and within, in path order', () => {
    seedCopyAt(h.store, h.profileId, 1, 'Attic › Shelf 2')
    seedCopyAt(h.store, h.profileId, 2, 'Attic › Shelf 2')
    seedCopyAt(h.store, h.profileId, 3, 'attic/shelf 2')
    seedCopyAt(h.store, h.profileId, 4, 'Attic > Shelf 2 > Bin')
    seedCopyAt(h.store, h.profileId, 4, 'Garage')
    expect(locationUses(h.store.read, h.profileId, '', 50)).toEqual([
      { path: 'Attic', here: 0, within: 4 },
      { path: 'Attic › Shelf 2', here: 3, within: 4 },
      { path: 'Attic › Shelf 2 › Bin', here: 1, within: 1 },
      { path: 'Garage', here: 1, within: 1 }
    ])
  })

  it('filters by what was typed, places starting with it first, at most limit', () => {
    seedCopyAt(h.store, h.profileId, 1, 'Attic › Shelf 2')
    seedCopyAt(h.store, h.profileId, 2, 'Shelf by the door')
    expect(locationUses(h.store.read, h.profileId, 'shel', 50).map((u) => u.path)).toEqual([
      'Shelf by the door',
      'Attic › Shelf 2'
    ])
    expect(locationUses(h.store.read, h.profileId, 'attic > sh', 50).map((u) => u.path)).toEqual([
      'Attic › Shelf 2'
    ])
    expect(locationUses(h.store.read, h.profileId, '', 1)).toHaveLength(1)
  })
})
