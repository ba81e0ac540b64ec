import { AppError } from '../../shared/errors'

/**
 * Characters XML 1.0 cannot carry at all (C0 controls other than tab/LF/CR, U+FFFE/U+FFFF) and lone
 * surrogates. Outgoing text containing one is refused before anything is sent (R-SOAP-5).
 */
const NOT_XML_CHAR =
  // eslint-disable-next-line no-control-regex -- matching the forbidden controls is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export function findNonXmlChar(text: string): number {
  const m = NOT_XML_CHAR.exec(text)
  return m === null ? -1 : m.index
}

/** Throws invalid_input naming the parameter when `text` holds a character XML cannot carry. */
export function assertXmlSafe(text: string, field: string, operation: string): void {
  const at = findNonXmlChar(text)
  if (at !== -1) {
    const code = text.charCodeAt(at).toString(16).toUpperCase().padStart(4, '0')
    throw new AppError(
      'invalid_input',
      `${field} contains a character that cannot be sent (U+${code} at position ${at}).`,
      { operation, field }
    )
  }
}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  // A raw CR would be folded into LF by the receiving parser (XML end-of-line handling).
  '\r': '&#xD;'
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"'\r]/g, (c) => ESCAPES[c] ?? c)
}

const NAMED = new Map<string, string>([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"]
])

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

/** The code point of `#123` / `#x7B` between `from` and `to` in `raw`, or -1 if it is not one. */
function charRef(raw: string, from: number, to: number): number {
  const hex = raw.charCodeAt(from + 1) === 120 /* x */
  let i = from + (hex ? 2 : 1)
  if (i >= to || to - i > 8) return -1
  let cp = 0
  for (; i < to; i++) {
    const c = raw.charCodeAt(i)
    let d: number
    if (c >= 48 && c <= 57) d = c - 48
    else if (hex && c >= 97 && c <= 102) d = c - 87
    else if (hex && c >= 65 && c <= 70) d = c - 55
    else return -1
    cp = cp * (hex ? 16 : 10) + d
  }
  if (!isXmlCodePoint(cp)) {
    throw new AppError('bad_xml', 'The response refers to a character XML does not allow.')
  }
  return cp
}

/**
 * Decodes the five XML entities and numeric references (astral planes included) in one linear
 * pass. Anything else that looks like an entity (`&nbsp;`) is an HTML name XML does not define: it
 * is kept as written.
 */
export function decodeEntities(raw: string): string {
  let amp = raw.indexOf('&')
  if (amp === -1) return raw
  let out = ''
  let from = 0
  while (amp !== -1) {
    const semi = raw.indexOf(';', amp + 1)
    if (semi === -1) break
    let value: string | null
    if (raw.charCodeAt(amp + 1) === 35 /* # */) {
      const cp = charRef(raw, amp + 1, semi)
      value = cp === -1 ? null : String.fromCodePoint(cp)
    } else {
      value = semi - amp > 5 ? null : (NAMED.get(raw.slice(amp + 1, semi)) ?? null)
    }
    if (value !== null) {
      out += raw.slice(from, amp) + value
      from = semi + 1
    }
    amp = raw.indexOf('&', value === null ? amp + 1 : semi + 1)
  }
  return out + raw.slice(from)
}

/** XML end-of-line handling: a literal CR or CRLF in text reads as LF (references are kept). */
export function normalizeNewlines(raw: string): string {
  return raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw
}
