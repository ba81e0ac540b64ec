import { describe, expect, it } from 'vitest'
import { decodeResponse } from '../../src/main/service/decode-response'
import { AppError } from '../../src/shared/errors'
import {
  checkV3FiguresAnswer,
  figuresToStore,
  v2Figures
} from '../../src/shared/protocol/minifig-collection'
import type { FiguresAnswer } from '../../src/shared/protocol/minifig-collection'
import { rejectionsOf } from '../../src/shared/protocol/record-tolerance'

// Issue 27 item 3: getMinifigCollection read through a schema in both versions. Each case is one
// odd figure among good ones: read as meant when its meaning is certain, else left out and named.

type Obj = Record<string, unknown>
const good = (n: number): Obj => ({
  minifigNumber: `sw${String(n).padStart(4, '0')}`,
  name: `Figure ${n}`,
  category: 'Star Wars',
  ownedInSets: 1,
  ownedLoose: 0,
  wanted: false
})
const answerWith = (odd: Obj): Obj => ({
  status: 'success',
  matches: 3,
  minifigs: [good(1), odd, good(2)]
})

/** Through the client's decoder, as the pull receives it (a v3 JSON body). */
function v3(odd: Obj): FiguresAnswer {
  return decodeResponse({
    service: 'v3',
    operation: 'getMinifigCollection',
    binding: 'httpPost',
    namespace: 'https://brickset.com/api/',
    status: 200,
    contentType: 'application/json',
    body: JSON.stringify(answerWith(odd))
  }) as FiguresAnswer
}

describe('v3 getMinifigCollection, figure by figure', () => {
  it('reads the good figures of an answer as they are', () => {
    const a = v3(good(3))
    expect(a.rejected).toEqual([])
    expect(a.minifigs.map((m) => m.minifigNumber)).toEqual(['sw0001', 'sw0003', 'sw0002'])
    expect(a.minifigs[0]).toEqual({ ...good(1) })
  })

  it.each([
    ['ownedLoose "4" as 4', { ...good(3), ownedLoose: '4' }, 'ownedLoose', 4],
    [
      'a number as an integer as its text',
      { ...good(3), minifigNumber: 3626 },
      'minifigNumber',
      '3626'
    ],
    ['wanted 1 as true', { ...good(3), wanted: 1 }, 'wanted', true],
    ['an omitted count as 0', { minifigNumber: 'sw0003' }, 'ownedInSets', 0]
  ])('reads %s', (_what, odd, key, value) => {
    const a = v3(odd)
    expect(a.rejected).toEqual([])
    expect(a.minifigs[1]?.[key as keyof (typeof a.minifigs)[number]]).toBe(value)
  })

  it.each([
    ['no number', { ...good(3), minifigNumber: undefined }, 'minifigNumber', null],
    ['an empty number', { ...good(3), minifigNumber: '' }, 'minifigNumber', null],
    ['ownedLoose -5', { ...good(3), ownedLoose: -5 }, 'ownedLoose', 'sw0003'],
    ['ownedLoose 1.5', { ...good(3), ownedLoose: 1.5 }, 'ownedLoose', 'sw0003'],
    ['ownedInSets in words', { ...good(3), ownedInSets: 'two' }, 'ownedInSets', 'sw0003'],
    ['wanted as maybe', { ...good(3), wanted: 'maybe' }, 'wanted', 'sw0003']
  ])('leaves out the figure with %s, named, and reads the rest', (_what, odd, field, id) => {
    const a = figuresToStore(v3(odd), 'v3')
    expect(a.minifigs.map((m) => m.minifigNumber)).toEqual(['sw0001', 'sw0002'])
    expect(a.rejected).toEqual([expect.objectContaining({ index: 1, id, field })])
  })

  it('refuses an answer most of whose figures fail, and one that is no figure list', () => {
    const bad = { ...good(9), ownedLoose: -1 }
    const a = checkV3FiguresAnswer({ status: 'success', minifigs: [bad, bad, bad, good(1)] })
    expect(() => figuresToStore(a, 'v3')).toThrow(AppError)
    expect(() => checkV3FiguresAnswer({ status: 'success', minifigs: {} })).toThrow(AppError)
  })
})

describe('v2 getMinifigCollection, figure by figure', () => {
  const NS = 'https://brickset.com/api/'
  const record = (number: string | null, loose: string) =>
    `<minifigCollection>${number === null ? '' : `<minifigNumber>${number}</minifigNumber>`}` +
    `<ownedInSets>1</ownedInSets><ownedLoose>${loose}</ownedLoose><ownedTotal>1</ownedTotal>` +
    `<wanted>false</wanted></minifigCollection>`
  function v2(...records: string[]): FiguresAnswer {
    const body =
      `<?xml version="1.0" encoding="utf-8"?><ArrayOfMinifigCollection xmlns="${NS}">` +
      `${records.join('')}</ArrayOfMinifigCollection>`
    const value = decodeResponse({
      service: 'v2',
      operation: 'getMinifigCollection',
      binding: 'httpPost',
      namespace: NS,
      status: 200,
      contentType: 'text/xml; charset=utf-8',
      body
    }) as Parameters<typeof v2Figures>[0]
    return figuresToStore(v2Figures(value, rejectionsOf(value)), 'v2')
  }

  it.each([
    ['no number', record(null, '0'), 'minifigNumber', null],
    ['ownedLoose -5', record('sw0003', '-5'), 'ownedLoose', 'sw0003'],
    ['ownedLoose 1.5', record('sw0003', '1.5'), 'ownedLoose', 'sw0003']
  ])('leaves out the figure with %s, named, and reads the rest', (_what, odd, field, id) => {
    const a = v2(record('sw0001', '4'), odd, record('sw0002', '0'))
    expect(a.minifigs.map((m) => [m.minifigNumber, m.ownedLoose])).toEqual([
      ['sw0001', 4],
      ['sw0002', 0]
    ])
    expect(a.rejected).toEqual([expect.objectContaining({ id, field })])
  })
})
