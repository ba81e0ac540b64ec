import { describe, expect, it } from 'vitest'
import { V2_OPERATIONS, LEGACY_OPERATIONS } from '../../src/shared/protocol/operations'
import type { Binding } from '../../src/shared/protocol/operations'
import { decodeResponse } from '../../src/main/service/decode-response'
import { rejectionsOf } from '../../src/shared/protocol/record-tolerance'
import type { DecodeInput } from '../../src/main/service/decode-response'
import {
  DECL,
  NS,
  httpList,
  httpString,
  recordXml,
  soap,
  soapResult
} from '../fixtures/service/build'
import { thrownCode } from './error-codes'

const CT: Readonly<Record<Binding, string>> = {
  soap11: 'text/xml; charset=utf-8',
  soap12: 'application/soap+xml; charset=utf-8',
  httpGet: 'text/xml; charset=utf-8',
  httpPost: 'text/xml; charset=utf-8'
}

function dec(over: Partial<DecodeInput> & { body: string }): unknown {
  const binding = over.binding ?? 'httpPost'
  return decodeResponse({
    service: 'v2',
    operation: 'getSets',
    namespace: NS,
    status: 200,
    contentType: CT[binding],
    ...over,
    binding
  })
}

const codeOf = (over: Partial<DecodeInput> & { body: string }): string =>
  thrownCode(() => dec(over))

const set = (over: Record<string, string>): string => recordXml('sets', over)

/** The records a list answer left out (issue 27: a set record is refused on its own). */
function leftOut(body: string): readonly { index: number; field: string }[] {
  return rejectionsOf(dec({ body }) as unknown[])
}

describe('well-formedness', () => {
  const good = httpList('sets', [set({})])
  it.each([
    ['missing root close tag', good.replace(/<\/ArrayOfSets>$/, '')],
    ['unclosed inner tag', good.replace('</name>', '')],
    ['two roots', `${good}<ArrayOfSets xmlns="${NS}" />`],
    ['text after the root', `${good}trailing`],
    ['a character XML forbids', good.replace('<name>text', '<name>te\u0001xt')],
    ['a reference to NUL', good.replace('<name>text', '<name>te&#0;xt')],
    ['an unbound prefix', good.replace('<name>text</name>', '<x:name>text</x:name>')]
  ])('refuses %s', (_label, body) => {
    expect(codeOf({ body })).toBe('bad_xml')
  })

  it('refuses an HTML error page served as XML', () => {
    expect(codeOf({ body: '<html><body>Oops</body></html>', status: 500 })).toBe('html_error_page')
  })
})

describe('no type guessing', () => {
  it('keeps strings as written and converts only by the table', () => {
    // String fields holding what looks like a number, a boolean or a code: read back as written.
    const asWritten = {
      number: '007',
      name: '10256-1',
      pieces: '1e3',
      minifigs: '0x1F',
      category: 'True',
      EAN: '00673419319287',
      UPC: '9007199254740993',
      USRetailPrice: '12.50'
    }
    const body = httpList('sets', [set(asWritten), set({ number: '10256', pieces: '', EAN: '' })])
    const [a, b] = dec({ body }) as Record<string, unknown>[]
    expect(a).toMatchObject({
      ...asWritten,
      setID: 7,
      image: true,
      rating: 1.25
    })
    for (const key of Object.keys(a ?? {})) expect(typeof b?.[key], key).toBe(typeof a?.[key])
  })

  it.each([
    ['an int beyond int32', { setID: '9007199254740993' }],
    ['an int in exponent form', { setID: '1e3' }],
    ['a hex int', { qtyOwned: '0x1F' }],
    ['a capitalised boolean', { owned: 'True' }],
    ['a decimal with a comma', { rating: '4,5' }],
    ['a dateTime without time', { lastUpdated: '2020-01-02' }],
    ['an empty value type', { setID: '' }]
  ])('refuses %s: the record is left out, named by its field', (_label, over) => {
    const [field] = Object.keys(over)
    expect(leftOut(httpList('sets', [set(over)]))).toEqual([
      expect.objectContaining({ index: 0, field })
    ])
  })

  it('refuses a record missing a value-typed field but reads a missing string as null', () => {
    const missingInt = httpList('sets', [set({}).replace('<qtyOwned>7</qtyOwned>', '')])
    expect(leftOut(missingInt)).toEqual([expect.objectContaining({ field: 'qtyOwned' })])
    const missingString = httpList('sets', [set({}).replace('<tags>text</tags>', '')])
    expect((dec({ body: missingString }) as { tags: unknown }[])[0]?.tags).toBeNull()
  })

  it('reads dateTime without a zone as UTC and with a zone as given', () => {
    const at = (v: string): string => {
      const rows = dec({ body: httpList('sets', [set({ lastUpdated: v })]) }) as {
        lastUpdated: Date
      }[]
      return rows[0]?.lastUpdated.toISOString() ?? ''
    }
    expect(at('2017-08-23T21:44:34.273')).toBe('2017-08-23T21:44:34.273Z')
    expect(at('2017-08-23T21:44:34')).toBe('2017-08-23T21:44:34.000Z')
    expect(at('2017-08-23T21:44:34.1234567+02:00')).toBe('2017-08-23T19:44:34.123Z')
  })
})

