import { AppError } from '../../shared/errors'
import { isNameChar, isNameStart } from './xml-names'

/**
 * The lexical pieces of XML 1.0 with namespaces, each read strictly and in one forward pass from
 * an index, so a document of any shape costs time in proportion to its length. Every reader
 * returns the index just after what it read and throws bad_xml where a strict parser would stop.
 */

export function bad(message: string): AppError {
  return new AppError('bad_xml', message)
}

const LT = 60
const AMP = 38
const SEMI = 59
const COLON = 58
const HASH = 35

/** XML's white space: space, tab, LF and CR only (no-break space and the like are text). */
export function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9
}

export function skipSpace(xml: string, i: number): number {
  while (isSpace(xml.charCodeAt(i))) i++
  return i
}

/** End of the name without a colon that starts at `i`; `i` itself when none starts there. */
function ncNameEnd(xml: string, i: number): number {
  if (!isNameStart(xml.charCodeAt(i))) return i
  let j = i + 1
  while (isNameChar(xml.charCodeAt(j))) j++
  return j
}

/** End of the element or attribute name (`local` or `prefix:local`) that starts at `i`. */
export function qNameEnd(xml: string, i: number): number {
  const end = ncNameEnd(xml, i)
  if (end === i) throw bad(`A name is missing or starts with a character names cannot at ${i}.`)
  if (xml.charCodeAt(end) !== COLON) return end
  const local = ncNameEnd(xml, end + 1)
  if (local === end + 1 || xml.charCodeAt(local) === COLON) {
    throw bad(`A name has an empty or doubled colon part at ${end}.`)
  }
  return local
}

function isXmlCodePoint(cp: number): boolean {
  return (
    cp === 0x9 ||
    cp === 0xa ||
    cp === 0xd ||
    (cp >= 0x20 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0x10ffff)
  )
}

function digitOf(c: number, hex: boolean): number {
  if (c >= 48 && c <= 57) return c - 48
  if (hex && c >= 97 && c <= 102) return c - 87
  if (hex && c >= 65 && c <= 70) return c - 55
  return -1
}

/** Without a DTD only these five are declared; `&nbsp;` and the like are undefined (not kept). */
const PREDEFINED = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"]
])

/** The text of the reference at `xml[i] === '&'` and the index after its `;`. */
export function readReference(xml: string, i: number): [string, number] {
  let j = i + 1
  if (xml.charCodeAt(j) === HASH) {
    const hex = xml.charCodeAt(j + 1) === 120 /* x */
    j += hex ? 2 : 1
    const from = j
    let cp = 0
    for (let d = digitOf(xml.charCodeAt(j), hex); d !== -1; d = digitOf(xml.charCodeAt(j), hex)) {
      // Leading zeros are allowed, so the length is not bounded; the value stops growing instead.
      if (cp <= 0x10ffff) cp = cp * (hex ? 16 : 10) + d
      j++
    }
    if (j === from || xml.charCodeAt(j) !== SEMI)
      throw bad(`Malformed character reference at ${i}.`)
    if (!isXmlCodePoint(cp)) throw bad('The response refers to a character XML does not allow.')
    return [String.fromCodePoint(cp), j + 1]
  }
  const end = ncNameEnd(xml, j)
  if (end === j || xml.charCodeAt(end) !== SEMI) throw bad(`A bare & at ${i} is not a reference.`)
  const value = PREDEFINED.get(xml.slice(j, end))
  if (value === undefined) throw bad(`The response uses an undefined entity at ${i}.`)
  return [value, end + 1]
}

/**
 * The quoted attribute value at `xml[i]`, references decoded and literal white space read as
 * spaces (XML attribute-value normalisation), and the index after the closing quote.
 */
export function readAttValue(xml: string, i: number): [string, number] {
  const quote = xml.charCodeAt(i)
  if (quote !== 34 && quote !== 39) throw bad(`An attribute value is not quoted at ${i}.`)
  let out = ''
  let from = i + 1
  let j = from
  for (;;) {
    const c = xml.charCodeAt(j)
    if (c === quote) break
    if (Number.isNaN(c)) throw bad('An attribute value is not closed.')
    if (c === LT) throw bad(`A < inside an attribute value at ${j}.`)
    if (c === AMP) {
      const [text, next] = readReference(xml, j)
      out += xml.slice(from, j) + text
      j = from = next
    } else if (c === 13 || c === 10 || c === 9) {
      out += xml.slice(from, j) + ' '
      j += c === 13 && xml.charCodeAt(j + 1) === 10 ? 2 : 1
      from = j
    } else j++
  }
  return [out + xml.slice(from, j), j + 1]
}

/** Index after the comment starting at `i` (`<!--`); `--` may only end it. */
export function skipComment(xml: string, i: number): number {
  const dashes = xml.indexOf('--', i + 4)
  if (dashes === -1) throw bad('Unterminated comment.')
  if (xml.charCodeAt(dashes + 2) !== 62 /* > */) throw bad(`A comment holds -- at ${dashes}.`)
  return dashes + 3
}

/** End of the target name of the processing instruction starting at `i` (`<?`). */
export function piTargetEnd(xml: string, i: number): number {
  return ncNameEnd(xml, i + 2)
}

/** Index after the processing instruction starting at `i`; its target may not be `xml` here. */
export function skipPi(xml: string, i: number): number {
  const end = piTargetEnd(xml, i)
  if (end === i + 2) throw bad(`A processing instruction has no target at ${i}.`)
  if (xml.slice(i + 2, end).toLowerCase() === 'xml') {
    throw bad('An XML declaration may only open the response.')
  }
  if (xml.startsWith('?>', end)) return end + 2
  if (!isSpace(xml.charCodeAt(end))) throw bad(`A malformed processing instruction at ${i}.`)
  const close = xml.indexOf('?>', end)
  if (close === -1) throw bad('Unterminated processing instruction.')
  return close + 2
}

/** Index after the CDATA section starting at `i` (`<![CDATA[`) and its raw text. */
export function readCdata(xml: string, i: number): [string, number] {
  const close = xml.indexOf(']]>', i + 9)
  if (close === -1) throw bad('Unterminated CDATA section.')
  return [xml.slice(i + 9, close), close + 3]
}
