import type { Args, Call } from './context'
import { userByHash, validKey } from './context'
import type { Handler } from './ops-v2-read'
import type { OpResult } from './results'
import type { UserData } from './state'

/** v3 answer shapes (docs/protocol.md §5), shared by the v3 handler files that take no `params`. */

const json = (body: unknown): OpResult => ({ kind: 'json', body })
export const fail = (message: string): OpResult => json({ status: 'error', message })
export const success = (extra: Readonly<Record<string, unknown>> = {}): OpResult =>
  json({ status: 'success', ...extra })

/** A list answer: production puts the list's length beside it as `matches`. */
export const listed = (key: string, items: readonly unknown[]): OpResult =>
  success({ matches: items.length, [key]: items })

/** The key is checked before anything else, as production does. */
export function keyed(fn: Handler): Handler {
  return (call, a) => (validKey(call, a.str('apiKey')) ? fn(call, a) : fail('Invalid API key'))
}

/** Key first, then the userHash. */
export function userKeyed(fn: (call: Call, a: Args, user: UserData) => OpResult): Handler {
  return keyed((call, a) => {
    const user = userByHash(call, a.str('userHash'))
    return user ? fn(call, a, user) : fail('Invalid user hash')
  })
}
