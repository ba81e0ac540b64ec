import { AppError } from '../../shared/errors'

/**
 * Characters XML 1.0 cannot carry at all (C0 controls other than tab/LF/CR, U+FFFE/U+FFFF) and lone
 * surrogates. Outgoing text containing one is refused before anything is sent.
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

/** XML end-of-line handling: a literal CR or CRLF in text reads as LF (references are kept). */
export function normalizeNewlines(raw: string): string {
  return raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw
}
