import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { XMLParser } from 'fast-xml-parser'
import { beforeAll, describe, expect, it } from 'vitest'
import { RECORDS } from '../../src/shared/protocol/records'
import { createReferenceService } from '../../src/emulator/index'
import type { ReferenceService } from '../../src/emulator/index'
import { v2GetSetsParams } from '../shared/v2-get-sets-params'

// Our v2 WSDL and HTTP answers against production's (test/fixtures/production/production-v2). Allowed
// differences: the namespace, the set-link field name, and the service's own name in binding names.

const REF = join(__dirname, '../fixtures/production/production-v2')
const PROD_NS = 'https://brickset.com/api/'
const BASE = 'http://reference.test'

let service: ReferenceService
beforeAll(() => {
  service = createReferenceService({ sets: 300, seed: 3 })
})

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  isArray: (_name: string, _path: unknown, _leaf: boolean, isAttribute: boolean) => !isAttribute,
  parseTagValue: false
})
type Node = Record<string, unknown>
const kids = (n: unknown, name: string): Node[] =>
  ((n as Node | undefined)?.[name] as Node[] | undefined) ?? []
const attr = (n: Node, name: string): string => {
  const v = n[`@_${name}`]
  return typeof v === 'string' ? v : ''
}

interface WsdlShape {
  schemaElements: string[]
  complexTypes: Record<string, string[]>
  portTypes: Record<string, string[]>
  bindings: Record<string, string[]>
  messages: Record<string, string[]>
  ports: string[]
}

function wsdlShape(xml: string, ns: string, serviceName: string): WsdlShape {
  const norm = xml
    .split(ns)
    .join('{ns}')
    .split(serviceName)
    .join('{svc}')
    .replace(/"bricksetURL"/g, '"serviceURL"')
  const defs = kids(parser.parse(norm), 'wsdl:definitions')[0] ?? {}
  const schema = kids(kids(defs, 'wsdl:types')[0], 's:schema')[0] ?? {}
  const field = (e: Node): string =>
    `${attr(e, 'name')}:${attr(e, 'type')}:${attr(e, 'minOccurs')}:${attr(e, 'maxOccurs')}:${attr(e, 'nillable')}`
  const seqOf = (ct: Node | undefined): string[] =>
    kids(kids(ct, 's:sequence')[0], 's:element').map(field)
  const elements = kids(schema, 's:element').map(
    (e) =>
      `${attr(e, 'name')}=${attr(e, 'type')}${attr(e, 'nillable')}[${seqOf(kids(e, 's:complexType')[0]).join(',')}]`
  )
  const complexTypes: Record<string, string[]> = {}
  for (const ct of kids(schema, 's:complexType')) complexTypes[attr(ct, 'name')] = seqOf(ct)
  const ops = (n: Node): string[] => kids(n, 'wsdl:operation').map((o) => attr(o, 'name'))
  const portTypes: Record<string, string[]> = {}
  for (const p of kids(defs, 'wsdl:portType')) portTypes[attr(p, 'name')] = ops(p)
  const bindings: Record<string, string[]> = {}
  for (const b of kids(defs, 'wsdl:binding')) {
    bindings[attr(b, 'name')] = kids(b, 'wsdl:operation').map((o) => {
      const soapOp = kids(o, 'soap:operation')[0] ?? kids(o, 'soap12:operation')[0]
      const httpOp = kids(o, 'http:operation')[0]
      return `${attr(o, 'name')}@${soapOp ? attr(soapOp, 'soapAction') : attr(httpOp ?? {}, 'location')}`
    })
  }
  const messages: Record<string, string[]> = {}
  for (const m of kids(defs, 'wsdl:message'))
    messages[attr(m, 'name')] = kids(m, 'wsdl:part').map(
      (p) => `${attr(p, 'name')}:${attr(p, 'element')}${attr(p, 'type')}`
    )
  const ports = kids(kids(defs, 'wsdl:service')[0], 'wsdl:port').map(
    (p) => `${attr(p, 'name')}->${attr(p, 'binding')}`
  )
  return { schemaElements: elements, complexTypes, portTypes, bindings, messages, ports }
}

