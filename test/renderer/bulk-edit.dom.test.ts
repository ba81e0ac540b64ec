import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import { setTransport } from '../../src/renderer/src/lib/api'
import App from '../../src/renderer/src/App.svelte'
import { search } from '../../src/renderer/src/lib/state/search.svelte'
import { selection } from '../../src/renderer/src/lib/state/selection.svelte'
import type { BulkAction, BulkEditResultDto } from '../../src/shared/model/bulk'
import { SET_STATES_MAX } from '../../src/shared/model/collection'
import type { SetCollectionDto } from '../../src/shared/model/collection'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import { item, pick, openWholeList } from './result-list'

/** Multi-select in the list and grid, the bulk bar, its summary and its toast. */

let backend: FakeBackend

/** The bulk channels over the fake's sets: owned and wanted only, which is what these tests use. */
function bulkAnswer(setIDs: readonly number[], action: BulkAction): BulkEditResultDto {
  const changed: { setID: number; collection: SetCollectionDto }[] = []
  let already = 0
  for (const id of setIDs) {
    const i = backend.sets.findIndex((s) => s.setID === id)
    const s = backend.sets[i]
    if (!s || (action.kind !== 'owned' && action.kind !== 'wanted')) continue
    if (s.collection[action.kind] === action.value) {
      already++
      continue
    }
    const collection: SetCollectionDto = {
      ...s.collection,
      [action.kind]: action.value,
      ...(action.kind === 'owned' ? { qtyOwned: action.value ? 1 : 0 } : {}),
      sync: 'pending'
    }
    backend.sets[i] = { ...s, collection }
    changed.push({ setID: id, collection })
  }
  return {
    sets: setIDs.length,
    change: changed.length,
    already,
    skipped: [],
    description: `${changed.length} sets marked ${action.kind}`,
    journalId: changed.length > 0 ? 7 : null,
    changed: changed.map((c) => c.setID),
    // As main answers: the states only when few enough to carry.
    states: changed.length > SET_STATES_MAX ? null : changed
  }
}

beforeEach(async () => {
  backend = new FakeBackend(500)
  setTransport(backend)
  backend.override('collection:bulkEdit', ({ setIDs, action }) => bulkAnswer(setIDs, action))
  backend.override('collection:bulkPlan', ({ setIDs, action }) => {
    const already = setIDs.filter((id) => {
      const c = backend.sets.find((s) => s.setID === id)?.collection
      return (
        (action.kind === 'owned' || action.kind === 'wanted') && c?.[action.kind] === action.value
      )
    }).length
    const change = setIDs.length - already
    return { sets: setIDs.length, change, already, skipped: [], description: '' }
  })
  await openWholeList()
})
afterEach(() => {
  cleanup()
})

const selectedRows = (): number[] =>
  [...document.querySelectorAll('[role="gridcell"][aria-selected="true"]')].map((el) =>
    Number(el.getAttribute('data-index'))
  )

const bar = (): HTMLElement | null => screen.queryByRole('toolbar', { name: 'Bulk edit' })

