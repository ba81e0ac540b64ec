import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createEventBus } from '../../src/main/ipc/event-bus'
import { createLedgerHandlers, followLedgerPurge, purgeLedger } from '../../src/main/ledger/index'
import { editHarness } from '../collection/harness'
import type { EditHarness } from '../collection/harness'
import { addCopy, table } from './ledger-seed'
import { waitUntil } from '../wait-until'

/**
 * A disposal undone and off the redo chain can never come back: after the next change of the
 * data it is purged, so a backup or full export does not carry it to a file whose journal would
 * not know it was undone. One still redoable stays.
 */

let h: EditHarness
beforeEach(async () => {
  h = await editHarness({ sets: [1, 2] })
})
afterEach(() => {
  h.close()
})

describe('purging undone disposals', () => {
  it('keeps a redoable one, purges it once a new edit ended the redo chain', async () => {
    const ledger = createLedgerHandlers({ ...h.deps, files: null })
    const events = createEventBus()
    const warnings: unknown[] = []
    const stop = followLedgerPurge({
      events,
      purge: () => purgeLedger(h.deps),
      warn: (_m, e) => warnings.push(e)
    })
    try {
      const a = await addCopy(h, 1)
      await ledger['ledger:applyDisposal']({
        setID: 1,
        localId: a,
        kind: 'lost',
        disposedOn: '2025-01-01',
        proceeds: 0,
        proceedsCurrency: '',
        note: '',
        deleteCopy: true
      })
      await h.handlers['journal:undo']({})
      // Still redoable: a change of the data purges nothing.
      expect(purgeLedger(h.deps)).toBe(0)
      await h.handlers['collection:updateSet']({ setID: 2, patch: { wanted: true } })
      events.emit('data:changed', { scope: 'collection', setIDs: [2] })
      await waitUntil(() => {
        expect(table(h, 'SELECT entry_id FROM ledger_entries')).toEqual([])
      })
      expect(warnings).toEqual([])
    } finally {
      stop()
    }
  })
})
