import { XSI_NS } from './bindings'
import { readXmlDecl } from './xml-decl'
import { ROOT_SCOPE, declare, namespaceOf } from './xml-namespaces'
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

export type Attr = readonly [string, string]

/**
 * What the parser reports, in document order. A handler may throw to stop the parse; it sees only
 * well-formed prefixes of the document, and the parse goes on to the end unless it throws, so a
 * handler that keeps its own complaints until the end still has every well-formedness error first.
 */
export interface XmlHandler {
  /** An element starts, namespace resolved; `nil` when it carries xsi:nil="true" (or "1"). */
  open(local: string, ns: string, nil: boolean, attrs: readonly Attr[] | null): void
  /** Character data since the last markup, references decoded; `blank` when only XML white space. */
  text(text: string, blank: boolean): void
  /** The text of a CDATA section, newlines normalised. */
  cdata(text: string): void
  /** The innermost open element ends. */
  close(): void
}

/** Deepest nesting any response of the interface needs is 7; anything far deeper is hostile. */
const MAX_DEPTH = 64

/**
 * Parses a response body strictly, in one linear pass: the whole of XML 1.0 well-formedness with
 * namespaces, as expat judges it (test/service/well-formed-differential.test.ts), reported to a
 * handler as it goes, with no tree of its own. A DOCTYPE is refused (no entities, no external
 * anything) and so is nesting deeper than any answer needs.
 */
export function parseXmlWith(xml: string, handler: XmlHandler): void {
  const badChar = findNonXmlChar(xml)
  if (badChar !== -1) throw bad(`The response holds a character XML forbids at ${badChar}.`)
  let i = xml.charCodeAt(0) === 0xfeff ? 1 : 0
  if (xml.startsWith('<?xml', i) && piTargetEnd(xml, i) === i + 5) i = readXmlDecl(xml, i)
  i = misc(xml, i, true)
  if (i >= xml.length) throw bad('The response holds no element.')
  const after = readElement(xml, i, handler)
  if (misc(xml, after, false) < xml.length) throw bad('The response has more after its root.')
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

/** Below 94, the characters a run of plain text stops at (`<`, `&`, CR) or looks at (`]`). */
const TEXT_STOP = new Uint8Array(94)
for (const c of [60, 38, 13, 93]) TEXT_STOP[c] = 1

/** The element starting at `xml[i] === '<'` with everything inside it; the index after it. */
function readElement(xml: string, i: number, h: XmlHandler): number {
  // Open elements as parallel stacks (no object per element): qualified name and prefix scope.
  const qnames: string[] = []
  const scopes: Scope[] = []
  let text = ''
  let blank = true
  for (;;) {
    const c = xml.charCodeAt(i)
    if (c === 60 /* < */) {
      if (text !== '') {
        h.text(text, blank)
        text = ''
        blank = true
      }
      const next = xml.charCodeAt(i + 1)
      if (next === 47 /* / */) {
        const qname = qnames.pop()
        scopes.pop()
        const fast = qname === undefined ? -1 : i + 2 + qname.length
        if (qname !== undefined && xml.charCodeAt(fast) === 62 && xml.startsWith(qname, i + 2)) {
          // `</name>` right after its own name: the open tag's name, already checked as a name.
          i = fast + 1
        } else {
          const end = qNameEnd(xml, i + 2)
          const close = skipSpace(xml, end)
          if (xml.charCodeAt(close) !== 62) throw bad(`A malformed end tag at ${i}.`)
          if (
            qname === undefined ||
            end - i - 2 !== qname.length ||
            !xml.startsWith(qname, i + 2)
          ) {
            throw bad(`Mismatched end tag at ${i}.`)
          }
          i = close + 1
        }
        h.close()
        if (qnames.length === 0) return i
      } else if (next === 33 /* ! */ && qnames.length > 0) {
        if (xml.startsWith('<!--', i)) i = skipComment(xml, i)
        else if (xml.startsWith('<![CDATA[', i)) {
          const [raw, after] = readCdata(xml, i)
          h.cdata(normalizeNewlines(raw))
          i = after
        } else throw bad(`A markup declaration inside the response at ${i}.`)
      } else if (next === 63 /* ? */ && qnames.length > 0) {
        i = skipPi(xml, i)
      } else {
        if (qnames.length >= MAX_DEPTH) throw bad('The response nests elements too deeply.')
        i = readStartTag(xml, i, scopes[scopes.length - 1] ?? ROOT_SCOPE, h)
        if (tagEmpty) {
          h.close()
          if (qnames.length === 0) return i
        } else {
          qnames.push(tagName)
          scopes.push(tagScope)
        }
      }
    } else if (Number.isNaN(c)) {
      throw bad('The response ends early.')
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
      for (let d = c; ; d = xml.charCodeAt(++j)) {
        if (d < 94 && TEXT_STOP[d] === 1) {
          if (d !== 93 /* ] */) break
          if (xml.startsWith(']]>', j)) throw bad(`A ]]> in text at ${j}.`)
        } else if (Number.isNaN(d)) break // the end of the document
        if (blank && !isSpace(d)) blank = false
      }
      text += xml.slice(i, j)
      i = j
    }
  }
}

// What readStartTag read besides its end index: kept here so a start tag allocates no result.
let tagName = ''
let tagScope: Scope = ROOT_SCOPE
let tagEmpty = false

/** Reads the start tag at `i`, reports it to the handler and returns the index after it. */
function readStartTag(xml: string, i: number, parentScope: Scope, h: XmlHandler): number {
  const nameEnd = qNameEnd(xml, i + 1)
  const qname = xml.slice(i + 1, nameEnd)
  let attrs: Attr[] | null = null
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
    ;(attrs ??= []).push([name, value])
    j = after
  }
  tagEmpty = xml.charCodeAt(j) === 47
  tagScope = attrs === null ? parentScope : declare(parentScope, attrs)
  tagName = qname
  const colon = qname.indexOf(':')
  const ns = namespaceOf(qname, colon, tagScope, false)
  const local = colon === -1 ? qname : qname.slice(colon + 1)
  h.open(local, ns, attrs !== null && checkAttrs(attrs, tagScope), attrs)
  return j + (tagEmpty ? 2 : 1)
}

/** Refuses repeated attributes (also under two prefixes of one namespace); true for xsi:nil. */
function checkAttrs(attrs: readonly Attr[], scope: Scope): boolean {
  let nil = false
  const seen = new Set<string>()
  for (const [name, value] of attrs) {
    if (seen.has(name)) throw bad(`The attribute ${name} is repeated.`)
    seen.add(name)
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue
    const colon = name.indexOf(':')
    const ns = namespaceOf(name, colon, scope, true)
    const local = colon === -1 ? name : name.slice(colon + 1)
    // Two prefixes for one namespace still name the same attribute.
    const expanded = `${ns}\u0000${local}`
    if (ns !== '' && seen.has(expanded)) throw bad(`The attribute ${name} is repeated.`)
    seen.add(expanded)
    if (ns === XSI_NS && local === 'nil') nil = value.trim() === 'true' || value.trim() === '1'
  }
  return nil
}
