import { XMLValidator } from 'fast-xml-parser'
import { AppError } from '../../shared/errors'
import { XSI_NS } from './bindings'
import { decodeEntities, findNonXmlChar, normalizeNewlines } from './xml-text'

/** One element of a validated document: just what decoding needs, no prototype-keyed maps. */
export interface XmlElement {
  readonly local: string
  readonly ns: string
  /** Shared empty array until the first child arrives (most elements are leaves). */
  children: readonly XmlElement[]
  text: string
  nil: boolean
  /** Attributes as written (qualified name, decoded value), or null when there are none. */
  readonly attrs: readonly (readonly [string, string])[] | null
}

/** Deepest nesting any response of the interface needs is 7; anything far deeper is hostile. */
const MAX_DEPTH = 64

const XMLNS_NS = 'http://www.w3.org/2000/xmlns/'
const ATTR = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g

function bad(message: string): AppError {
  return new AppError('bad_xml', message)
}

/**
 * Parses a response body strictly: DOCTYPE/ENTITY refused, fast-xml-parser's XMLValidator for
 * well-formedness, then one pass that builds a small namespace-resolved tree and re-checks what the
 * validator lets through (a second root, characters XML forbids, unbound prefixes, hostile depth).
 */
export function parseXml(xml: string): XmlElement {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw bad('The response declares a DOCTYPE or entities.')
  const badChar = findNonXmlChar(xml)
  if (badChar !== -1) throw bad(`The response holds a character XML forbids at ${badChar}.`)
  // The validator named by the design docs (performance.md); fast-xml-parser 5 still ships it.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  const verdict = XMLValidator.validate(xml, { allowBooleanAttributes: false })
  if (verdict !== true) throw bad(`The response is not well-formed XML: ${verdict.err.msg}`)
  return buildTree(xml)
}

interface Open {
  readonly el: XmlElement
  readonly qname: string
  readonly scope: Map<string, string>
}

function buildTree(xml: string): XmlElement {
  const stack: Open[] = []
  let root: XmlElement | null = null
  const initial = new Map<string, string>([
    ['xml', 'http://www.w3.org/XML/1998/namespace'],
    ['', '']
  ])
  let scope = initial
  let i = 0
  const n = xml.length
  while (i < n) {
    const lt = xml.indexOf('<', i)
    const end = lt === -1 ? n : lt
    if (end > i) {
      const top = stack[stack.length - 1]
      const raw = xml.slice(i, end)
      if (top === undefined) {
        if (raw.trim() !== '') throw bad('The response has text outside its root element.')
      } else if (top.el.children.length === 0 || !isBlank(raw)) {
        top.el.text += decodeEntities(normalizeNewlines(raw))
      }
    }
    if (lt === -1) break
    const next = xml.charCodeAt(lt + 1)
    if (next === 63 /* ? */) {
      const close = xml.indexOf('?>', lt)
      if (close === -1) throw bad('Unterminated processing instruction.')
      i = close + 2
    } else if (next === 33 /* ! */) {
      if (xml.startsWith('<!--', lt)) {
        const close = xml.indexOf('-->', lt + 4)
        if (close === -1) throw bad('Unterminated comment.')
        i = close + 3
      } else if (xml.startsWith('<![CDATA[', lt)) {
        const close = xml.indexOf(']]>', lt + 9)
        const top = stack[stack.length - 1]
        if (close === -1 || top === undefined) throw bad('Misplaced CDATA section.')
        top.el.text += normalizeNewlines(xml.slice(lt + 9, close))
        i = close + 3
      } else {
        throw bad('The response holds a markup declaration.')
      }
    } else if (next === 47 /* / */) {
      const close = xml.indexOf('>', lt)
      if (close === -1) throw bad('Unterminated end tag.')
      const name = xml.slice(lt + 2, close).trim()
      const top = stack.pop()
      if (top?.qname !== name) throw bad(`Mismatched end tag </${name}>.`)
      const parent = stack[stack.length - 1]
      scope = parent?.scope ?? initial
      i = close + 1
    } else {
      const close = tagEnd(xml, lt)
      const selfClosing = xml.charCodeAt(close - 1) === 47
      const body = xml.slice(lt + 1, selfClosing ? close - 1 : close)
      const ws = body.search(/\s/)
      const qname = ws === -1 ? body : body.slice(0, ws)
      if (qname === '') throw bad('Empty tag name.')
      if (stack.length === 0 && root !== null) throw bad('The response has more than one root.')
      if (stack.length >= MAX_DEPTH) throw bad('The response nests elements too deeply.')
      const attrs = ws === -1 ? null : readAttrs(body.slice(ws))
      const elScope = attrs === null ? scope : declare(scope, attrs)
      const el = makeElement(qname, attrs, elScope)
      const parent = stack[stack.length - 1]
      if (parent === undefined) root = el
      else addChild(parent.el, el)
      if (!selfClosing) {
        stack.push({ el, qname, scope: elScope })
        scope = elScope
      }
      i = close + 1
    }
  }
  if (stack.length > 0 || root === null) throw bad('The response ends before its root closes.')
  return root
}