describe('selecting rows', () => {
  it('a click selects one row, Shift-click the range from it, Ctrl-click takes one out', async () => {
    await pick(2)
    expect(selectedRows()).toEqual([2])
    // One set is edited on its row: the bar waits for two.
    expect(bar()).toBeNull()
    await pick(6, { shiftKey: true })
    expect(selectedRows()).toEqual([2, 3, 4, 5, 6])
    expect(within(bar() ?? document.body).getByTestId('selected-count').textContent).toBe(
      '5 sets selected'
    )
    await pick(4, { ctrlKey: true })
    expect(selectedRows()).toEqual([2, 3, 5, 6])
    expect(screen.getByRole('grid').getAttribute('aria-multiselectable')).toBe('true')
    // The name still opens the set on a plain click; with Shift it selects instead.
    await fireEvent.click(within(item(9)).getByRole('button', { name: /set 10/ }), {
      shiftKey: true
    })
    await settle()
    expect(window.location.hash).toBe('#/browse')
    expect(selectedRows()).toEqual([4, 5, 6, 7, 8, 9])
  })

  it('Ctrl+A selects every row of the result, loaded or not; Escape clears', async () => {
    const grid = screen.getByRole('grid')
    await fireEvent.keyDown(grid, { key: 'a', ctrlKey: true })
    await settle()
    expect(screen.getByTestId('selected-count').textContent).toBe('500 sets selected')
    expect(selectedRows().length).toBeGreaterThan(5)
    await fireEvent.keyDown(grid, { key: 'Escape' })
    await settle()
    expect(bar()).toBeNull()
    expect(selectedRows()).toEqual([])
  })

  it('the menu’s Select All (Electron) selects every set, or the text of the field in focus', async () => {
    const box = screen.getByLabelText<HTMLInputElement>('Search sets')
    box.value = 'castle'
    box.focus()
    backend.emit('menu:command', { command: 'selectAll' })
    await settle()
    expect([box.selectionStart, box.selectionEnd]).toEqual([0, 6])
    expect(bar()).toBeNull()
    screen.getByRole('grid').focus()
    backend.emit('menu:command', { command: 'selectAll' })
    await settle()
    expect(screen.getByTestId('selected-count').textContent).toBe('500 sets selected')
  })

  it('Shift+arrows extend from the keyboard row and Space toggles it, in the grid too', async () => {
    await fireEvent.click(screen.getByRole('button', { name: 'Grid' }))
    await settle()
    const grid = screen.getByRole('grid')
    await pick(1)
    await fireEvent.keyDown(grid, { key: 'ArrowRight', shiftKey: true })
    await fireEvent.keyDown(grid, { key: 'ArrowRight', shiftKey: true })
    await settle()
    expect(selectedRows()).toEqual([1, 2, 3])
    await fireEvent.keyDown(grid, { key: ' ' })
    await settle()
    expect(selectedRows()).toEqual([1, 2])
    // A plain arrow moves the keyboard and the selection with it.
    await fireEvent.keyDown(grid, { key: 'ArrowLeft' })
    await settle()
    expect(selectedRows()).toEqual([2])
  })

  it('a new search leaves the selection behind', async () => {
    await pick(0)
    await pick(3, { shiftKey: true })
    expect(bar()).not.toBeNull()
    await fireEvent.input(screen.getByLabelText('Search sets'), { target: { value: 'castle' } })
    await settle()
    expect(bar()).toBeNull()
    expect(selectedRows()).toEqual([])
  })
})

