import { join } from 'node:path'
import Database from 'better-sqlite3'
import { beforeAll, describe, expect, it } from 'vitest'
import { dispatch } from '../../src/main/ipc/dispatch'
import { CHANNEL_NAMES } from '../../src/shared/ipc/contract'
import type { ChannelName } from '../../src/shared/ipc/contract'
import { isIdempotentRead } from '../../src/shared/ipc/reads'
import { browserApp } from './browser-app'

/**
 * The browser client sends a call once more when its connection dropped, if the contract names
 * it a read (`get`, `list`, `search`: src/shared/ipc/reads.ts). Here every such channel runs twice
 * against the app, on a collection with edits in it, and must answer alike and leave everything
 * the user keeps as it was; every other channel must be named with a verb that says it writes.
 */

const rig = browserApp('reads', 60)
const { dir, call } = rig
let setID = 0

/** Tables that hold what the user keeps (caches of the catalogue may fill on a read). */
const KEPT = [
  'copies',
  'flag_labels',
  'journal',
  'minifig_state',
  'outbox',
  'profiles',
  'saved_views',
  'set_state',
  'settings'
]

function kept(): string {
  const db = new Database(join(dir, 'studbook.db'), { readonly: true })
  try {
    return JSON.stringify(KEPT.map((t) => db.prepare(`SELECT * FROM ${t}`).all()))
  } finally {
    db.close()
  }
}

beforeAll(async () => {
  await rig.syncDemo()
  setID = (await call<{ rows: { setID: number }[] }>('catalog:search', { limit: 1 })).rows[0]
    ?.setID as number
  await call('collection:updateSet', { setID, patch: { owned: true, notes: 'kept' } })
  await call('views:save', { name: 'Mine', query: { text: '', scope: { kind: 'owned' } } })
  // The edit's background push changes its sync state: let it end first.
  while ((await call<unknown[]>('outbox:list', {})).length > 0) {
    await new Promise((r) => setTimeout(r, 50))
  }
})

/** An input each read takes; a new read channel needs one here, and is then checked. */
function sample(channel: ChannelName): unknown {
  const inputs: Partial<Record<ChannelName, unknown>> = {
    'catalog:listSubthemes': { theme: 'Space' },
    'catalog:getSet': { setID },
    'catalog:getSetExtras': { setID },
    'catalog:listConditions': { which: 'now' },
    'catalog:search': { text: '', facets: true },
    'collection:listCopies': { setID },
    'collection:listMinifigs': { filter: 'all' },
    'collection:listSetMinifigs': { setID },
    'collection:getMinifig': { minifigNumber: 'none-1' },
    'journal:list': { limit: 10 },
    'labels:list': { scope: 'owned' }
  }
  return inputs[channel] ?? {}
}

const READS = CHANNEL_NAMES.filter(isIdempotentRead)
const WRITE_VERB =
  /^[a-z]+:(update|save|delete|set|sign|use|test|recover|bulk|scan|undo|apply|backup|export|open|discard|resolve|retry|redo|start|cancel|rename|reorder)/

describe('reads the client may send twice', () => {
  it('the rule names no channel whose verb writes (a name it misses is just not sent again)', () => {
    expect(READS.length).toBeGreaterThan(10)
    for (const c of CHANNEL_NAMES.filter((c) => WRITE_VERB.test(c))) {
      expect(isIdempotentRead(c), c).toBe(false)
    }
    expect(isIdempotentRead('views:listing' as ChannelName)).toBe(false)
  })

  it.each(READS)('%s, sent twice, answers alike and changes nothing kept', async (channel) => {
    const before = kept()
    const first = await dispatch(rig.app.handlers, channel, sample(channel))
    const second = await dispatch(rig.app.handlers, channel, sample(channel))
    expect(first.ok ? 'ok' : first.error.code).toBe(second.ok ? 'ok' : second.error.code)
    // Extras come from the service and carry when they were fetched; the rest answer alike.
    if (channel !== 'catalog:getSetExtras') expect(second).toEqual(first)
    expect(kept()).toBe(before)
  })
})
