import type { ChannelName } from './contract'

/**
 * Channels that only read, by the contract's naming rule: the verb is `get`, `list` or `search`
 * (`catalog:getSet`, `views:list`, `catalog:search`). Sent twice they answer alike and change
 * nothing a user keeps, so a client may send one again when the connection dropped before the
 * answer came; a write never is (it may have been done). test/ipc/idempotent-reads.test.ts runs
 * each such channel twice against the app and holds every other name to a write's verb.
 */
export function isIdempotentRead(channel: ChannelName): boolean {
  return /^[a-z]+:(get|list|search)(?![a-z])/.test(channel)
}
