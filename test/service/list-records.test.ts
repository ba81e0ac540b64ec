import { describe, expect, it } from 'vitest'
import { AppError } from '../../src/shared/errors'
import { RECORDS } from '../../src/shared/protocol/records'
import { decodeResponse } from '../../src/main/service/decode-response'
import type { DecodeInput } from '../../src/main/service/decode-response'
import { decodeRecord } from '../../src/main/service/decode-records'
import { rejectionsOf } from '../../src/shared/protocol/record-tolerance'
import { parseXml } from '../../src/main/service/xml-tree'
import { NS, httpList, recordFields, soapResult } from '../fixtures/service/build'

/**
 * A list answer's records are read while the XML is parsed (issue 25): these pin down that this
 * reads exactly what reading each record from the tree read, in the same order of complaints,
 * and that every record of a type has one shape (its table's fields, in table order).
 */

function dec(body: string, binding: 'httpPost' | 'soap11' = 'httpPost'): unknown {
  const input: DecodeInput = {
    service: 'v2',
    operation: 'getSets',
    binding,
    namespace: NS,
    status: 200,
    contentType: 'text/xml; charset=utf-8',
    body
  }
  return decodeResponse(input)
}

function messageOf(body: string): string {
  try {
    dec(body)
  } catch (e) {
    if (e instanceof AppError) return `${e.code}: ${e.message}`
    throw e
  }
  return 'no error'
}

const TABLE_ORDER = RECORDS.sets.fields.map((f) => f.name)
const set = (over: Record<string, string> = {}): string =>
  `<sets>${recordFields('sets', over)}</sets>`

describe('records of a list answer', () => {
  it('all have the table fields in table order, whatever the order and omissions in the XML', () => {
    // Fields written backwards, and a record without its optional strings.
    const fields = recordFields('sets', { setID: '7' })
    const parts = fields.split(/(?=<[A-Za-z])/)
    const backwards = `<sets>${parts.reverse().join('')}</sets>`
    const sparse = set({ setID: '8', name: '', notes: '' })
      .replace('<name />', '')
      .replace('<notes />', '')
    for (const binding of ['httpPost', 'soap11'] as const) {
      const body =
        binding === 'httpPost'
          ? httpList('sets', [backwards, set({ setID: '9' }), sparse])
          : soapResult('1.1', 'getSets', backwards + set({ setID: '9' }) + sparse)
      const records = dec(body, binding) as Record<string, unknown>[]
      expect(records.map((r) => r.setID)).toEqual([7, 9, 8])
      for (const r of records) expect(Object.keys(r)).toEqual(TABLE_ORDER)
      expect(records[2]?.name).toBeNull()
    }
  })

  it('read while parsing equal records read from the tree, field for field', () => {
    const items = [
      set({ setID: '1', name: 'a &amp; b<![CDATA[ <c> ]]>&#x41;', notes: '\r\nline\r' }),
      // A nil field, text between fields, a comment and a processing instruction inside a value.
      set({ setID: '2', subtheme: 'x<!-- c -->y<?pi z?>' }).replace(
        '<theme>text</theme>',
        '<theme xsi:nil="true" /> between '
      ),
      '<sets xsi:nil="true"><anything><at>all</at></anything></sets>',
      set({ setID: '3' }).replace('</sets>', '<extra><deep>markup</deep></extra></sets>'),
      set({ setID: '4', bricksetURL: 'u' }).replace(/<serviceURL>[^<]*<\/serviceURL>/, '')
    ]
    const body = httpList('sets', items)
    const fromTree = parseXml(body)
      .children.filter((c) => !c.nil)
      .map((c) => decodeRecord(c, 'sets', NS))
    expect(fromTree.map((r) => r.setID)).toEqual([1, 2, 3, 4])
    expect(dec(body)).toEqual(fromTree)
    expect(fromTree[0]?.name).toBe('a & b <c> A')
    expect(fromTree[1]?.theme).toBeNull()
    expect(fromTree[1]?.subtheme).toBe('xy')
  })

  it('are refused for malformed XML further on before any complaint about a record', () => {
    const body = httpList('sets', [set({ setID: 'x' }), set({})]).replace(
      /<\/sets>(?=<\/ArrayOfSets>$)/,
      ''
    )
    expect(messageOf(body)).toMatch(/^bad_xml: (Mismatched|The response ends)/)
    // A set record is refused on its own (issue 27): left out, and the next one read.
    const badRecordOnly = httpList('sets', [set({ setID: 'x' }), set({})])
    const read = dec(badRecordOnly) as unknown[]
    expect(read).toHaveLength(1)
    expect(rejectionsOf(read).map((r) => r.message)).toEqual(['setID is not an int: "x".'])
  })

  it('are refused for text between them before any complaint about a record', () => {
    const body = httpList('sets', [set({ setID: '0' }), 'stray', set({})])
    expect(messageOf(body)).toBe('bad_xml: Text where sets records were expected.')
  })

  it('name each bad record in document order, each by its first complaint', () => {
    const twice = set({ setID: '5' }).replace('</sets>', '<setID>6</setID></sets>')
    const markup = set({}).replace('<name>text', '<name><b>text</b>')
    const missing = set({}).replace(/<rating>[^<]*<\/rating>/, '')
    const left = (records: string[]) =>
      rejectionsOf(dec(httpList('sets', records)) as unknown[]).map((r) => [r.index, r.message])
    expect(left([set({}), twice, set({ setID: 'x' }), set({}), set({})])).toEqual([
      [1, 'sets.setID appears twice.'],
      [2, 'setID is not an int: "x".']
    ])
    expect(left([markup, set({}), twice])).toEqual([
      [0, 'sets.name holds markup.'],
      [2, 'sets.setID appears twice.']
    ])
    expect(left([missing, twice, set({})])).toEqual([
      [0, 'sets.rating is missing.'],
      [1, 'sets.setID appears twice.']
    ])
    // Most of a longer list failing is a different format: refused, naming the first.
    expect(messageOf(httpList('sets', [missing, twice, markup, set({})]))).toBe(
      'bad_xml: sets.rating is missing.'
    )
  })
})
