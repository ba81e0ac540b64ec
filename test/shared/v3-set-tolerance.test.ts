import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { thrownCode } from '../service/error-codes'
import { checkV3SetsAnswer } from '../../src/shared/protocol/v3-set-records'
import { setsOfPage } from '../../src/main/sync/pull/v3-sets'

// Issue 27 item 2: one odd record of a production v3 page. A value whose meaning is certain is
// read as meant; any other odd record is left out and named; the rest of the page is stored.

type Obj = Record<string, unknown>
const RECORDED = JSON.parse(
  readFileSync(join(__dirname, '../fixtures/production/production-v3/getSets-sets.json'), 'utf8')
) as Obj[]
const record = (i: number): Obj => structuredClone(RECORDED[i] ?? {})
const page = (sets: unknown[]) => ({ status: 'success', matches: sets.length, sets })
const obj = (v: unknown): Obj => v as Obj

/** The recorded records 0..n-1, with `mutate` applied to record 1. */
function pageWith(mutate: (s: Obj) => void, n = 5): Obj[] {
  const sets = Array.from({ length: n }, (_, i) => record(i))
  mutate(sets[1] as Obj)
  return sets
}

describe('a v3 set whose value has one certain meaning', () => {
  it.each([
    ['rating 5.0000001 as 5', (s: Obj) => (s['rating'] = 5.0000001), (f: Obj) => f['rating'], 5],
    ['year "2007" as 2007', (s: Obj) => (s['year'] = '2007'), (f: Obj) => f['year'], '2007'],
    [
      'numberVariant "2" as 2',
      (s: Obj) => (s['numberVariant'] = '2'),
      (f: Obj) => f['numberVariant'],
      2
    ],
    [
      'lastUpdated with +00:00 as the same instant',
      (s: Obj) => (s['lastUpdated'] = '2021-12-27T08:32:36.47+00:00'),
      (f: Obj) => (f['lastUpdated'] as Date).toISOString(),
      '2021-12-27T08:32:36.470Z'
    ],
    [
      'a date-only dateFirstAvailable as that day',
      (s: Obj) => (s['LEGOCom'] = { US: { dateFirstAvailable: '2019-06-01' } }),
      (f: Obj) => f['USDateAddedToSAH'],
      '2019-06-01'
    ],
    [
      'null inside tags as no tag',
      (s: Obj) => (s['extendedData'] = { tags: ['castle', null, 'knight'] }),
      (f: Obj) => f['tags'],
      'castle, knight'
    ],
    [
      'lastUpdated without a zone as not given (the field, not the record)',
      (s: Obj) => (s['lastUpdated'] = '2021-12-27T08:32:36.47'),
      (f: Obj) => (f['lastUpdated'] as Date).toISOString(),
      '0001-01-01T00:00:00.000Z'
    ]
  ])('reads %s, and stores every record', (_what, mutate, read, expected) => {
    const answer = checkV3SetsAnswer(page(pageWith(mutate)))
    expect(answer.rejected).toEqual([])
    expect(answer.sets).toHaveLength(5)
    expect(read(obj(answer.sets[1]?.flat))).toBe(expected)
  })
})

describe('a v3 set whose value has no certain meaning', () => {
  it.each([
    ['pieces -1', (s: Obj) => (s['pieces'] = -1), 'pieces'],
    ['ageRange.min 1.5', (s: Obj) => (s['ageRange'] = { min: 1.5 }), 'ageRange.min'],
    ['year "MMVII"', (s: Obj) => (s['year'] = 'MMVII'), 'year'],
    ['collection.rating 7', (s: Obj) => (obj(s['collection'])['rating'] = 7), 'collection.rating'],
    [
      'retailPrice -1',
      (s: Obj) => (s['LEGOCom'] = { UK: { retailPrice: -1 } }),
      'LEGOCom.UK.retailPrice'
    ],
    ['rating 5.01', (s: Obj) => (s['rating'] = 5.01), 'rating'],
    ['a lastUpdated that is no time', (s: Obj) => (s['lastUpdated'] = 'yesterday'), 'lastUpdated']
  ])('leaves out the record with %s, named, and stores the rest', (_what, mutate, field) => {
    const sets = pageWith(mutate)
    const answer = checkV3SetsAnswer(page(sets))
    expect(answer.rejected).toEqual([
      expect.objectContaining({ index: 1, id: sets[1]?.['setID'], field })
    ])
    const stored = setsOfPage(answer)
    expect(stored?.sets.map((s) => s.setID)).toEqual([0, 2, 3, 4].map((i) => sets[i]?.['setID']))
    expect(stored?.rejected).toHaveLength(1)
  })
})

describe('a v3 page where most records fail', () => {
  it('is refused whole as a different format', () => {
    const sets = Array.from({ length: 7 }, (_, i) => record(i))
    for (const s of sets.slice(0, 4)) s['pieces'] = 'many'
    const answer = checkV3SetsAnswer(page(sets))
    expect(answer.rejected).toHaveLength(4)
    // Anything but an AppError is rethrown, failing the test.
    expect(thrownCode(() => setsOfPage(answer))).toBe('bad_record')
  })

  it('is stored when only a few of a short page fail (a one-set read is no format)', () => {
    const sets = [record(0), record(1)]
    for (const s of sets) s['pieces'] = -1
    expect(setsOfPage(checkV3SetsAnswer(page(sets)))?.sets).toEqual([])
  })
})