describe('the bulk bar', () => {
  it('marks the selection owned in one call, updates the rows in place and offers Undo', async () => {
    await pick(0)
    await pick(4, { shiftKey: true })
    const ids = [0, 1, 2, 3, 4].map((i) => backend.sets[i]?.setID)
    await fireEvent.click(within(bar() ?? document.body).getByRole('button', { name: 'Owned' }))
    await settle()
    expect(backend.callsTo('collection:bulkEdit')).toEqual([
      { setIDs: ids, action: { kind: 'owned', value: true } }
    ])
    for (const i of [0, 1, 2, 3, 4]) {
      expect(
        within(item(i)).getByRole('button', { name: 'Owned' }).getAttribute('aria-pressed')
      ).toBe('true')
    }
    expect(
      within(item(5)).getByRole('button', { name: 'Owned' }).getAttribute('aria-pressed')
    ).toBe('false')
    // Each changed row says its change waits to sync.
    expect(within(item(4)).getByText('Pending')).toBeTruthy()
    expect(within(item(5)).queryByText('Pending')).toBeNull()
    // The sets stay in this list, so the selection stays for the next action.
    expect(selectedRows()).toEqual([0, 1, 2, 3, 4])
    const toasts = screen.getByRole('region', { name: 'Notifications' })
    expect(within(toasts).getByText('5 sets marked owned')).toBeTruthy()
    backend.override('journal:list', () => [
      { id: 7, at: '2026-01-01T00:00:00Z', description: '5 sets marked owned', undone: false }
    ])
    await fireEvent.click(within(toasts).getByRole('button', { name: 'Undo' }))
    await settle()
    // The undo names the entry the toast spoke of: main undoes nothing else in its place.
    expect(backend.callsTo('journal:undo')).toEqual([{ entryId: 7 }])
  })

  it('the toast’s Undo leaves a newer change alone and says why', async () => {
    await pick(0)
    await pick(2, { shiftKey: true })
    await fireEvent.click(within(bar() ?? document.body).getByRole('button', { name: 'Wanted' }))
    await settle()
    backend.override('journal:list', () => [
      { id: 8, at: '2026-01-01T00:01:00Z', description: '1004-1: notes edited', undone: false }
    ])
    const toasts = screen.getByRole('region', { name: 'Notifications' })
    await fireEvent.click(within(toasts).getByRole('button', { name: 'Undo' }))
    await settle()
    expect(backend.callsTo('journal:undo')).toEqual([])
    expect(within(toasts).getByText(/Other changes came after it/)).toBeTruthy()
  })

  it('above 50 sets, shows what will change and changes nothing until confirmed', async () => {
    const first = backend.sets[0]
    if (!first) throw new Error('no sets')
    backend.sets[0] = { ...first, collection: { ...first.collection, wanted: true } }
    await fireEvent.keyDown(screen.getByRole('grid'), { key: 'a', ctrlKey: true })
    await settle()
    await fireEvent.click(within(bar() ?? document.body).getByRole('button', { name: 'Wanted' }))
    await settle()
    const summary = screen.getByRole('dialog', { name: 'Mark as wanted: 500 sets selected' })
    expect(summary.textContent).toContain('499 sets of the 500 sets selected will change')
    expect(summary.textContent).toContain('1 was wanted already')
    expect(backend.callsTo('collection:bulkEdit')).toEqual([])
    await fireEvent.click(within(summary).getByRole('button', { name: 'Cancel' }))
    await settle()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(backend.callsTo('collection:bulkEdit')).toEqual([])

    await fireEvent.click(within(bar() ?? document.body).getByRole('button', { name: 'Wanted' }))
    await settle()
    await fireEvent.click(screen.getByRole('button', { name: 'Apply to 499 sets' }))
    await settle()
    const calls = backend.callsTo('collection:bulkEdit')
    expect(calls).toHaveLength(1)
    expect(calls[0]?.setIDs).toHaveLength(500)
    // More than SET_STATES_MAX: the answer carries no states, and the rows on screen show the
    // edit all the same, read again once it answered.
    expect(SET_STATES_MAX).toBeLessThan(499)
    for (const i of [1, 2, 3]) {
      expect(
        within(item(i)).getByRole('button', { name: 'Wanted' }).getAttribute('aria-pressed')
      ).toBe('true')
      expect(within(item(i)).getByText('Pending')).toBeTruthy()
    }
  })

  it('a selection whose sets leave the list with the edit is cleared', async () => {
    for (const i of [0, 1, 2]) {
      const s = backend.sets[i]
      if (s) backend.sets[i] = { ...s, collection: { ...s.collection, wanted: true } }
    }
    window.location.hash = '#/wanted'
    await settle()
    await pick(0)
    await pick(2, { shiftKey: true })
    expect(selectedRows()).toEqual([0, 1, 2])
    await fireEvent.click(
      within(bar() ?? document.body).getByRole('button', { name: 'Not wanted' })
    )
    await settle()
    expect(backend.callsTo('collection:bulkEdit')).toHaveLength(1)
    expect(bar()).toBeNull()
  })

  it('Report… opens the insurance report on exactly the selected sets', async () => {
    backend.override('report:build', () => ({
      owner: { name: '', address: '' },
      generatedAt: '2026-03-01T10:00:00.000Z',
      sets: 0,
      copies: 0,
      detailedCopies: 0,
      leftOut: 0,
      rows: [],
      totals: [],
      region: 'US',
      replacement: [],
      unvalued: 0
    }))
    await pick(2)
    await pick(4, { shiftKey: true })
    const chosen = await selection.resolve()
    expect(chosen).toHaveLength(3)
    await fireEvent.click(within(bar() ?? document.body).getByRole('button', { name: 'Report…' }))
    await settle()
    expect(window.location.hash).toBe('#/report')
    // The region of the retail prices rides along; the sets are exactly the selection.
    expect(backend.callsTo('report:build').at(-1)).toEqual(
      expect.objectContaining({ setIDs: chosen })
    )
  })

  it('more than 5,000 sets are refused before anything is read or sent', async () => {
    cleanup()
    backend = new FakeBackend(6000)
    setTransport(backend)
    search.setText('')
    render(App)
    await settle()
    await fireEvent.keyDown(screen.getByRole('grid'), { key: 'a', ctrlKey: true })
    await settle()
    expect(screen.getByTestId('selected-count').textContent).toBe('6,000 sets selected')
    await fireEvent.click(within(bar() ?? document.body).getByRole('button', { name: 'Owned' }))
    await settle()
    const toasts = screen.getByRole('region', { name: 'Notifications' })
    expect(within(toasts).getByText(/at most 5,000 sets/)).toBeTruthy()
    // No page of the 6,000 was read for their IDs.
    expect(backend.callsTo('catalog:search').filter((q) => q.limit === 500)).toEqual([])
    expect(backend.callsTo('collection:bulkPlan')).toEqual([])
    expect(backend.callsTo('collection:bulkEdit')).toEqual([])
  })
})
