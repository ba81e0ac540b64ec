import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, within } from '@testing-library/svelte'
import { setTransport } from '../../src/renderer/src/lib/api'
import type { BulkEditResultDto } from '../../src/shared/model/bulk'
import { SET_STATES_MAX } from '../../src/shared/model/collection'
import type { SetCollectionDto } from '../../src/shared/model/collection'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import { pick, openWholeList } from './result-list'
import { waitUntil } from '../wait-until'

/**
 * Issue #25: after a bulk edit the filter counts ("Wanted 2", "Flag 7 0") stayed as they were for
 * over half a minute. Once the edit has answered, the counts shown are asked for again, whatever
 * else main announces (or does not yet, being busy).
 */

let backend: FakeBackend

/** The fake's bulk edit: wanted only, as this test uses. It announces nothing, as a busy main. */
function markWanted(setIDs: readonly number[]): BulkEditResultDto {
  const changed: { setID: number; collection: SetCollectionDto }[] = []
  for (const id of setIDs) {
    const i = backend.sets.findIndex((s) => s.setID === id)
    const s = backend.sets[i]
    if (!s || s.collection.wanted) continue
    const collection: SetCollectionDto = { ...s.collection, wanted: true, sync: 'pending' }
    backend.sets[i] = { ...s, collection }
    changed.push({ setID: id, collection })
  }
  return {
    sets: setIDs.length,
    change: changed.length,
    already: setIDs.length - changed.length,
    skipped: [],
    description: `${changed.length} sets marked wanted`,
    journalId: 9,
    changed: changed.map((c) => c.setID),
    // As main answers: the states only when few enough to carry.
    states: changed.length > SET_STATES_MAX ? null : changed
  }
}

beforeEach(async () => {
  backend = new FakeBackend(300)
  setTransport(backend)
  backend.override('collection:bulkEdit', ({ setIDs }) => markWanted(setIDs))
  await openWholeList()
})
afterEach(() => {
  cleanup()
})

const wantedCount = (): string =>
  screen
    .getByRole('checkbox', { name: /^Wanted/ })
    .closest('label')
    ?.querySelector('.count')?.textContent ?? ''

describe('filter counts after a bulk edit', () => {
  it('are asked for again once the edit answered, and show the edit', async () => {
    // Waits, not deadlines: the counts arrive after the list's pause, later on a loaded machine.
    await waitUntil(() => {
      expect(wantedCount()).toBe('0')
    })
    await pick(0)
    await pick(5, { shiftKey: true })
    const bar = screen.getByRole('toolbar', { name: 'Bulk edit' })
    const asked = backend.callsTo('catalog:search').filter((q) => q.facets === true).length
    await fireEvent.click(within(bar).getByRole('button', { name: 'Wanted' }))
    await settle()
    await waitUntil(() => {
      expect(wantedCount()).toBe('6')
    })
    // The counts were read after the edit, not kept from before it.
    const after = backend.callsTo('catalog:search').filter((q) => q.facets === true).length
    expect(after).toBeGreaterThan(asked)
  })
})
