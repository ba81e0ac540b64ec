import { listConditions, replaceConditions } from '../catalogue/index'
import type { Store } from '../store/connection'
import type { Profiles } from '../account/index'

/** `Used - complete`, `UsedComplete` and `used complete` are the same condition. */
const canonical = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')

/** The entry of `list` a condition written another way means; null when none does. */
export function mapCondition(text: string, list: readonly string[]): string | null {
  const key = canonical(text)
  if (key === '') return ''
  return list.find((c) => canonical(c) === key) ?? null
}

/**
 * The service's own list of acquisition conditions (getCollectionDetailConditions): the cached
 * list, else asked for and cached. Empty when neither is available (offline before the first ask).
 */
export async function acquiredConditions(
  store: Store,
  profiles: Pick<Profiles, 'active' | 'client'>
): Promise<readonly string[]> {
  const id = profiles.active().id
  const cached = listConditions(store.read, id, 'acquired')
  if (cached) return cached
  try {
    const r = await profiles.client().v2.getCollectionDetailConditions({ which: 'acquired' })
    const list = r.map((c) => c.condition ?? '').filter((c) => c !== '')
    if (list.length > 0) replaceConditions(store.write, id, 'acquired', list)
    return list
  } catch {
    return []
  }
}