describe('text', () => {
  const notes = (raw: string): unknown =>
    (dec({ body: httpList('sets', [set({ userNotes: raw })]) }) as { userNotes: unknown }[])[0]
      ?.userNotes

  it('decodes XML and numeric entities, astral planes included', () => {
    expect(notes('Tom &amp; Jerry &#xD;&#10;&#233;&#x1F600;')).toBe(
      'Tom & Jerry \r\n\u00e9\u{1F600}'
    )
    expect(notes('&lt;b&gt; &quot;q&quot; &apos;a&apos;')).toBe('<b> "q" \'a\'')
  })

  it('keeps whitespace and does not expand HTML entities', () => {
    expect(notes('  spaced  ')).toBe('  spaced  ')
    expect(notes('<![CDATA[<raw> & ]]>')).toBe('<raw> & ')
    // Without a DTD, `&nbsp;` names no entity: the answer is not XML, and never reads as U+00A0.
    expect(codeOf({ body: httpList('sets', [set({ userNotes: 'a&nbsp;b' })]) })).toBe('bad_xml')
    expect(notes('a&amp;nbsp;b')).toBe('a&nbsp;b')
  })

  it('folds a literal CR LF into LF as XML requires', () => {
    expect(notes('a\r\nb')).toBe('a\nb')
  })
})

const LIST_OPS = [...V2_OPERATIONS, ...LEGACY_OPERATIONS].filter((o) => o.result.kind === 'list')

describe('arrays are stable', () => {
  it.each(LIST_OPS.map((o) => [o.service, o.name, o.result] as const))(
    '%s %s: 0, 1 and 2 records over HTTP and SOAP',
    (service, operation, result) => {
      if (result.kind !== 'list') throw new Error('not a list')
      const one = recordXml(result.record)
      for (const items of [[], [one], [one, one]]) {
        const http = dec({ service, operation, body: httpList(result.record, items) })
        expect(http).toHaveLength(items.length)
        for (const v of ['1.1', '1.2'] as const) {
          const body = soapResult(v, operation, items.length === 0 ? null : items.join(''))
          const got = dec({ service, operation, binding: v === '1.1' ? 'soap11' : 'soap12', body })
          expect(got).toEqual(http)
        }
      }
    }
  )

  it('reads an empty result element and a nil record item as nothing', () => {
    expect(dec({ binding: 'soap11', body: soapResult('1.1', 'getSets', '') })).toEqual([])
    const nilItem = `<sets xsi:nil="true" />${set({})}`
    expect(dec({ body: httpList('sets', [nilItem]) })).toHaveLength(1)
  })
})

