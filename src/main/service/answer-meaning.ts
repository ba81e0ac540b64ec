import { AppError } from '../../shared/errors'
import type { ErrorDetail } from '../../shared/errors'

/**
 * What a service's own words mean (docs/protocol.md §4, §5): its refusals are recognised by the
 * words they contain, whatever their case, punctuation or trailing text (`Invalid userHash`,
 * `API limit exceeded (100 calls per day)`), and each kind is told to the user in one fixed
 * sentence, never in the service's words (those stay in the error's detail).
 */

/** The refusals Studbook acts on: each has its own way out (a new key, signing in, waiting). */
type Refusal = 'invalid_key' | 'invalid_user_hash' | 'invalid_credentials' | 'limit_exceeded'

/** The one sentence each refusal is told with. */
const WORDING: Readonly<Record<Refusal, string>> = {
  invalid_key: 'The API key was refused.',
  invalid_user_hash: 'The sign-in is no longer valid.',
  invalid_credentials: 'The user name or password is wrong.',
  limit_exceeded: 'The daily allowance of the API key is used up.'
}

/**
 * Each refusal by the words its message must all contain, first match wins: a message naming a
 * password is about the sign-in form even when it says "user"; "key" alone (never "keyword") is
 * the API key.
 */
const RULES: readonly (readonly [Refusal, readonly string[]])[] = [
  ['limit_exceeded', ['api', 'limit', 'exceeded']],
  ['invalid_credentials', ['invalid', 'password']],
  ['invalid_user_hash', ['invalid', 'user', 'hash']],
  ['invalid_key', ['invalid', 'key']]
]

/** Text as lower-case words; the service's run-together names (`userHash`, `INVALIDKEY`) split. */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/userhash/g, 'user hash')
    .replace(/username/g, 'user name')
    .replace(/apikey/g, 'api key')
    .replace(/invalidkey/g, 'invalid key')
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '')
}

/** The refusal a message names by its words, or null for any other message. */
export function refusalIn(message: string): Refusal | null {
  const words = new Set(wordsOf(message))
  for (const [kind, needed] of RULES) if (needed.every((w) => words.has(w))) return kind
  return null
}

/**
 * The refusal a whole answer is, word for word (`INVALIDKEY`, `invalid API key`, `API limit
 * exceeded`): for answers that may also be a value (a userHash, a user name), where a value that
 * merely contains such words is still a value.
 */
export function refusalAsWhole(text: string): Refusal | null {
  const words = wordsOf(text)
  for (const [kind, needed] of RULES) {
    const extra = words.filter((w) => !needed.includes(w))
    // "Invalid API key": the one word beyond a rule's that names the same thing.
    if (needed.every((w) => words.includes(w)) && extra.every((w) => w === 'api')) return kind
  }
  return null
}

/** The refusal as the AppError the app acts on, in its fixed words; the service's kept as reason. */
export function refusalError(kind: Refusal, detail: ErrorDetail): AppError {
  return new AppError(kind, WORDING[kind], detail)
}

/** Whether an acknowledgement says yes: `OK` first, then anything (`OK (v2)`, `OK.`), any case. */
export function saysOk(text: string): boolean {
  return /^ok(?![a-z0-9])/i.test(text.trim())
}
