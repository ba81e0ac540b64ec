import { AppError } from '../../shared/errors'
import { ALL_BINDINGS } from '../../shared/protocol/operations'
import type { Binding, ServiceName } from '../../shared/protocol/operations'
import type { XmlElement } from './xml-tree'
import { parseXml } from './xml-tree'

const WSDL_NS = 'http://schemas.xmlsoap.org/wsdl/'
const WSDL_SOAP11 = 'http://schemas.xmlsoap.org/wsdl/soap/'
const WSDL_SOAP12 = 'http://schemas.xmlsoap.org/wsdl/soap12/'
const WSDL_HTTP = 'http://schemas.xmlsoap.org/wsdl/http/'

/** What one service's ?WSDL says: its namespace, operations and the bindings offering each. */
export interface ServiceDescription {
  readonly namespace: string
  readonly operations: readonly string[]
  readonly bindings: Readonly<Record<Binding, readonly string[]>>
}

export type DiscoveryEntry =
  | { readonly ok: true; readonly description: ServiceDescription }
  | { readonly ok: false; readonly error: AppError }

export type DiscoveryResult = Readonly<Record<ServiceName, DiscoveryEntry>>

function attr(el: XmlElement, name: string): string | undefined {
  return el.attrs?.find(([k]) => k === name)?.[1]
}

function kids(el: XmlElement, local: string, ns: string): XmlElement[] {
  return el.children.filter((c) => c.local === local && c.ns === ns)
}

function bindingKind(b: XmlElement): Binding | null {
  for (const c of b.children) {
    if (c.local !== 'binding') continue
    if (c.ns === WSDL_SOAP11) return 'soap11'
    if (c.ns === WSDL_SOAP12) return 'soap12'
    if (c.ns === WSDL_HTTP) {
      const verb = (attr(c, 'verb') ?? '').toUpperCase()
      if (verb === 'GET') return 'httpGet'
      if (verb === 'POST') return 'httpPost'
    }
  }
  return null
}

/** Reads a WSDL 1.1 document (validated like any response; DOCTYPE refused). */
export function parseWsdl(xml: string): ServiceDescription {
  const root = parseXml(xml)
  const namespace = attr(root, 'targetNamespace')
  if (root.local !== 'definitions' || root.ns !== WSDL_NS || namespace === undefined) {
    throw new AppError('unexpected_root', 'The service description is not a WSDL document.')
  }
  const operations = new Set<string>()
  for (const pt of kids(root, 'portType', WSDL_NS)) {
    for (const o of kids(pt, 'operation', WSDL_NS)) {
      const name = attr(o, 'name')
      if (name !== undefined) operations.add(name)
    }
  }
  const bindings = Object.fromEntries(ALL_BINDINGS.map((b) => [b, [] as string[]])) as Record<
    Binding,
    string[]
  >
  for (const b of kids(root, 'binding', WSDL_NS)) {
    const kind = bindingKind(b)
    if (kind === null) continue
    for (const o of kids(b, 'operation', WSDL_NS)) {
      const name = attr(o, 'name')
      if (name !== undefined && !bindings[kind].includes(name)) bindings[kind].push(name)
    }
  }
  return { namespace, operations: [...operations], bindings }
}
