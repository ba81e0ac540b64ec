import { describe, expect, it } from 'vitest'
import { RECORDS } from '../../src/shared/protocol/records'
import type { RecordName } from '../../src/shared/protocol/records'
import { V2_OPERATIONS } from '../../src/shared/protocol/operations'
import type { OperationDef, ParamDef } from '../../src/shared/protocol/operations'
import { loadProductionWsdl } from './production-wsdl'
import type { XsdElement } from './production-wsdl'

const wsdl = loadProductionWsdl()

/** What the production schema says for a parameter of ours: type, minOccurs, maxOccurs. */
function expectedParam(p: ParamDef): Omit<XsdElement, 'name'> {
  if (typeof p.type === 'object') {
    return { type: `tns:${RECORDS[p.type.record].element}`, minOccurs: '0', maxOccurs: '1' }
  }
  return { type: `s:${p.type}`, minOccurs: p.type === 'string' ? '0' : '1', maxOccurs: '1' }
}

function resultType(op: OperationDef): string {
  switch (op.result.kind) {
    case 'list': {
      const arrayType = (RECORDS[op.result.record] as { arrayType?: string }).arrayType
      return `tns:${arrayType ?? '?'}`
    }
    case 'single':
      return `tns:${RECORDS[op.result.record].element}`
    case 'string':
      return 's:string'
    case 'int':
      return 's:int'
    case 'json':
      return '(json)'
  }
}

function portTypeOps(suffix: string): string[] {
  const entry = [...wsdl.portTypes].find(([name]) => name.endsWith(suffix))
  return entry?.[1] ?? []
}

function bindingOps(suffix: string): string[] {
  const entry = [...wsdl.bindings].find(([name]) => name.endsWith(suffix))
  return entry?.[1] ?? []
}

describe('shared v2 operation table against the production WSDL', () => {
  it('has exactly production’s operations, in production’s order', () => {
    expect(V2_OPERATIONS.map((o) => o.name)).toEqual(portTypeOps('Soap'))
    expect(V2_OPERATIONS).toHaveLength(28)
  })

  it.each(V2_OPERATIONS.map((o) => [o.name, o] as const))(
    '%s: SOAP parameters (name, casing, order, type, occurrence) and result type',
    (name, op) => {
      const request = wsdl.elements.get(name)
      expect(request, `request element ${name}`).toBeDefined()
      expect(request).toEqual(op.params.map((p) => ({ name: p.name, ...expectedParam(p) })))
      const response = wsdl.elements.get(`${name}Response`)
      expect(response).toEqual([
        { name: `${name}Result`, type: resultType(op), minOccurs: '0', maxOccurs: '1' }
      ])
    }
  )

  it.each([
    ['httpGet', 'HttpGet'],
    ['httpPost', 'HttpPost']
  ] as const)('%s: offered for the same operations, every parameter as text', (binding, suffix) => {
    const offered = V2_OPERATIONS.filter((o) => o.bindings.includes(binding)).map((o) => o.name)
    expect(offered).toEqual(portTypeOps(suffix))
    expect(offered).toEqual(bindingOps(suffix))
    for (const op of V2_OPERATIONS.filter((o) => o.bindings.includes(binding))) {
      const parts = wsdl.messages.get(`${op.name}${suffix}In`)
      expect(parts, op.name).toEqual(op.params.map((p) => ({ name: p.name, type: 's:string' })))
      const out = wsdl.messages.get(`${op.name}${suffix}Out`)
      const root = op.result.kind === 'string' ? 'tns:string' : resultType(op)
      expect(out, op.name).toEqual([{ name: 'Body', element: root }])
    }
  })

  it('offers SOAP 1.1 and 1.2 for every operation and setCollectionDetail on SOAP only', () => {
    const names = V2_OPERATIONS.map((o) => o.name)
    expect(bindingOps('Soap')).toEqual(names)
    expect(bindingOps('Soap12')).toEqual(names)
    const detail = V2_OPERATIONS.find((o) => o.name === 'setCollectionDetail')
    expect(detail?.bindings).toEqual(['soap11', 'soap12'])
  })
})

const V2_RECORDS = [
  'sets',
  'collectionDetails',
  'reviews',
  'minifigCollection',
  'additionalImages',
  'themes',
  'subthemes',
  'years',
  'instructions',
  'conditions',
  'userNotes',
  'collectionTotals'
] as const satisfies readonly RecordName[]

describe('shared v2 record tables against the production WSDL', () => {
  it.each(V2_RECORDS)('%s: every field, its order, type and occurrence', (name) => {
    const record = RECORDS[name]
    const production = wsdl.complexTypes.get(record.element)
    expect(production, record.element).toBeDefined()
    const ours = record.fields.map((f) => {
      // The one allowed difference: production names the set-link field after itself.
      const alias =
        'aliases' in f ? f.aliases.find((a) => production?.some((p) => p.name === a)) : undefined
      return {
        name: alias ?? f.name,
        type: `s:${f.type}`,
        minOccurs: f.required ? '1' : '0',
        maxOccurs: '1'
      }
    })
    expect(ours).toEqual(production)
  })

  it.each(V2_RECORDS.filter((n) => n !== 'collectionTotals'))(
    '%s: its array type holds nillable, unbounded records',
    (name) => {
      const record = RECORDS[name] as { element: string; arrayType?: string }
      expect(wsdl.complexTypes.get(record.arrayType ?? '')).toEqual([
        {
          name: record.element,
          type: `tns:${record.element}`,
          minOccurs: '0',
          maxOccurs: 'unbounded',
          nillable: 'true'
        }
      ])
    }
  )

  it('differs from production only in the set-link field name', () => {
    const ours = RECORDS.sets.fields.map((f) => f.name)
    const theirs = (wsdl.complexTypes.get('sets') ?? []).map((e) => e.name)
    const differences = ours.filter((n, i) => theirs[i] !== n)
    expect(differences).toEqual(['serviceURL'])
  })
})
