/** Parameter names whose values are secrets (the earlier service's login names its password `p`). */
export const SECRET_PARAMS = ['apiKey', 'userHash', 'password', 'p'] as const

const MASK = '***'
const NAMES = SECRET_PARAMS.join('|')
// Query strings and forms: name=value up to the next separator.
const IN_QUERY = new RegExp(`(^|[?&])(${NAMES})=[^&#\\s]*`, 'gi')
// XML elements, with or without a prefix.
const IN_XML = new RegExp(`<((?:[\\w.-]+:)?(?:${NAMES}))(\\s[^>]*)?>[^<]*</\\1>`, 'g')

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * Removes secrets from text bound for a log or an error: by parameter name in URLs, forms and
 * envelopes, and by value wherever a known secret appears (a server may echo one back).
 */
export function redact(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = text.replace(IN_QUERY, `$1$2=${MASK}`).replace(IN_XML, `<$1$2>${MASK}</$1>`)
  for (const s of secrets) {
    if (s !== undefined && s.length >= 3) {
      out = out.replace(new RegExp(escapeRegExp(s), 'g'), MASK)
      const encoded = encodeURIComponent(s)
      if (encoded !== s) out = out.replace(new RegExp(escapeRegExp(encoded), 'g'), MASK)
    }
  }
  return out
}
