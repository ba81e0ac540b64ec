import { beforeEach, describe, expect, it } from 'vitest'
import { setTransport } from '../../src/renderer/src/lib/api'
import { SearchState } from '../../src/renderer/src/lib/state/search.svelte'
import { SelectionState } from '../../src/renderer/src/lib/state/selection.svelte'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'

/** The selection on its own, over a real SearchState answered by the fake back end. */

let backend: FakeBackend
let search: SearchState
let sel: SelectionState

beforeEach(async () => {
  backend = new FakeBackend(2000)
  setTransport(backend)
  search = new SearchState()
  sel = new SelectionState(search)
  await search.refresh()
})

const idAt = (i: number): number => {
  const row = search.rowAt(i)
  if (!row) throw new Error(`row ${i} is not loaded`)
  return row.setID
}

describe('the selection', () => {
  it('a pick selects one row, Ctrl toggles, Shift takes the range from the anchor', async () => {
    sel.only(3)
    expect(sel.count).toBe(1)
    expect(sel.has(idAt(3))).toBe(true)
    sel.toggle(5)
    expect(sel.count).toBe(2)
    // Shift replaces the selection with anchor..row; the anchor is the last row picked.
    await sel.extendTo(8)
    expect(sel.count).toBe(4)
    expect([5, 6, 7, 8].every((i) => sel.has(idAt(i)))).toBe(true)
    expect(sel.has(idAt(3))).toBe(false)
    // Ctrl+Shift adds the range to what is there.
    sel.toggle(20)
    await sel.extendTo(22, true)
    expect(sel.count).toBe(7)
    sel.toggle(6)
    expect(sel.has(idAt(6))).toBe(false)
    expect(sel.count).toBe(6)
    sel.clear()
    expect(sel.count).toBe(0)
  })

  it('a range over rows not loaded yet reads them and selects every one', async () => {
    sel.only(10)
    const before = backend.callsTo('catalog:search').length
    await sel.extendTo(750)
    expect(sel.count).toBe(741)
    const reads = backend.callsTo('catalog:search').slice(before)
    expect(reads.map((q) => [q.offset, q.limit])).toEqual([
      [100, 500],
      [600, 151]
    ])
    expect(await sel.resolve()).toHaveLength(741)
    expect(sel.has(backend.sets[750]?.setID ?? 0)).toBe(true)
    expect(sel.has(backend.sets[751]?.setID ?? 0)).toBe(false)
  })

  it('Ctrl+A selects the whole result, rows not loaded included, minus those taken out', async () => {
    sel.selectAll()
    expect(sel.count).toBe(2000)
    expect(sel.all).toBe(true)
    sel.toggle(0)
    expect(sel.count).toBe(1999)
    const ids = await sel.resolve()
    expect(ids).toHaveLength(1999)
    expect(ids).not.toContain(idAt(0))
    expect(ids).toContain(backend.sets[1999]?.setID)
  })

  it('a new query leaves the selection behind; a reload of the same query keeps it', async () => {
    sel.only(1)
    sel.toggle(2)
    await search.reload()
    expect(sel.count).toBe(2)
    search.setText('castle')
    await settle()
    expect(sel.count).toBe(0)
    expect(sel.has(idAt(1))).toBe(false)
    expect(await sel.resolve()).toEqual([])

    sel.selectAll()
    expect(sel.count).toBe(search.total)
    search.setSort('name', false)
    await settle()
    expect(sel.count).toBe(0)
    search.setFilters({ theme: 'Space' })
    await settle()
    expect(sel.all).toBe(false)
  })
})
