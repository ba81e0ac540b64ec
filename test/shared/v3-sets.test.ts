import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { AppError } from '../../src/shared/errors'
import { parseV3SetsPage } from '../../src/shared/protocol/v3-sets'
import { thrownError } from '../service/error-codes'

// The recorded production array (test/fixtures/production/production-v3/README.md), wrapped as
// production wraps it.
const RECORDED = JSON.parse(
  readFileSync(join(__dirname, '../fixtures/production/production-v3/getSets-sets.json'), 'utf8')
) as Record<string, unknown>[]

const page = (sets: unknown[], matches: unknown = sets.length): Record<string, unknown> => ({
  status: 'success',
  matches,
  sets
})
const copy = <T>(v: T): T => structuredClone(v)
const first = (): Record<string, unknown> => copy(RECORDED[0] ?? {})

const refusal = (value: unknown): AppError =>
  thrownError(() => parseV3SetsPage(value), 'the page was accepted')

describe('production v3 getSets page schema', () => {
  it('accepts the whole recorded production page', () => {
    const parsed = parseV3SetsPage(page(RECORDED, 4000))
    expect(parsed.matches).toBe(4000)
    expect(parsed.sets).toHaveLength(168)
    expect(parsed.sets.map((s) => s.setID)).toEqual(RECORDED.map((s) => s['setID']))
  })

  it('ignores keys it does not know, at every level', () => {
    const s = first()
    s['newField'] = { deep: [1, 2] }
    ;(s['image'] as Record<string, unknown>)['hugeURL'] = 'https://x.invalid/a.jpg'
    ;(s['LEGOCom'] as Record<string, Record<string, unknown>>)['US'] = { retailPrice: 9.99, x: 1 }
    ;(s['LEGOCom'] as Record<string, unknown>)['AU'] = { retailPrice: 5 }
    const parsed = parseV3SetsPage({ ...page([s]), extra: true })
    const set = parsed.sets[0] as unknown as Record<string, unknown>
    expect(set['newField']).toBeUndefined()
    expect(parsed.sets[0]?.LEGOCom?.US?.retailPrice).toBe(9.99)
  })

  it('tolerates omitted values and omitted objects', () => {
    const { image: _i, LEGOCom: _l, collection: _c, collections: _cs, minifigs: _m, ...s } = first()
    s['ageRange'] = { min: 10 }
    const parsed = parseV3SetsPage(page([s]))
    expect(parsed.sets[0]?.image).toBeUndefined()
    expect(parsed.sets[0]?.ageRange).toEqual({ min: 10 })
  })

  it.each([
    ['a zero setID', (s: Record<string, unknown>) => (s['setID'] = 0), 'sets.0.setID'],
    ['a negative setID', (s: Record<string, unknown>) => (s['setID'] = -4), 'sets.0.setID'],
    ['a fractional setID', (s: Record<string, unknown>) => (s['setID'] = 1.5), 'sets.0.setID'],
    ['a setID as text', (s: Record<string, unknown>) => (s['setID'] = '1836'), 'sets.0.setID'],
    ['no setID', (s: Record<string, unknown>) => delete s['setID'], 'sets.0.setID'],
    ['a number as a number', (s: Record<string, unknown>) => (s['number'] = 383), 'sets.0.number'],
    // Issue 27: text whose meaning is certain ('1979', '10.00', a `+00:00` time) is read as meant
    // (test/shared/v3-set-tolerance.test.ts); text without one still fails its record.
    ['a year in words', (s: Record<string, unknown>) => (s['year'] = 'MCMLXXIX'), 'sets.0.year'],
    ['negative pieces', (s: Record<string, unknown>) => (s['pieces'] = -1), 'sets.0.pieces'],
    [
      'a timestamp that names no time',
      (s: Record<string, unknown>) => (s['lastUpdated'] = 'last Tuesday'),
      'sets.0.lastUpdated'
    ],
    [
      'a price in words',
      (s: Record<string, unknown>) => (s['LEGOCom'] = { US: { retailPrice: 'ten' } }),
      'sets.0.LEGOCom.US.retailPrice'
    ],
    ['an image as text', (s: Record<string, unknown>) => (s['image'] = 'x.jpg'), 'sets.0.image']
    // Flags of any shape are read apart and never refuse anything (test/sync/v3-set-flags.test.ts).
  ])('refuses the whole page for %s, naming the field', (_what, mutate, field) => {
    const bad = first()
    mutate(bad)
    const e = refusal(page([copy(RECORDED[1]), bad, copy(RECORDED[2])]))
    expect(e.code).toBe('bad_record')
    expect(e.detail?.field).toBe(field.replace('sets.0', 'sets.1'))
  })

  it('refuses a page that names a set twice', () => {
    const e = refusal(page([first(), copy(RECORDED[1]), first()]))
    expect(e.code).toBe('bad_record')
    expect(e.detail?.field).toBe('sets.2.setID')
  })

  it('refuses a page without status success, a total or a list', () => {
    expect(refusal({ matches: 1, sets: [first()] }).code).toBe('bad_record')
    expect(refusal({ status: 'success', sets: [first()] }).code).toBe('bad_record')
    expect(refusal({ status: 'success', matches: -1, sets: [] }).code).toBe('bad_record')
    expect(refusal({ status: 'success', matches: 1, sets: {} }).code).toBe('bad_record')
    expect(refusal(null).code).toBe('bad_record')
  })
})
