import { XSI_NS } from './bindings'
import { readXmlDecl } from './xml-decl'
import { ROOT_SCOPE, declare, resolve } from './xml-namespaces'
import type { Scope } from './xml-namespaces'
import {
  bad,
  isSpace,
  piTargetEnd,
  qNameEnd,
  readAttValue,
  readCdata,
  readReference,
  skipComment,
  skipPi,
  skipSpace
} from './xml-scan'
import { findNonXmlChar, normalizeNewlines } from './xml-text'

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

type Attr = readonly [string, string]

interface Open {
  readonly el: XmlElement
  readonly qname: string
  readonly scope: Scope
}

/**
 * Parses a response body strictly, in one linear pass: the whole of XML 1.0 well-formedness with
 * namespaces, as expat judges it (test/service/well-formed-differential.test.ts), into a small
 * namespace-resolved tree. A DOCTYPE is refused (no entities, no external anything) and so is
 * nesting deeper than any answer needs.
 */
export function parseXml(xml: string): XmlElement {
  const badChar = findNonXmlChar(xml)
  if (badChar !== -1) throw bad(`The response holds a character XML forbids at ${badChar}.`)
  let i = xml.charCodeAt(0) === 0xfeff ? 1 : 0
  if (xml.startsWith('<?xml', i) && piTargetEnd(xml, i) === i + 5) i = readXmlDecl(xml, i)
  i = misc(xml, i, true)
  if (i >= xml.length) throw bad('The response holds no element.')
  const [root, after] = readElement(xml, i)
  if (misc(xml, after, false) < xml.length) throw bad('The response has more after its root.')
  return root
}

/** Skips white space, comments and processing instructions; stops at anything else. */
function misc(xml: string, i: number, prolog: boolean): number {
  for (;;) {
    i = skipSpace(xml, i)
    if (xml.startsWith('<!--', i)) i = skipComment(xml, i)
    else if (xml.startsWith('<?', i)) i = skipPi(xml, i)
    else if (i >= xml.length) return i
    else if (!prolog) return i
    else if (xml.startsWith('<!DOCTYPE', i)) {
      throw bad('The response declares a DOCTYPE or entities.')
    } else if (xml.charCodeAt(i) !== 60) throw bad('The response has text outside its root.')
    else return i
  }
}

/** The element starting at `xml[i] === '<'` with everything inside it, and the index after it. */
function readElement(xml: string, i: number): [XmlElement, number] {
  const stack: Open[] = []
  let root: XmlElement | null = null
  let text = ''
  let blank = true
  // Indentation before the first child is not content: dropped once the element holds markup.
  const flush = (): void => {
    const top = stack[stack.length - 1]
    if (top !== undefined && (top.el.children.length === 0 || !blank)) top.el.text += text
    text = ''
    blank = true
  }
  for (;;) {
    const c = xml.charCodeAt(i)
    if (c === 60 /* < */) {
      flush()
      const next = xml.charCodeAt(i + 1)
      if (next === 47 /* / */) {
        const end = qNameEnd(xml, i + 2)
        const close = skipSpace(xml, end)
        const top = stack.pop()
        if (xml.charCodeAt(close) !== 62) throw bad(`A malformed end tag at ${i}.`)
        if (top?.qname !== xml.slice(i + 2, end)) throw bad(`Mismatched end tag at ${i}.`)
        i = close + 1
        if (stack.length === 0) return [top.el, i]
      } else if (next === 33 /* ! */ && stack.length > 0) {
        if (xml.startsWith('<!--', i)) i = skipComment(xml, i)
        else if (xml.startsWith('<![CDATA[', i)) {
          const [raw, after] = readCdata(xml, i)
          const top = stack[stack.length - 1] as Open
          top.el.text += normalizeNewlines(raw)
          i = after
        } else throw bad(`A markup declaration inside the response at ${i}.`)
      } else if (next === 63 /* ? */ && stack.length > 0) {
        i = skipPi(xml, i)
      } else {
        if (stack.length >= MAX_DEPTH) throw bad('The response nests elements too deeply.')
        const parent = stack[stack.length - 1]
        const tag = readStartTag(xml, i, parent?.scope ?? ROOT_SCOPE)
        if (parent === undefined) root = tag.el
        else addChild(parent.el, tag.el)
        i = tag.end
        if (!tag.empty) stack.push({ el: tag.el, qname: tag.qname, scope: tag.scope })
        else if (parent === undefined) return [tag.el, i]
      }
    } else if (Number.isNaN(c)) {
      throw bad(root === null ? 'The response holds no element.' : 'The response ends early.')
    } else if (c === 38 /* & */) {
      const [value, after] = readReference(xml, i)
      text += value
      blank = false
      i = after
    } else if (c === 13 /* CR */) {
      // XML end-of-line handling: a literal CR or CR LF reads as LF (references are kept).
      text += '\n'
      i += xml.charCodeAt(i + 1) === 10 ? 2 : 1
    } else {
      // Plain text runs up to the next character that means something.
      let j = i
      for (let d = c; d !== 60 && d !== 38 && d !== 13 && !Number.isNaN(d);) {
        if (d === 93 /* ] */ && xml.startsWith(']]>', j)) throw bad(`A ]]> in text at ${j}.`)
        if (blank && !isSpace(d)) blank = false
        d = xml.charCodeAt(++j)
      }
      text += xml.slice(i, j)
      i = j
    }
  }
}

