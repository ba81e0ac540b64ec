import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { decodeOffThread, stopDecodeWorker } from '../../src/main/service/decode-pool'
import { decodeResponse } from '../../src/main/service/decode-response'
import type { DecodeInput } from '../../src/main/service/decode-response'
import { AppError } from '../../src/shared/errors'
import { rejectionsOf } from '../../src/shared/protocol/record-tolerance'
import { V2_POST } from '../fixtures/service/build'

// Issue 27 item 2 on v2: one odd record of a v2 list is left out and named; the rest is read.
// Built from production's recorded answers (test/fixtures/production/production-v2/responses).

const RESPONSES = join(__dirname, '../fixtures/production/production-v2/responses')
const recorded = (name: string) => readFileSync(join(RESPONSES, name), 'utf8')
const NS = 'https://brickset.com/api/'

/** Production's first set record, as text, and the document around the records. */
const SETS_XML = recorded('get_sets.xml')
const SET = /<sets>[\s\S]*?<\/sets>/.exec(SETS_XML)?.[0] ?? ''
const HEAD = SETS_XML.slice(0, SETS_XML.indexOf('<sets>'))

/** `n` copies of the recorded set with setIDs 1..n; `mutate` rewrites the record at `at`. */
function setsPage(n: number, at: number[], mutate: (xml: string) => string): string {
  const records = Array.from({ length: n }, (_, i) => {
    const xml = SET.replace(/<setID>\d+<\/setID>/, `<setID>${i + 1}</setID>`)
    return at.includes(i) ? mutate(xml) : xml
  })
  return `${HEAD}${records.join('\n')}\n</ArrayOfSets>`
}

function input(operation: string, body: string): DecodeInput {
  return { ...V2_POST, namespace: NS, operation, body }
}

const field = (name: string, value: string) => (xml: string) =>
  xml.replace(new RegExp(`<${name}>[^<]*</${name}>`), `<${name}>${value}</${name}>`)
type Rec = Record<string, unknown>

afterAll(async () => {
  await stopDecodeWorker()
})

describe('a v2 set list with one record the client cannot read', () => {
  it.each([
    ['qtyOwned as words', field('qtyOwned', 'two'), 'qtyOwned'],
    ['numberVariant 1.5', field('numberVariant', '1.5'), 'numberVariant'],
    ['a setID of 0', field('setID', '0'), 'setID'],
    ['image as maybe', field('image', 'maybe'), 'image'],
    ['rating as words', field('rating', 'high'), 'rating'],
    ['lastUpdated that is no time', field('lastUpdated', 'soon'), 'lastUpdated'],
    [
      'a field given twice',
      (x: string) => x.replace('</name>', '</name><name>Again</name>'),
      'name'
    ],
    ['markup inside a field', field('theme', '<b>Star Wars</b>'), 'theme'],
    ['no qtyOwned', (x: string) => x.replace(/<qtyOwned>\d+<\/qtyOwned>/, ''), 'qtyOwned']
  ])('leaves out the record with %s, names it, and reads the rest', (_what, mutate, name) => {
    const value = decodeResponse(input('getSets', setsPage(6, [2], mutate))) as Rec[]
    expect(value.map((s) => s['setID'])).toEqual([1, 2, 4, 5, 6])
    expect(rejectionsOf(value)).toEqual([
      expect.objectContaining({ index: 2, field: name, id: name === 'setID' ? null : 3 })
    ])
  })

  it('reads a rating past 5 by rounding only as 5, and keeps the record', () => {
    const value = decodeResponse(
      input('getSets', setsPage(3, [1], field('rating', '5.0000001')))
    ) as Rec[]
    expect(value.map((s) => s['rating'])).toEqual([4.76190476190476, 5, 4.76190476190476])
    expect(rejectionsOf(value)).toEqual([])
  })

  it('hands the left-out records across the decode worker with a long page', async () => {
    const value = (await decodeOffThread(
      input('getSets', setsPage(450, [7, 300], field('qtyOwned', '-')))
    )) as Rec[]
    expect(value).toHaveLength(448)
    expect(rejectionsOf(value).map((r) => [r.index, r.id])).toEqual([
      [7, 8],
      [300, 301]
    ])
  })

  it('refuses a list most of whose records fail: a different format, not an odd record', () => {
    let error: unknown = null
    try {
      decodeResponse(input('getSets', setsPage(5, [0, 1, 2], field('qtyOwned', 'x'))))
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).code).toBe('bad_xml')
  })
})

describe('a v2 figure list with one odd record', () => {
  const FIGS = recorded('get_minifig_collection_owned.xml')
  it.each([
    ['ownedLoose -5', '<ownedLoose>-5</ownedLoose>', 'ownedLoose'],
    ['ownedLoose 1.5', '<ownedLoose>1.5</ownedLoose>', 'ownedLoose']
  ])('leaves out the figure with %s and reads the other', (_what, replacement, name) => {
    const body = FIGS.replace('<ownedLoose>0</ownedLoose>', replacement)
    const value = decodeResponse(input('getMinifigCollection', body)) as Rec[]
    expect(value.map((m) => m['minifigNumber'])).toEqual(['85863pb082'])
    expect(rejectionsOf(value)).toEqual([
      expect.objectContaining({ index: 0, id: '85863pb078', field: name })
    ])
  })
})
