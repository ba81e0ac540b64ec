import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { XMLParser } from 'fast-xml-parser'

/** The production v2 WSDL (a copy of the recorded file in test/fixtures/production), reduced to what our tables describe. */
export const PRODUCTION_WSDL_PATH = join(__dirname, '../fixtures/production/production-v2/v2.wsdl')

export interface XsdElement {
  name: string
  type: string
  minOccurs: string
  maxOccurs: string
  nillable?: string
}

export interface WsdlModel {
  targetNamespace: string
  /** Top-level schema elements with an inline sequence (operation requests and responses). */
  elements: Map<string, XsdElement[]>
  /** Named complex types (records and ArrayOf…). */
  complexTypes: Map<string, XsdElement[]>
  /** portType name → operation names in order. */
  portTypes: Map<string, string[]>
  /** message name → parts (name + type or element). */
  messages: Map<string, { name: string; type?: string; element?: string }[]>
  /** binding name → operation names. */
  bindings: Map<string, string[]>
}

type Node = Record<string, unknown>
const attr = (n: Node, k: string): string => {
  const v = n[`@_${k}`]
  return typeof v === 'string' ? v : ''
}
const list = (v: unknown): Node[] => (Array.isArray(v) ? (v as Node[]) : v ? [v as Node] : [])

function sequence(n: Node | undefined): XsdElement[] {
  const seq = (n?.['sequence'] ?? undefined) as Node | undefined
  return list(seq?.['element']).map((e) => ({
    name: attr(e, 'name'),
    type: attr(e, 'type'),
    minOccurs: attr(e, 'minOccurs'),
    maxOccurs: attr(e, 'maxOccurs'),
    ...(attr(e, 'nillable') ? { nillable: attr(e, 'nillable') } : {})
  }))
}

export function parseWsdl(text: string): WsdlModel {
  const parser = new XMLParser({
    ignoreAttributes: false,
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    isArray: (name) =>
      [
        'element',
        'complexType',
        'message',
        'part',
        'operation',
        'portType',
        'binding',
        'port'
      ].includes(name)
  })
  const doc = parser.parse(text) as Node
  const defs = doc['definitions'] as Node
  const schema = (defs['types'] as Node)['schema'] as Node
  const elements = new Map<string, XsdElement[]>()
  for (const e of list(schema['element'])) {
    const ct = list(e['complexType'])[0]
    if (ct) elements.set(attr(e, 'name'), sequence(ct))
  }
  const complexTypes = new Map<string, XsdElement[]>()
  for (const ct of list(schema['complexType'])) complexTypes.set(attr(ct, 'name'), sequence(ct))
  const portTypes = new Map<string, string[]>()
  for (const pt of list(defs['portType'])) {
    portTypes.set(
      attr(pt, 'name'),
      list(pt['operation']).map((o) => attr(o, 'name'))
    )
  }
  const messages = new Map<string, { name: string; type?: string; element?: string }[]>()
  for (const m of list(defs['message'])) {
    messages.set(
      attr(m, 'name'),
      list(m['part']).map((p) => ({
        name: attr(p, 'name'),
        ...(attr(p, 'type') ? { type: attr(p, 'type') } : {}),
        ...(attr(p, 'element') ? { element: attr(p, 'element') } : {})
      }))
    )
  }
  const bindings = new Map<string, string[]>()
  for (const b of list(defs['binding'])) {
    bindings.set(
      attr(b, 'name'),
      list(b['operation']).map((o) => attr(o, 'name'))
    )
  }
  return {
    targetNamespace: attr(defs, 'targetNamespace'),
    elements,
    complexTypes,
    portTypes,
    messages,
    bindings
  }
}

export function loadProductionWsdl(): WsdlModel {
  return parseWsdl(readFileSync(PRODUCTION_WSDL_PATH, 'utf8'))
}
