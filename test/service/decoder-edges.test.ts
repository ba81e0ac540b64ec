import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../src/shared/errors'
import { decodeResponse } from '../../src/main/service/decode-response'
import type { DecodeInput } from '../../src/main/service/decode-response'
import { rejectionsOf } from '../../src/shared/protocol/record-tolerance'
import { checkV3SetsAnswer } from '../../src/shared/protocol/v3-set-records'
import { DECL, NS, XSI, httpList, recordFields, recordXml } from '../fixtures/service/build'
import { inEachZone, sameInEachZone } from '../time-zones'

// Issue 31's decoder survivors, each at its edge: the largest whole number an int field holds, a
// field given twice in every shape of answer, and a time without a zone read in several zones.

type Obj = Record<string, unknown>

function decode(operation: string, body: string): unknown {
  const input: DecodeInput = {
    service: 'v2',
    operation,
    namespace: NS,
    status: 200,
    contentType: 'text/xml; charset=utf-8',
    binding: 'httpPost',
    body
  }
  return decodeResponse(input)
}

/** The error code and message an answer is refused with, or 'read' when it is read. */
function refusal(operation: string, body: string): string {
  try {
    decode(operation, body)
  } catch (e) {
    if (e instanceof AppError) return `${e.code}: ${e.message}`
    throw e
  }
  return 'read'
}

/** A getCollectionTotals answer (one record, read whole) holding these fields. */
const totals = (fields: string): string =>
  `${DECL}<collectionTotals ${XSI} xmlns="${NS}">${fields}</collectionTotals>`
const totalsOf = (over: Record<string, string>): string =>
  totals(recordFields('collectionTotals', over))

/** A getSets answer of three sets, the second with `over`; what is read and what is left out. */
function setsWithSecond(over: Record<string, string> | string): {
  read: unknown[]
  left: readonly { index: number; field: string }[]
} {
  const second = typeof over === 'string' ? over : recordXml('sets', { setID: '2', ...over })
  const body = httpList('sets', [
    recordXml('sets', { setID: '1' }),
    second,
    recordXml('sets', { setID: '3' })
  ])
  const read = decode('getSets', body) as Obj[]
  return { read: read.map((s) => s['setID']), left: rejectionsOf(read) }
}

const RECORDED = JSON.parse(
  readFileSync(join(__dirname, '../fixtures/production/production-v3/getSets-sets.json'), 'utf8')
) as Obj[]
/** Three recorded v3 sets, the second changed by `change`. */
function v3PageWith(change: (s: Obj) => void) {
  const sets = RECORDED.slice(0, 3).map((s) => structuredClone(s))
  change(sets[1] as Obj)
  return checkV3SetsAnswer({ status: 'success', matches: 3, sets })
}

describe('an int field holds a 32-bit int and no more (the service is .NET; its ints are Int32)', () => {
  it.each([
    ['2147483647', 2147483647],
    ['-2147483648', -2147483648],
    ['+2147483647', 2147483647],
    [' 999999999 ', 999999999]
  ])('reads %s, the edge of the range', (text, value) => {
    const read = decode('getCollectionTotals', totalsOf({ totalSetsOwned: text })) as Obj
    expect(read['totalSetsOwned']).toBe(value)
  })

  it.each(['2147483648', '-2147483649', '4294967296', '9999999999', '99999999999'])(
    'refuses %s in a record read whole, and leaves a set holding it out of a list',
    (text) => {
      expect(refusal('getCollectionTotals', totalsOf({ totalSetsOwned: text }))).toBe(
        `bad_xml: totalSetsOwned is not an int: "${text}".`
      )
      expect(setsWithSecond({ ownedByTotal: text })).toEqual({
        read: [1, 3],
        left: [expect.objectContaining({ index: 1, field: 'ownedByTotal' })]
      })
    }
  )

  it.each([
    ['setID', (s: Obj, n: number) => (s['setID'] = n), 'setID'],
    ['pieces', (s: Obj, n: number) => (s['pieces'] = n), 'pieces'],
    ['numberVariant', (s: Obj, n: number) => (s['numberVariant'] = n), 'numberVariant'],
    ['ageRange.max', (s: Obj, n: number) => (s['ageRange'] = { max: n }), 'ageRange.max']
  ])('v3: reads %s at 2^31 - 1 and leaves out the set holding 2^31', (_what, put, field) => {
    const edge = v3PageWith((s) => put(s, 2147483647))
    expect(edge.rejected).toEqual([])
    expect(edge.sets).toHaveLength(3)
    const past = v3PageWith((s) => put(s, 2147483648))
    expect(past.sets).toHaveLength(2)
    expect(past.rejected).toEqual([expect.objectContaining({ index: 1, field })])
    // The same number as its digits (a spelling read as meant) meets the same bound.
    const text = v3PageWith((s) => put(s, '2147483648' as unknown as number))
    expect(text.rejected).toEqual([expect.objectContaining({ index: 1, field })])
  })
})

