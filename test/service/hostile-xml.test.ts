import { afterEach, describe, expect, it } from 'vitest'
import { AppError } from '../../src/shared/errors'
import { decodeResponse } from '../../src/main/service/decode-response'
import { DECL, NS, httpList, recordXml } from '../fixtures/service/build'

function run(body: string, operation = 'getSets'): { code: string; ms: number; value?: unknown } {
  const t0 = performance.now()
  try {
    const value = decodeResponse({
      service: 'v2',
      operation,
      binding: 'httpPost',
      namespace: NS,
      status: 200,
      contentType: 'text/xml; charset=utf-8',
      body
    })
    return { code: 'ok', ms: performance.now() - t0, value }
  } catch (e) {
    if (!(e instanceof AppError)) throw e
    return { code: e.code, ms: performance.now() - t0 }
  }
}

const BILLION_LAUGHS =
  `${DECL}<!DOCTYPE lolz [<!ENTITY lol "lol">` +
  Array.from(
    { length: 9 },
    (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`
  ).join('') +
  `]><ArrayOfSets xmlns="${NS}"><sets><name>&lol9;</name></sets></ArrayOfSets>`

afterEach(() => {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  expect(Object.prototype).not.toHaveProperty('name')
})

describe('hostile XML is refused within limits', () => {
  it.each([
    ['billion laughs', BILLION_LAUGHS],
    [
      'a large single entity',
      `${DECL}<!DOCTYPE a [<!ENTITY big "${'x'.repeat(100_000)}">]><ArrayOfSets xmlns="${NS}">&big;</ArrayOfSets>`
    ],
    [
      'an external entity',
      `${DECL}<!DOCTYPE a [<!ENTITY ext SYSTEM "file:///etc/passwd">]><ArrayOfSets xmlns="${NS}">&ext;</ArrayOfSets>`
    ],
    ['a bare DOCTYPE', `<!DOCTYPE ArrayOfSets><ArrayOfSets xmlns="${NS}" />`],
    [
      '5,000-deep nesting',
      `<ArrayOfSets xmlns="${NS}">${'<a>'.repeat(5000)}${'</a>'.repeat(5000)}</ArrayOfSets>`
    ]
  ])('%s gives bad_xml quickly', (_label, body) => {
    const r = run(body)
    expect(r.code).toBe('bad_xml')
    expect(r.ms).toBeLessThan(1000)
  })

  it('decodes a million numeric references within the cap in linear time', () => {
    const notes = '&#x41;'.repeat(1_000_000)
    const r = run(httpList('sets', [recordXml('sets', { userNotes: notes })]))
    expect(r.code).toBe('ok')
    expect((r.value as { userNotes: string }[])[0]?.userNotes).toBe('A'.repeat(1_000_000))
    expect(r.ms).toBeLessThan(5000)
  })

  it.each(['__proto__', 'constructor', 'prototype'])(
    '%s as root, item or field pollutes nothing',
    (name) => {
      expect(run(`<${name} xmlns="${NS}"><polluted>yes</polluted></${name}>`).code).toBe(
        'unexpected_root'
      )
      expect(run(httpList('sets', [`<${name}><polluted>yes</polluted></${name}>`])).code).toBe(
        'bad_xml'
      )
      const field = recordXml('sets').replace(
        '<name>',
        `<${name}><polluted>yes</polluted></${name}><name>`
      )
      const r = run(httpList('sets', [field]))
      expect(r.code).toBe('ok')
      const rec = (r.value as Record<string, unknown>[])[0] ?? {}
      expect(Object.getPrototypeOf(rec)).toBe(Object.prototype)
      expect(Object.prototype.hasOwnProperty.call(rec, name)).toBe(false)
      expect(rec.polluted).toBeUndefined()
    }
  )
})
