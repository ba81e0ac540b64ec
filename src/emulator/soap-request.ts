import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { SOAP11_ENV, SOAP12_ENV, XSI } from './xml-write'

/**
 * Reading a SOAP request body: validated first, DOCTYPE/ENTITY refused, element names resolved
 * against their namespaces (any prefix the client chose).
 */

export type SoapVersion = '1.1' | '1.2'

/** A child element's content: text, nested elements, or null for xsi:nil. */
export type SoapValue = string | null | { readonly [local: string]: SoapValue }

type ParsedSoap =
  | {
      readonly ok: true
      readonly ns: string
      readonly op: string
      readonly children: ReadonlyMap<string, SoapValue>
    }
  | { readonly ok: false; readonly reason: string }

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // Entities are decoded below, numeric references included (the parser's own decoder leaves
  // `&#xD;` as written unless HTML entities are on, and those must stay literal).
  processEntities: false,
  htmlEntities: false,
  removeNSPrefix: false
})

const XML_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'"
}

/** The five XML entities and numeric character references, in one pass (so `&amp;#10;` stays text). */
function decodeXmlText(raw: string): string {
  return raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10)
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return XML_ENTITIES[ref] ?? whole
  })
}

type Node = Record<string, unknown>
type Scope = ReadonlyMap<string, string>

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v)

function scopeOf(node: Node, parent: Scope): Scope {
  let scope: Map<string, string> | null = null
  for (const k of Object.keys(node)) {
    if (k === '@_xmlns' || k.startsWith('@_xmlns:')) {
      scope ??= new Map(parent)
      scope.set(k === '@_xmlns' ? '' : k.slice(8), String(node[k]))
    }
  }
  return scope ?? parent
}

function resolve(qname: string, scope: Scope): { ns: string; local: string } {
  const i = qname.indexOf(':')
  return i < 0
    ? { ns: scope.get('') ?? '', local: qname }
    : { ns: scope.get(qname.slice(0, i)) ?? '\u0000unbound', local: qname.slice(i + 1) }
}

/** Element children of a node with their resolved names (first occurrence of each). */
function elements(
  node: Node,
  scope: Scope
): { ns: string; local: string; value: unknown; scope: Scope }[] {
  const out: { ns: string; local: string; value: unknown; scope: Scope }[] = []
  for (const key of Object.keys(node)) {
    if (key.startsWith('@_') || key === '#text' || key.startsWith('?')) continue
    const raw = node[key]
    const value: unknown = Array.isArray(raw) ? raw[0] : raw
    const inner = isNode(value) ? scopeOf(value, scope) : scope
    out.push({ ...resolve(key, inner), value, scope: inner })
  }
  return out
}

function toValue(v: unknown, scope: Scope, ns: string): SoapValue {
  if (typeof v === 'string') return decodeXmlText(v)
  if (!isNode(v)) return ''
  const nilKey = Object.keys(v).find((k) => k.startsWith('@_') && k.endsWith(':nil'))
  if (nilKey !== undefined && resolve(nilKey.slice(2), scope).ns === XSI && v[nilKey] === 'true')
    return null
  const kids = elements(v, scope).filter((e) => e.ns === ns)
  if (kids.length === 0) return typeof v['#text'] === 'string' ? decodeXmlText(v['#text']) : ''
  const obj: Record<string, SoapValue> = Object.create(null) as Record<string, SoapValue>
  for (const k of kids) obj[k.local] = toValue(k.value, k.scope, ns)
  return obj
}

export function parseSoap(xml: string, version: SoapVersion): ParsedSoap {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return { ok: false, reason: 'DTDs are not allowed.' }
  // The brief requires fast-xml-parser's own validator; its successor package is not installed.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  const valid = XMLValidator.validate(xml)
  if (valid !== true)
    return {
      ok: false,
      reason: `There is an error in XML document (${valid.err.line}, ${valid.err.col}).`
    }
  let doc: unknown
  try {
    doc = parser.parse(xml)
  } catch {
    return { ok: false, reason: 'There is an error in XML document.' }
  }
  if (!isNode(doc)) return { ok: false, reason: 'Root element is missing.' }
  const roots = elements(doc, new Map())
  const env = roots[0]
  const envNs = version === '1.1' ? SOAP11_ENV : SOAP12_ENV
  if (
    roots.length !== 1 ||
    !env ||
    env.local !== 'Envelope' ||
    env.ns !== envNs ||
    !isNode(env.value)
  ) {
    return {
      ok: false,
      reason: `Possible SOAP version mismatch: Envelope namespace ${env?.ns ?? ''} was unexpected. Expecting ${envNs}.`
    }
  }
  const body = elements(env.value, env.scope).find((e) => e.local === 'Body' && e.ns === envNs)
  if (!body || !isNode(body.value))
    return { ok: false, reason: 'The SOAP Body element is missing.' }
  const op = elements(body.value, body.scope)[0]
  if (!op) return { ok: false, reason: 'The SOAP Body is empty.' }
  const children = new Map<string, SoapValue>()
  if (isNode(op.value)) {
    for (const c of elements(op.value, op.scope)) {
      if (c.ns === op.ns && !children.has(c.local))
        children.set(c.local, toValue(c.value, c.scope, op.ns))
    }
  }
  return { ok: true, ns: op.ns, op: op.local, children }
}

/** The `action` parameter of a SOAP 1.2 Content-Type (RFC 3902), unquoted; null when absent. */
export function soap12Action(contentType: string | null): string | null {
  if (contentType === null) return null
  for (const part of contentType.split(';').slice(1)) {
    const eq = part.indexOf('=')
    if (eq === -1 || part.slice(0, eq).trim().toLowerCase() !== 'action') continue
    return part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
  }
  return null
}