interface StartTag {
  readonly el: XmlElement
  readonly qname: string
  readonly scope: Scope
  readonly empty: boolean
  readonly end: number
}

function readStartTag(xml: string, i: number, parentScope: Scope): StartTag {
  const nameEnd = qNameEnd(xml, i + 1)
  const qname = xml.slice(i + 1, nameEnd)
  const attrs: Attr[] = []
  let j = nameEnd
  for (;;) {
    const spaced = isSpace(xml.charCodeAt(j))
    j = skipSpace(xml, j)
    const c = xml.charCodeAt(j)
    if (c === 62 /* > */ || (c === 47 /* / */ && xml.charCodeAt(j + 1) === 62)) break
    if (!spaced) throw bad(`A malformed start tag at ${j}.`)
    const end = qNameEnd(xml, j)
    const name = xml.slice(j, end)
    j = skipSpace(xml, end)
    if (xml.charCodeAt(j) !== 61 /* = */) throw bad(`An attribute without a value at ${j}.`)
    const [value, after] = readAttValue(xml, skipSpace(xml, j + 1))
    attrs.push([name, value])
    j = after
  }
  const empty = xml.charCodeAt(j) === 47
  const scope = attrs.length === 0 ? parentScope : declare(parentScope, attrs)
  const el = makeElement(qname, attrs.length === 0 ? null : attrs, scope)
  return { el, qname, scope, empty, end: j + (empty ? 2 : 1) }
}

function addChild(parent: XmlElement, child: XmlElement): void {
  if (parent.children.length === 0) {
    if (isBlank(parent.text)) parent.text = ''
    parent.children = [child]
  } else (parent.children as XmlElement[]).push(child)
}

function isBlank(text: string): boolean {
  for (let k = 0; k < text.length; k++) if (!isSpace(text.charCodeAt(k))) return false
  return true
}

function makeElement(qname: string, attrs: Attr[] | null, scope: Scope): XmlElement {
  const { local, ns } = resolve(qname, scope, false)
  let nil = false
  if (attrs !== null) {
    const seen = new Set<string>()
    for (const [name, value] of attrs) {
      if (seen.has(name)) throw bad(`The attribute ${name} is repeated.`)
      seen.add(name)
      if (name === 'xmlns' || name.startsWith('xmlns:')) continue
      const a = resolve(name, scope, true)
      // Two prefixes for one namespace still name the same attribute.
      const expanded = `${a.ns}\u0000${a.local}`
      if (a.ns !== '' && seen.has(expanded)) throw bad(`The attribute ${name} is repeated.`)
      seen.add(expanded)
      if (a.ns === XSI_NS && a.local === 'nil')
        nil = value.trim() === 'true' || value.trim() === '1'
    }
  }
  return { local, ns, children: NO_CHILDREN, text: '', nil, attrs }
}

const NO_CHILDREN: readonly XmlElement[] = Object.freeze([])
