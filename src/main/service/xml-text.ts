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

const ENTITY = /&(?:#x([0-9a-fA-F]{1,8})|#([0-9]{1,10})|(amp|lt|gt|quot|apos));/g
const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'"
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

/**
 * Decodes the five XML entities and numeric references (astral planes included). Anything else that
 * looks like an entity (`&nbsp;`) is an HTML name XML does not define: it is kept as written.
 */
export function decodeEntities(raw: string): string {
  if (!raw.includes('&')) return raw
  return raw.replace(
    ENTITY,
    (_m, hex: string | undefined, dec: string | undefined, name?: string) => {
      if (name !== undefined) return NAMED[name] ?? ''
      const cp = hex !== undefined ? parseInt(hex, 16) : parseInt(dec ?? '', 10)
      if (!isXmlCodePoint(cp)) {
        throw new AppError('bad_xml', 'The response refers to a character XML does not allow.')
      }
      return String.fromCodePoint(cp)
    }
  )
}

/** XML end-of-line handling: a literal CR or CRLF in text reads as LF (references are kept). */
export function normalizeNewlines(raw: string): string {
  return raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw
}