describe('a field given twice', () => {
  it('refuses a record read whole, wherever the second one stands', () => {
    const fields = recordFields('collectionTotals')
    for (const inner of [
      `<totalSetsOwned>1</totalSetsOwned>${fields}`,
      `${fields}<totalSetsOwned>1</totalSetsOwned>`,
      `${fields}<totalSetsOwned xsi:nil="true" />`
    ]) {
      expect(refusal('getCollectionTotals', totals(inner))).toBe(
        'bad_xml: collectionTotals.totalSetsOwned appears twice.'
      )
    }
  })

  it('refuses a list read whole (themes) when one record has it', () => {
    const twice = recordXml('themes').replace('</themes>', '<theme>Again</theme></themes>')
    expect(refusal('getThemes', httpList('themes', [recordXml('themes'), twice]))).toBe(
      'bad_xml: themes.theme appears twice.'
    )
  })

  it.each([
    ['at once', (x: string) => x.replace('</setID>', '</setID><setID>9</setID>'), 'setID'],
    ['at the end', (x: string) => x.replace('</sets>', '<year>1999</year></sets>'), 'year'],
    ['empty the second time', (x: string) => x.replace('</sets>', '<notes /></sets>'), 'notes'],
    [
      'under its other name (bricksetURL beside serviceURL)',
      (x: string) => x.replace('</sets>', '<bricksetURL>https://x.invalid/</bricksetURL></sets>'),
      'serviceURL'
    ]
  ])('leaves out a set with a field twice %s, and reads the sets around it', (_w, twice, field) => {
    const second = twice(recordXml('sets', { setID: '2' }))
    expect(setsWithSecond(second)).toEqual({
      read: [1, 3],
      left: [expect.objectContaining({ index: 1, field })]
    })
  })
})

describe('a time without a zone, read the same in every time zone', () => {
  it('v2 reads it as UTC (docs/protocol.md §3), in New York, Kiritimati, Kathmandu and UTC', () => {
    const at = (text: string) =>
      inEachZone(() => {
        const body = httpList('sets', [recordXml('sets', { lastUpdated: text })])
        return ((decode('getSets', body) as Obj[])[0]?.['lastUpdated'] as Date).toISOString()
      })
    expect(at('2017-08-23T21:44:34.273')).toEqual(sameInEachZone('2017-08-23T21:44:34.273Z'))
    expect(at('2017-12-31T23:59:59')).toEqual(sameInEachZone('2017-12-31T23:59:59.000Z'))
    expect(at('2017-08-23T21:44:34+02:00')).toEqual(sameInEachZone('2017-08-23T19:44:34.000Z'))
  })

  it('v3 reads it as not given (§4a) and a shop date alone as that UTC day, in every zone', () => {
    const read = (change: (s: Obj) => void) =>
      inEachZone(() => {
        const answer = v3PageWith(change)
        expect(answer.rejected).toEqual([])
        const flat = answer.sets[1]?.flat
        return `${flat?.lastUpdated.toISOString() ?? ''} ${String(flat?.shopDates.US.first)}`
      })
    const zoneless = read((s) => {
      s['lastUpdated'] = '2021-12-27T08:32:36.47'
      s['LEGOCom'] = { US: { dateFirstAvailable: '2021-03-01' } }
    })
    const values = Object.values(zoneless)
    expect(new Set(values).size).toBe(1)
    // Not given: the "never" time, not 08:32 of any zone; the day is 1 March wherever read.
    expect(values[0]).not.toContain('08:32')
    expect(values[0]).toBe('0001-01-01T00:00:00.000Z 2021-03-01')
  })
})
