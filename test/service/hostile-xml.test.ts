import { afterEach, describe, expect, it } from 'vitest'
import { AppError } from '../../src/shared/errors'
import { decodeResponse } from '../../src/main/service/decode-response'
import { DECL, NS, httpList, recordXml, V2_POST } from '../fixtures/service/build'

function run(
  body: string,
  operation = 'getSets'
): { code: string; ms: number; value?: unknown; message?: string } {
  const t0 = performance.now()
  try {
    const value = decodeResponse({ ...V2_POST, operation, body })
    return { code: 'ok', ms: performance.now() - t0, value }
  } catch (e) {
    if (!(e instanceof AppError)) throw e
    return { code: e.code, ms: performance.now() - t0, message: e.message }
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
  // Refused by the rule that stops it before any expansion or descent, not by a clock: a timed
  // limit fails on a loaded machine and proves nothing a quiet one does not.
  it.each([
    ['billion laughs', BILLION_LAUGHS, /DOCTYPE/],
    [
      'a large single entity',
      `${DECL}<!DOCTYPE a [<!ENTITY big "${'x'.repeat(100_000)}">]><ArrayOfSets xmlns="${NS}">&big;</ArrayOfSets>`,
      /DOCTYPE/
    ],
    [
      'an external entity',
      `${DECL}<!DOCTYPE a [<!ENTITY ext SYSTEM "file:///etc/passwd">]><ArrayOfSets xmlns="${NS}">&ext;</ArrayOfSets>`,
      /DOCTYPE/
    ],
    ['a bare DOCTYPE', `<!DOCTYPE ArrayOfSets><ArrayOfSets xmlns="${NS}" />`, /DOCTYPE/],
    [
      '5,000-deep nesting',
      `<ArrayOfSets xmlns="${NS}">${'<a>'.repeat(5000)}${'</a>'.repeat(5000)}</ArrayOfSets>`,
      /too deeply/
    ]
  ])('%s gives bad_xml, refused by its rule', (_label, body, reason) => {
    const r = run(body)
    expect(r.code).toBe('bad_xml')
    expect(r.message).toMatch(reason)
  })

  it('decodes a million numeric references within the cap in linear time', () => {
    const body = (n: number): string =>
      httpList('sets', [recordXml('sets', { userNotes: '&#x41;'.repeat(n) })])
    const r = run(body(1_000_000))
    expect(r.code).toBe('ok')
    expect((r.value as { userNotes: string }[])[0]?.userNotes).toBe('A'.repeat(1_000_000))
    // Linear, as a ratio of two sizes (the quickest of three runs each): 250× the references take
    // at most about 250× the time (less: the small answer's fixed costs count more); a quadratic
    // decoder would take 62,500×. The bound sits between the two, 16× from each. Narrower
    // margins failed on a loaded machine (load 9): a 16× pair bounded at 4× its ratio measured
    // 118 against 64, a million references meeting a full collection of the test worker's heap
    // that the small size never does.
    const quickest = (n: number): number => Math.min(...[0, 1, 2].map(() => run(body(n)).ms))
    expect(quickest(1_000_000) / quickest(4_000)).toBeLessThan(4_000)
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
