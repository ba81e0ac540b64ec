import { raw } from '../store/sql'
import type { Sql } from '../store/sql'
import type { SetStateSql, SetStateText } from './set-state-port'

/**
 * The SetStateSql port as plain text and back, for the facet worker's workerData: a fragment
 * carries a symbol brand, which structured clone drops, and the port's fragments have no
 * parameters, so the text is the whole of each.
 */
const KEYS = [
  'setsWithState',
  'stateThenSets',
  'stateWithSets',
  'joinState',
  'leftJoinState',
  'stateColumns',
  'profileId',
  'setId',
  'owned',
  'wanted',
  'flags',
  'isOwned',
  'notOwned',
  'isWanted',
  'notWanted'
] as const satisfies readonly (keyof SetStateSql)[]

/** Returned as the port's full record: a member KEYS leaves out fails to compile here. */
type Key = (typeof KEYS)[number]

export function stateText(state: SetStateSql): SetStateText {
  const out = {} as Record<Key, string>
  for (const k of KEYS) {
    if (state[k].params.length > 0) throw new Error(`SetStateSql.${k} carries parameters`)
    out[k] = state[k].text
  }
  return out
}

export function stateFromText(text: SetStateText): SetStateSql {
  const out = {} as Record<Key, Sql>
  for (const k of KEYS) out[k] = raw(text[k])
  return out
}
