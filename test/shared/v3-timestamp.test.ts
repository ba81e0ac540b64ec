import { describe, expect, it } from 'vitest'
import { UTC_DATE_TIME } from '../../src/shared/protocol/record-tolerance'
import { checkV3SetsPage } from '../../src/shared/protocol/v3-sets'

/**
 * The v3 set check, strict and lenient, tells a date by one pattern (record-tolerance.ts
 * UTC_DATE_TIME) where it once took a looser pattern and then asked `Date.parse`. The one pattern
 * must accept exactly what the two did: a record the old check kept is kept, one it refused is
 * refused, with the same complaint.
 */
const LOOSE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,7})?Z$/
const asDatedBefore = (s: string) => LOOSE.test(s) && Number.isFinite(Date.parse(s))

const two = (n: number) => String(n).padStart(2, '0')
const upTo = (n: number) => Array.from({ length: n + 1 }, (_, i) => i)

describe('a v3 timestamp read by one pattern', () => {
  it('accepts every day and time the pattern and Date.parse accepted together, and nothing else', () => {
    const cases: string[] = []
    for (const year of ['0000', '0001', '1999', '2024', '9999'])
      for (const month of [...upTo(13), 19, 20, 99])
        for (const day of [...upTo(32), 39, 40, 99])
          cases.push(`${year}-${two(month)}-${two(day)}T00:00:00Z`)
    const edges = [0, 1, 9, 10, 58, 59, 60, 61, 99]
    for (const hour of [...upTo(25), 29, 30, 99])
      for (const minute of edges)
        for (const second of edges)
          for (const fraction of [
            '',
            '.0',
            '.5',
            '.00',
            '.0000000',
            '.0000001',
            '.1234567',
            '.9999999'
          ])
            cases.push(`2020-05-05T${two(hour)}:${two(minute)}:${two(second)}${fraction}Z`)
    const differ = cases.filter((s) => UTC_DATE_TIME.test(s) !== asDatedBefore(s))
    expect(differ).toEqual([])
    // Both kinds are in the sample: it tells the readings apart where they could differ.
    expect(cases.filter(asDatedBefore).length).toBeGreaterThan(1000)
    expect(cases.filter((s) => !asDatedBefore(s)).length).toBeGreaterThan(1000)
  })

  it('keeps a record dated 30 February, as Date.parse did, and leaves out one dated month 13', () => {
    const set = (lastUpdated: string) => ({ setID: 1, number: '1', numberVariant: 1, lastUpdated })
    const page = checkV3SetsPage({
      status: 'success',
      matches: 2,
      sets: [set('2020-02-30T00:00:00Z'), { ...set('2020-13-01T00:00:00Z'), setID: 2 }]
    })
    expect(page.sets.map((s) => s.setID)).toEqual([1])
    expect(page.rejected.map((r) => [r.id, r.field])).toEqual([[2, 'lastUpdated']])
    expect(page.rejected[0]?.message).toBe('not a date')
  })
})