describe('roots, namespaces and content types', () => {
  it('checks the root element for the operation', () => {
    expect(codeOf({ operation: 'getThemes', body: httpList('sets', []) })).toBe('unexpected_root')
    expect(codeOf({ body: httpList('sets', [], 'urn:other/') })).toBe('unexpected_root')
    expect(codeOf({ operation: 'checkKey', body: httpList('sets', []) })).toBe('unexpected_root')
  })

  it('checks the envelope version against the binding', () => {
    expect(codeOf({ binding: 'soap11', body: soapResult('1.2', 'getSets', null) })).toBe(
      'unexpected_root'
    )
    expect(
      codeOf({
        binding: 'soap11',
        body: soapResult('1.1', 'getSets', null),
        contentType: 'application/soap+xml; charset=utf-8'
      })
    ).toBe('unexpected_content_type')
    expect(codeOf({ binding: 'soap11', body: soapResult('1.1', 'getThemes', null) })).toBe(
      'unexpected_root'
    )
    expect(codeOf({ binding: 'httpPost', body: soapResult('1.1', 'getSets', null) })).toBe(
      'unexpected_root'
    )
  })

  it('refuses a success answer of the wrong content type', () => {
    expect(codeOf({ body: httpList('sets', []), contentType: 'application/json' })).toBe(
      'unexpected_content_type'
    )
    expect(codeOf({ body: httpList('sets', []), contentType: 'image/png' })).toBe(
      'unexpected_content_type'
    )
    expect(codeOf({ body: httpList('sets', []), contentType: null })).toBe(
      'unexpected_content_type'
    )
  })

  it('reads a single record and a string in both shapes', () => {
    const totals = recordXml('collectionTotals').replace(
      /^<collectionTotals>|<\/collectionTotals>$/g,
      ''
    )
    const http = `${DECL}<collectionTotals xmlns="${NS}">${totals}</collectionTotals>`
    const a = dec({ operation: 'getCollectionTotals', body: http })
    const b = dec({
      operation: 'getCollectionTotals',
      binding: 'soap12',
      body: soapResult('1.2', 'getCollectionTotals', totals)
    })
    expect(a).toEqual({
      totalSetsOwned: 7,
      totalDistinctSetsOwned: 7,
      totalSetsWanted: 7,
      totalMinifigsOwned: 7,
      totalMinifigsWanted: 7
    })
    expect(b).toEqual(a)
    expect(dec({ operation: 'login', body: httpString('h_1') })).toBe('h_1')
    expect(
      dec({ operation: 'login', binding: 'soap11', body: soapResult('1.1', 'login', 'h_1') })
    ).toBe('h_1')
  })

  it('reads the earlier service int results and maps 0 to a refusal', () => {
    const int = (v: string): string => `${DECL}<int xmlns="${NS}">${v}</int>`
    expect(dec({ service: 'legacy', operation: 'updateOwn', body: int('1') })).toBe(1)
    expect(codeOf({ service: 'legacy', operation: 'updateOwn', body: int('0') })).toBe(
      'service_error'
    )
    expect(codeOf({ service: 'legacy', operation: 'login', body: httpString('') })).toBe(
      'invalid_credentials'
    )
  })

  it('reads v3 JSON over HTTP and the empty SOAP response', () => {
    const json = 'application/json; charset=utf-8'
    const v3 = { service: 'v3' as const, contentType: json }
    expect(
      dec({ ...v3, operation: 'getUserFlagLabels', body: '{"status":"success","flags":[]}' })
    ).toEqual({
      status: 'success',
      flags: []
    })
    const err = (message: string): string =>
      codeOf({ ...v3, operation: 'getReviews', body: JSON.stringify({ status: 'error', message }) })
    expect(err('Invalid API key')).toBe('invalid_key')
    expect(err('Invalid user hash')).toBe('invalid_user_hash')
    expect(err('Invalid username or password')).toBe('invalid_credentials')
    expect(err('API limit exceeded')).toBe('limit_exceeded')
    expect(err('Parameter error')).toBe('service_error')
    expect(err('__proto__')).toBe('service_error')
    expect(codeOf({ ...v3, operation: 'getReviews', body: '{"status":' })).toBe('bad_json')
    const empty = soap('1.1', `<getReviewsResponse xmlns="${NS}" />`)
    expect(
      dec({ service: 'v3', operation: 'getReviews', binding: 'soap11', body: empty })
    ).toBeNull()
  })

  it('takes an empty 200 as nothing for a v3 read over HTTP, never as a write’s success', () => {
    const empty = { body: '', contentType: null }
    expect(codeOf({ ...empty, service: 'v3', operation: 'setCollection' })).toBe(
      'unexpected_empty_body'
    )
    expect(codeOf({ ...empty, service: 'v3', operation: 'setUserFlagLabels' })).toBe(
      'unexpected_empty_body'
    )
    expect(dec({ ...empty, service: 'v3', operation: 'getUserFlagLabels' })).toBeNull()
    expect(codeOf({ ...empty, service: 'v3', operation: 'setCollection', binding: 'soap11' })).toBe(
      'unexpected_empty_body'
    )
    for (const op of [...V2_OPERATIONS, ...LEGACY_OPERATIONS]) {
      for (const binding of op.bindings) {
        expect(codeOf({ ...empty, service: op.service, operation: op.name, binding })).toBe(
          'unexpected_empty_body'
        )
      }
    }
  })
})
