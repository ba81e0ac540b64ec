import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../src/shared/errors'
import { OPERATIONS } from '../../src/shared/protocol/operations'
import { createReferenceService } from '../../src/emulator/index'
import type { ReferenceService } from '../../src/emulator/index'
import { createServiceClient } from '../../src/main/service/index'
import type { ServiceClient } from '../../src/main/service/index'
import { decodeResponse } from '../../src/main/service/decode-response'
import { soapEnvelope } from '../../src/main/service/request'
import { findNonXmlChar } from '../../src/main/service/xml-text'
import { parseXml } from '../../src/main/service/xml-tree'
import { NS, httpList, recordXml, soapResult } from '../fixtures/service/build'
import { runs } from '../property-runs'
import { mutate, textMutation } from './text-mutations'

const anyText = fc.string({ unit: 'binary', maxLength: 120 })
const xmlSafe = anyText.filter((s) => findNonXmlChar(s) === -1)

let svc: ReferenceService
let client: ServiceClient
let sent = 0
let setID = 0

beforeAll(async () => {
  svc = createReferenceService({ sets: 50, seed: 3 })
  let hash = ''
  client = createServiceClient({
    profile: { baseUrl: 'http://127.0.0.1:9' },
    secrets: () => ({ apiKey: svc.demo.apiKey, userHash: hash }),
    fetch: (r) => {
      sent++
      return svc.handle(r)
    }
  })
  hash = await client.v2.login({ username: svc.demo.username, password: svc.demo.password })
  setID = (await client.v2.getSets({ pageSize: 1 }))[0]?.setID ?? 0
})
afterAll(() => {
  svc.close()
})

describe('properties (fast-check)', () => {
  it('any notes string round-trips request → reference service → decode; bad characters never leave', async () => {
    await fc.assert(
      fc.asyncProperty(
        anyText,
        fc.constantFrom(
          'httpPost' as const,
          'httpGet' as const,
          'soap11' as const,
          'soap12' as const
        ),
        async (notes, binding) => {
          const before = sent
          const write = client.v2.setCollection_userNotes({ setID, notes }, { binding })
          if (findNonXmlChar(notes) !== -1) {
            await expect(write).rejects.toMatchObject({
              code: 'invalid_input',
              detail: { field: 'notes' }
            })
            expect(sent).toBe(before)
            return
          }
          // An empty note is "no change" on the reference service; a note is compared only when set.
          if (notes === '') return
          await write
          const [set] = await client.v2.getSet({ SetID: setID }, { binding })
          expect(set?.userNotes).toBe(notes)
        }
      ),
      { numRuns: runs(150) }
    )
  })

  it('every built envelope is well-formed and carries the values exactly', () => {
    const ops = OPERATIONS.filter(
      (o) => o.params.every((p) => p.type === 'string') && o.params.length > 0
    )
    fc.assert(
      fc.property(
        fc.constantFrom(...ops),
        fc.array(xmlSafe, { minLength: 20, maxLength: 20 }),
        fc.constantFrom('soap11' as const, 'soap12' as const),
        (op, texts, binding) => {
          const values = Object.fromEntries(op.params.map((p, i) => [p.name, texts[i] ?? '']))
          const xml = soapEnvelope(op, binding, NS, values)
          const root = parseXml(xml)
          const call = root.children[0]?.children[0]
          expect(call?.local).toBe(op.name)
          expect(call?.children.map((c) => c.local)).toEqual(op.params.map((p) => p.name))
          expect(call?.children.map((c) => c.text)).toEqual(op.params.map((p) => values[p.name]))
        }
      ),
      { numRuns: runs(300) }
    )
  })

  it('the decoder throws nothing but AppError on mutated responses', () => {
    const seeds = [
      httpList('sets', [recordXml('sets'), recordXml('sets', { userNotes: 'a &amp; b' })]),
      soapResult('1.1', 'getSets', recordXml('sets')),
      soapResult('1.2', 'getSets', `${recordXml('sets')}${recordXml('sets')}`)
    ]
    const fragments = fc.constantFrom(
      '<',
      '>',
      '&',
      '&#0;',
      '&#x1F600;',
      ']]>',
      '<![CDATA[',
      '<!DOCTYPE x>',
      '<__proto__>',
      '</sets>',
      '<sets>',
      'xsi:nil="true"',
      '"',
      '\u0000',
      '<?x?>',
      '<!--'
    )
    const mutation = textMutation({
      insert: fc.oneof(fragments, anyText),
      maxCut: 40,
      maxDup: 200
    })
    fc.assert(
      fc.property(
        fc.constantFrom(0, 1, 2),
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        (which, muts) => {
          const body = mutate(seeds[which] ?? '', muts)
          const binding = which === 0 ? 'httpPost' : which === 1 ? 'soap11' : 'soap12'
          try {
            const out = decodeResponse({
              service: 'v2',
              operation: 'getSets',
              binding,
              namespace: NS,
              status: 200,
              contentType:
                binding === 'soap12'
                  ? 'application/soap+xml; charset=utf-8'
                  : 'text/xml; charset=utf-8',
              body
            })
            expect(Array.isArray(out)).toBe(true)
          } catch (e) {
            if (!(e instanceof AppError)) throw e
          }
          expect(({} as Record<string, unknown>).polluted).toBeUndefined()
        }
      ),
      { numRuns: runs(2000) }
    )
  })
})