async function post(op: string, params: Record<string, string>): Promise<Response> {
  return service.handle(
    new Request(`${BASE}/api/v2.asmx/${op}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString()
    })
  )
}

describe('v2 WSDL against production', () => {
  it('has the same operations, parameters, types, occurrences, bindings and ports', async () => {
    const res = await service.handle(new Request(`${BASE}/api/v2.asmx?WSDL`))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/xml; charset=utf-8')
    const ours = wsdlShape(await res.text(), service.namespaces.api, 'CatalogueAPIv2')
    const prod = wsdlShape(readFileSync(join(REF, 'v2.wsdl'), 'utf8'), PROD_NS, 'BricksetAPIv2')
    expect(ours.schemaElements).toEqual(prod.schemaElements)
    expect(ours.complexTypes).toEqual(prod.complexTypes)
    expect(ours.portTypes).toEqual(prod.portTypes)
    expect(ours.bindings).toEqual(prod.bindings)
    expect(ours.messages).toEqual(prod.messages)
    expect(ours.ports).toEqual(prod.ports)
    expect(Object.keys(ours.bindings)).toEqual([
      '{svc}Soap',
      '{svc}Soap12',
      '{svc}HttpGet',
      '{svc}HttpPost'
    ])
  })
})

describe('HTTP POST answers against production recordings', () => {
  const prodText = (file: string): string =>
    readFileSync(join(REF, 'responses', file), 'utf8')
      .split(PROD_NS)
      .join(service.namespaces.api)
      .trimEnd()

  it('matches byte for byte where the content is not catalogue data', async () => {
    const apiKey = service.demo.apiKey
    const hash = await (
      await post('login', { apiKey, username: 'demo', password: 'studbook-demo' })
    ).text()
    const userHash = /<string[^>]*>([^<]+)<\/string>/.exec(hash)?.[1] ?? ''
    const anySet = await (await post('getSets', v2GetSetsParams({ apiKey, pageSize: '1' }))).text()
    const setID = /<setID>(\d+)<\/setID>/.exec(anySet)?.[1] ?? ''
    expect(setID).not.toBe('')
    const w = { apiKey, userHash: 'not-a-hash', setID }
    const cases: [string, string, Record<string, string>][] = [
      ['api_key_invalid.xml', 'checkKey', { apiKey: 'nope' }],
      ['api_key_valid.xml', 'checkKey', { apiKey }],
      ['login_invalid_credentials.xml', 'login', { apiKey, username: 'demo', password: 'x' }],
      ['token_invalid.xml', 'checkUserHash', { userHash: 'nope' }],
      ['set_collection_invalid.xml', 'setCollection', { ...w, qtyOwned: '1', wanted: '0' }],
      ['set_collection_owns_invalid.xml', 'setCollection_owns', { ...w, owned: '1' }],
      ['set_collection_wants_invalid.xml', 'setCollection_wants', { ...w, wanted: '1' }],
      ['set_collection_qty_owned_invalid.xml', 'setCollection_qtyOwned', { ...w, qtyOwned: '1' }],
      ['set_collection_user_notes_invalid.xml', 'setCollection_userNotes', { ...w, notes: 'x' }],
      [
        'set_minifig_collection_invalid.xml',
        'setMinifigCollection',
        { apiKey, userHash: 'bad', minifigNumber: 'x', qtyOwned: '1', wanted: '0' }
      ],
      [
        'set_collection.xml',
        'setCollection',
        { apiKey, userHash, setID, qtyOwned: '1', wanted: '0' }
      ],
      ['set_user_rating.xml', 'setUserRating', { apiKey, userHash, setID, rating: '4' }],
      [
        'get_sets_no_result.xml',
        'getSets',
        v2GetSetsParams({ apiKey, query: 'no-such-set-anywhere' })
      ],
      [
        'get_collection_detail_no_result.xml',
        'getCollectionDetail',
        { apiKey, userHash, SetID: '1' }
      ],
      ['get_reviews_no_result.xml', 'getReviews', { apiKey, setID: '1' }],
      ['get_user_notes_no_result.xml', 'getUserNotes', { apiKey, userHash: 'nope' }],
      ['get_collection_totals_no_result.xml', 'getCollectionTotals', { apiKey, userHash: 'nope' }],
      ['get_themes_no_result.xml', 'getThemes', { apiKey: 'nope' }],
      ['get_subthemes_no_result.xml', 'getSubthemes', { apiKey, theme: 'No Such Theme' }],
      ['get_years_no_result.xml', 'getYears', { apiKey, theme: 'No Such Theme' }],
      ['get_additional_images_no_result.xml', 'getAdditionalImages', { apiKey, setID: '1' }],
      ['get_instructions_no_result.xml', 'getInstructions', { apiKey, setID: '1' }],
      ['get_set_no_result.xml', 'getSet', { apiKey, userHash: '', SetID: '1' }],
      [
        'get_collection_detail_conditions.xml',
        'getCollectionDetailConditions',
        { apiKey, which: 'now' }
      ]
    ]
    for (const [file, op, params] of cases) {
      const res = await post(op, params)
      expect(res.status, file).toBe(200)
      expect(res.headers.get('content-type'), file).toBe('text/xml; charset=utf-8')
      expect(await res.text(), file).toBe(prodText(file))
    }
  })

  it('has the same record shape as production: root, attributes, field order, empties, omissions, formats', async () => {
    const apiKey = service.demo.apiKey
    const pairs: [string, string, Record<string, string>][] = [
      ['get_sets.xml', 'getSets', v2GetSetsParams({ apiKey, pageSize: '50' })],
      ['get_themes.xml', 'getThemes', { apiKey }],
      ['get_collection_totals.xml', 'getCollectionTotals', { apiKey, userHash: 'x' }],
      ['get_instructions.xml', 'getInstructions', { apiKey, setID: '0' }]
    ]
    const files = readdirSync(join(REF, 'responses'))
    expect(files).toContain('get_sets.xml')
    for (const [file, op, params] of pairs) {
      const ours = await (await post(op, params)).text()
      const prod = prodText(file)
      const head = (x: string): string =>
        x.slice(0, x.indexOf('>', x.indexOf('<', 5)) + 1).replace(/ xsi:nil="true"/, '')
      expect(head(ours).replace(/\s*\/?>$/, ''), file).toBe(head(prod).replace(/\s*\/?>$/, ''))
    }
    const ours = await (await post('getSets', pairs[0]?.[2] ?? {})).text()
    const prodSets = prodText('get_sets.xml').replace(/bricksetURL/g, 'serviceURL')
    const order: string[] = RECORDS.sets.fields.map((f) => f.name)
    for (const xml of [ours, prodSets]) {
      const records = xml.split('<sets>').slice(1)
      expect(records.length).toBeGreaterThan(0)
      for (const rec of records) {
        const names = [...rec.matchAll(/\n {4}<([A-Za-z]+)/g)].map((m) => m[1] ?? '')
        const positions = names.map((n) => order.indexOf(n))
        expect(positions.every((p, i) => p >= 0 && (i === 0 || p > (positions[i - 1] ?? -1)))).toBe(
          true
        )
        for (const f of RECORDS.sets.fields)
          if (f.type !== 'string') expect(names).toContain(f.name)
        expect(rec).toMatch(
          /<lastUpdated>\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}<\/lastUpdated>/
        )
        expect(rec).toMatch(/<(owned|released|image)>(true|false)<\//)
        expect(rec).not.toMatch(/<([A-Za-z]+)><\/\1>/)
        expect(rec).toMatch(/<[A-Za-z]+ \/>/)
        for (const m of rec.matchAll(/<USDate(?:Added|Removed)ToSAH>([^<]*)</g))
          expect(m[1]).toMatch(/^\d{4}-\d{2}-\d{2}$/)
        for (const m of rec.matchAll(/<(?:UK|US|CA|EU)RetailPrice>([^<]*)</g))
          expect(m[1]).toMatch(/^\d+(\.\d+)?$/)
      }
    }
    // Null strings are left out, as production leaves out notes/tags/description.
    expect(prodSets).not.toContain('<description')
    expect(
      ours
        .split('<sets>')
        .slice(1)
        .some((r) => !r.includes('<description') || !r.includes('<notes'))
    ).toBe(true)
  })
})
