import { describe, expect, it } from 'vitest'
import { dispatch } from '../../src/main/ipc/dispatch'
import { CHANNEL_NAMES } from '../../src/shared/ipc/contract'
import type { ChannelName } from '../../src/shared/ipc/contract'
import { browserApp } from './browser-app'

const rig = browserApp('contract', 1000)

/** A valid input per channel that reads or changes nothing the test depends on. */
const SAMPLE: Partial<Record<ChannelName, unknown>> = {
  'catalog:listSubthemes': { theme: 'none' },
  'catalog:getSet': { setID: 1 },
  'catalog:getSetExtras': { setID: 1 },
  'catalog:listConditions': { which: 'now' },
  'collection:listCopies': { setID: 1 },
  'collection:listMinifigs': { filter: 'all' },
  'outbox:retry': { id: 999999 },
  'outbox:discard': { id: 999999 },
  'outbox:resolveConflict': { id: 999999, keep: 'mine' },
  'exchange:export': { format: 'rebrickable' },
  'exchange:previewImport': { format: 'rebrickable', content: 'Set Number,Quantity\n' },
  'exchange:applyImport': { previewId: 'none' },
  'exchange:previewRestore': { data: '', name: 'empty.studbook' },
  'exchange:applyRestore': { restoreId: 'none' }
}

const MUTATING = new Set<ChannelName>([
  'collection:updateSet',
  'collection:saveCopy',
  'collection:deleteCopy',
  'collection:updateMinifig',
  'flags:setLabel',
  'account:saveProfile',
  'account:useDemo',
  'account:signIn',
  'account:signOut',
  'sync:start',
  'sync:cancel',
  'journal:undo',
  'journal:redo'
])

describe('the contract is fully served', () => {
  it('has exactly one handler per channel, and no handler outside the contract', () => {
    expect(Object.keys(rig.app.handlers).sort()).toEqual([...CHANNEL_NAMES].sort())
    for (const name of CHANNEL_NAMES) expect(typeof rig.app.handlers[name], name).toBe('function')
  })

  it.each(CHANNEL_NAMES.filter((c) => !MUTATING.has(c)))(
    '%s answers with a value or a typed error, never "not available"',
    async (channel) => {
      const result = await dispatch(rig.app.handlers, channel, SAMPLE[channel] ?? {})
      if (!result.ok) {
        expect(result.error.code).not.toBe('internal')
        expect(result.error.message).not.toMatch(/not available/i)
      }
    }
  )
})
