import { bad, isSpace } from './xml-scan'

/**
 * The XML declaration (`<?xml version=… encoding=… standalone=…?>`), read as strictly as expat
 * reads it: pseudo-attributes in that order, version first, each after white space, values of
 * letters, digits, `.`, `_` and `-` only. The encoding name is checked for form, not obeyed: the
 * body was already read as UTF-8 (transport.ts), so it is never reinterpreted (docs/protocol.md §8a).
 */
export function readXmlDecl(xml: string, i: number): number {
  const close = xml.indexOf('?>', i + 5)
  if (close === -1) throw bad('Unterminated XML declaration.')
  const pairs = pseudoAttributes(xml.slice(i + 5, close))
  const order = ['version', 'encoding', 'standalone']
  let at = 0
  for (const [name, value] of pairs) {
    const k = order.indexOf(name, at)
    if (k === -1 || (at === 0 && k !== 0)) throw bad(`The XML declaration is malformed at ${name}.`)
    at = k + 1
    if (name === 'encoding' && !/^[A-Za-z]/.test(value)) throw bad('A malformed encoding name.')
    if (name === 'standalone' && value !== 'yes' && value !== 'no') {
      throw bad('A malformed standalone value.')
    }
  }
  if (at === 0) throw bad('The XML declaration has no version.')
  return close + 2
}

const VALUE_CHAR = /^[A-Za-z0-9._-]*$/

function pseudoAttributes(body: string): [string, string][] {
  const out: [string, string][] = []
  let p = 0
  for (;;) {
    if (p === body.length) return out
    if (!isSpace(body.charCodeAt(p))) throw bad('The XML declaration needs a space here.')
    while (isSpace(body.charCodeAt(p))) p++
    if (p === body.length) return out
    const eq = body.indexOf('=', p)
    if (eq === -1) throw bad('The XML declaration is malformed.')
    let nameEnd = eq
    while (isSpace(body.charCodeAt(nameEnd - 1))) nameEnd--
    const name = body.slice(p, nameEnd)
    if (name === '' || /[^\x21-\x7e]/.test(name)) throw bad('The XML declaration is malformed.')
    p = eq + 1
    while (isSpace(body.charCodeAt(p))) p++
    const quote = body[p]
    if (quote !== '"' && quote !== "'") throw bad('The XML declaration is malformed.')
    const end = body.indexOf(quote, p + 1)
    const value = end === -1 ? '' : body.slice(p + 1, end)
    if (end === -1 || !VALUE_CHAR.test(value)) throw bad('The XML declaration is malformed.')
    out.push([name, value])
    p = end + 1
  }
}
