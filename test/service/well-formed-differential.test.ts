import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { XmlParser } from 'expat-wasm'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { AppError } from '../../src/shared/errors'
import { parseXml } from '../../src/main/service/xml-tree'
import { NS, httpList, httpString, recordXml, soapResult } from '../fixtures/service/build'
import { runs } from '../property-runs'
import { mutate, textMutation } from './text-mutations'

/**
 * The decoder's well-formedness against expat's (real expat, compiled to WASM; tests only). Both
 * read exactly the bytes the transport would hand over: UTF-8, decoded strictly. Expat runs with
 * namespaces on and UTF-8 as the transport's encoding, which is how the client reads a body.
 * DOCTYPE is left out of the mutations: the decoder refuses it by policy, where expat
 * accepts a well-formed one; hostile-xml.test.ts covers it.
 */
const RESPONSES = 'test/fixtures/production/production-v2/responses'
const recorded = readdirSync(RESPONSES)
  .filter((f) => f.endsWith('.xml'))
  .sort()
  .map((f) => readFileSync(join(RESPONSES, f), 'utf8'))

const synthetic = [
  httpList('sets', [recordXml('sets'), recordXml('sets', { userNotes: 'a &amp; b &#x1F600;' })]),
  httpList('sets', []),
  httpString('OK'),
  soapResult('1.1', 'getSets', recordXml('sets')),
  soapResult('1.2', 'checkKey', '<checkKeyResult>OK</checkKeyResult>'),
  `<?xml version='1.0' standalone='yes'?>\n<!--c--><?pi data?><r xmlns="${NS}" xmlns:p="urn:p" p:a="1&lt;2" b='&quot;'><p:x>t<![CDATA[<c>&]]>&#233;</p:x><y/></r>\n`,
  `<r xmlns:xml="http://www.w3.org/XML/1998/namespace" xml:lang="en">\r\n<a\tb = "c"\n/></r>`
]

const FRAGMENTS = [
  '<',
  '>',
  '&',
  ';',
  '"',
  "'",
  '=',
  ':',
  '/',
  '?',
  '!',
  '-',
  ']',
  '#',
  '&amp;',
  '&lt',
  '&#x41;',
  '&#65;',
  '&#X41;',
  '&#0;',
  '&#x110000;',
  '&#xFFFE;',
  '&nbsp;',
  '&x:y;',
  ']]>',
  '<![CDATA[',
  '<!--',
  '-->',
  '--',
  '<?x?>',
  '<?x y?>',
  '<?xml?>',
  '<?XmL v?>',
  '<?xml version="1.0"?>',
  ' a="1"',
  ' a="1" a="2"',
  ' p:a="1"',
  ' xmlns:p="urn:p"',
  ' xmlns:q="urn:p" p:b="1" q:b="2"',
  ' xmlns:p=""',
  ' xmlns=""',
  ' xmlns:xml="urn:x"',
  ' xmlns:xmlns="urn:x"',
  ' xmlns:p="http://www.w3.org/2000/xmlns/"',
  '</',
  '/>',
  '<a>',
  '</a>',
  '<p:a>',
  '<a:b:c>',
  '<1a>',
  '<_a>',
  '<a·>',
  '<é>',
  '<a€>',
  'é',
  '·',
  '\u00a0',
  '\u0085',
  '\ufeff',
  '\u{1F600}',
  '\t',
  '\r\n',
  '\r',
  ' ',
  '\n'
]

const mutation = textMutation({
  insert: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...FRAGMENTS) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) }
  ),
  maxCut: 12,
  maxDup: 60,
  swap: true
})

const expat = new XmlParser({ encoding: 'UTF-8', separator: '\u0001' })
afterAll(() => {
  expat.destroy()
})

function expatAccepts(bytes: Uint8Array): boolean {
  try {
    expat.parse(bytes)
    return true
  } catch (e) {
    if (e instanceof Error && e.name !== 'Error' && !('xmlMessage' in e)) throw e
    return false
  }
}

function oursAccepts(text: string): boolean {
  try {
    parseXml(text)
    return true
  } catch (e) {
    if (e instanceof AppError && e.code === 'bad_xml') return false
    throw e
  }
}

describe('well-formedness agrees with expat', () => {
  it('on every seed document as recorded', () => {
    for (const doc of [...recorded, ...synthetic]) {
      expect(expatAccepts(Buffer.from(doc))).toBe(true)
      expect(oursAccepts(doc)).toBe(true)
    }
  })

  it('on 6,000 mutated documents', () => {
    const seeds = [...recorded, ...synthetic]
    const tally = { accepted: 0, refused: 0, total: runs(6000) }
    fc.assert(
      fc.property(
        fc.nat({ max: seeds.length - 1 }),
        fc.array(mutation, { minLength: 1, maxLength: 3 }),
        (which, muts) => {
          // Bytes as they come off the wire, then text as the transport decodes it.
          const bytes = Buffer.from(mutate(seeds[which] ?? '', muts))
          const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
          const strict = expatAccepts(bytes)
          expect({ ours: oursAccepts(text), doc: text }).toEqual({ ours: strict, doc: text })
          tally[strict ? 'accepted' : 'refused']++
        }
      ),
      { seed: Number(process.env.SEED ?? 13), numRuns: tally.total }
    )
    // Both sides of the line are exercised, not just one (a tenth each, whatever the count).
    expect(tally.accepted).toBeGreaterThan(tally.total / 10)
    expect(tally.refused).toBeGreaterThan(tally.total / 10)
  })
})
