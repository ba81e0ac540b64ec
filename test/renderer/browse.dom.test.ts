import { describe, expect, it } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/svelte'
import { openApp, serveApp } from './app-render'
import { settle } from './dom-env'
import { FACET_DELAY_MS } from '../../src/renderer/src/lib/state/search.svelte'
import { FakeBackend } from './fake-backend'

const backend = new FakeBackend(500)

serveApp(backend, { route: '#/browse' })

async function start(): Promise<void> {
  await openApp()
}

function resultCount(): string {
  return screen.getByTestId('result-count').textContent.trim()
}

describe('browse and search', () => {
  it('shows the demo banner and the whole catalogue count on first run', async () => {
    await start()
    expect(screen.getByText('Connect a real service')).toBeTruthy()
    expect(resultCount()).toMatch(/^500\s+sets/)
    // Only a window of rows is in the DOM, not all 500.
    const rows = screen.getByRole('grid').querySelectorAll('[role="row"]')
    expect(rows.length).toBeGreaterThan(5)
    expect(rows.length).toBeLessThan(60)
  })

  it('narrows results as you type and by theme and year facets', async () => {
    await start()
    const box = screen.getByLabelText('Search sets')
    await fireEvent.input(box, { target: { value: 'castle' } })
    await settle()
    expect(resultCount()).toMatch(/^125\s+sets for “castle”/)
    // Facet counts follow once typing pauses.
    await new Promise((r) => setTimeout(r, FACET_DELAY_MS + 50))
    await settle()
    const theme = screen.getByLabelText('Theme')
    expect(within(theme).getByText('Castle (125)')).toBeTruthy()
    await fireEvent.change(theme, { target: { value: 'Castle' } })
    await settle()
    await fireEvent.change(screen.getByLabelText('From year'), { target: { value: '2000' } })
    await fireEvent.change(screen.getByLabelText('To year'), { target: { value: '2005' } })
    await settle()
    const expected = backend.sets.filter(
      (s) => s.theme === 'Castle' && (s.year ?? 0) >= 2000 && (s.year ?? 0) <= 2005
    ).length
    expect(resultCount()).toMatch(new RegExp(`^${expected}\\s+sets`))
    const last = backend.callsTo('catalog:search').at(-1)
    expect(last).toMatchObject({ text: 'castle', theme: 'Castle', yearFrom: 2000, yearTo: 2005 })
  })

  it('moves with the arrow keys, opens with Enter and closes with Escape', async () => {
    window.location.hash = '#/browse'
    await start()
    await fireEvent.input(screen.getByLabelText('Search sets'), { target: { value: '' } })
    await fireEvent.click(screen.getByText('Clear'))
    await settle()
    const grid = screen.getByRole('grid')
    grid.focus()
    await fireEvent.keyDown(grid, { key: 'ArrowDown' })
    await fireEvent.keyDown(grid, { key: 'ArrowDown' })
    expect(grid.getAttribute('aria-activedescendant')).toBe('item-2')
    await fireEvent.keyDown(grid, { key: 'Enter' })
    await settle()
    const third = backend.sets[2]
    if (!third) throw new Error('the fake catalogue holds more than three sets')
    expect(await screen.findByRole('heading', { level: 1, name: third.name })).toBeTruthy()
    expect(window.location.hash).toBe(`#/browse/set/${third.setID}`)
    await fireEvent.keyDown(window, { key: 'Escape' })
    await settle()
    expect(screen.getByTestId('result-count')).toBeTruthy()
  })

  it('toggles owned from the list with the keyboard and shows the pending state', async () => {
    await start()
    const grid = screen.getByRole('grid')
    await fireEvent.keyDown(grid, { key: 'Home' })
    await fireEvent.keyDown(grid, { key: 'o' })
    await settle()
    const first = backend.sets[0]
    expect(backend.callsTo('collection:updateSet').at(-1)).toEqual({
      setID: first?.setID,
      patch: { owned: true }
    })
    const row = document.getElementById('item-0')
    expect(row?.querySelector('[data-sync="pending"]')).toBeTruthy()
    expect(
      within(row as HTMLElement)
        .getByRole('button', { name: 'Owned' })
        .getAttribute('aria-pressed')
    ).toBe('true')
  })

  it('shows the error state with a retry when search fails', async () => {
    backend.failures['catalog:search'] = {
      code: 'db_error',
      message: 'disk',
      retryable: false
    }
    await start()
    // The list is replaced by the mapped message and a retry, not shown as "no sets"
    await fireEvent.input(screen.getByLabelText('Search sets'), { target: { value: 'x' } })
    await settle()
    expect(screen.getByRole('alert').textContent).toContain('Data problem')
    delete backend.failures['catalog:search']
  })
})