const NO_CHILDREN: readonly XmlElement[] = Object.freeze([])

function isBlank(text: string): boolean {
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k)
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return false
  }
  return true
}

// Indentation before the first child is not content: dropped once the element turns out to hold markup.
function addChild(parent: XmlElement, child: XmlElement): void {
  if (parent.children.length === 0) {
    if (isBlank(parent.text)) parent.text = ''
    parent.children = [child]
  } else (parent.children as XmlElement[]).push(child)
}

function tagEnd(xml: string, lt: number): number {
  let quote = 0
  for (let j = lt + 1; j < xml.length; j++) {
    const c = xml.charCodeAt(j)
    if (quote !== 0) {
      if (c === quote) quote = 0
    } else if (c === 34 || c === 39) quote = c
    else if (c === 62) return j
  }
  throw bad('Unterminated start tag.')
}

function readAttrs(text: string): [string, string][] {
  const out: [string, string][] = []
  ATTR.lastIndex = 0
  let m: RegExpExecArray | null
  while ((m = ATTR.exec(text)) !== null) {
    const name = m[1] ?? ''
    out.push([name, decodeEntities(m[2] ?? m[3] ?? '')])
  }
  return out
}

function declare(scope: Map<string, string>, attrs: [string, string][]): Map<string, string> {
  let next: Map<string, string> | null = null
  for (const [name, value] of attrs) {
    if (name === 'xmlns' || name.startsWith('xmlns:')) {
      next ??= new Map(scope)
      next.set(name === 'xmlns' ? '' : name.slice(6), value)
    }
  }
  return next ?? scope
}

function resolve(qname: string, scope: Map<string, string>): { local: string; ns: string } {
  const colon = qname.indexOf(':')
  const prefix = colon === -1 ? '' : qname.slice(0, colon)
  const ns = scope.get(prefix)
  if (ns === undefined) throw bad(`Unbound namespace prefix in <${qname}>.`)
  return { local: colon === -1 ? qname : qname.slice(colon + 1), ns }
}

function makeElement(
  qname: string,
  attrs: [string, string][] | null,
  scope: Map<string, string>
): XmlElement {
  const { local, ns } = resolve(qname, scope)
  let nil = false
  if (attrs !== null) {
    for (const [name, value] of attrs) {
      if (name === 'xmlns' || name.startsWith('xmlns:') || !name.includes(':')) continue
      const a = resolve(name, scope)
      if (a.ns === XSI_NS && a.local === 'nil')
        nil = value.trim() === 'true' || value.trim() === '1'
      else if (a.ns === XMLNS_NS) throw bad('Reserved namespace used as an attribute.')
    }
  }
  return { local, ns, children: NO_CHILDREN, text: '', nil, attrs }
}
