import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import { setTransport } from '../../src/renderer/src/lib/api'
import { FACET_DELAY_MS } from '../../src/renderer/src/lib/state/search.svelte'
import App from '../../src/renderer/src/App.svelte'

const backend = new FakeBackend(40)
backend.override('exchange:previewImport', ({ format, content }) => ({
  previewId: 'p1',
  format,
  rows: content.trim().split('\n').length - 1,
  adds: 1,
  changes: 1,
  unchanged: 0,
  unknown: ['99999-1'],
  items: [
    { fullNumber: '1001-1', setID: 1, name: 'Town set 1', kind: 'add', summary: 'owned 1' },
    { fullNumber: '1002-1', setID: 2, name: 'Pirates set 2', kind: 'change', summary: 'qty 1 → 3' }
  ]
}))
backend.override('exchange:applyImport', () => ({ applied: 2, journalId: 7 }))

beforeAll(() => {
  setTransport(backend)
})
afterEach(() => {
  cleanup()
})

describe('import preview, and the list under fast typing', () => {
  it('previews an import with adds, changes and unknown sets before applying it', async () => {
    window.location.hash = '#/exchange'
    render(App)
    await settle()
    const input = screen.getByLabelText('File')
    const file = new File(['Set number,Quantity\n1001-1,1\n1002-1,3\n99999-1,1\n'], 'mine.csv', {
      type: 'text/csv'
    })
    await fireEvent.change(input, { target: { files: [file] } })
    await settle(10)
    expect(backend.callsTo('exchange:previewImport')[0]?.format).toBe('collection')
    const preview = screen.getByRole('table')
    expect(within(preview).getByText('qty 1 → 3')).toBeTruthy()
    expect(document.body.textContent).toContain('1 not in the catalogue')
    expect(backend.callsTo('exchange:applyImport')).toHaveLength(0)
    await fireEvent.click(screen.getByRole('button', { name: 'Apply import' }))
    await settle()
    expect(backend.callsTo('exchange:applyImport')).toEqual([{ previewId: 'p1' }])
    expect(screen.getByRole('region', { name: 'Notifications' }).textContent).toContain(
      'Imported 2 changes'
    )
  })

  it('asks for facet counts once typing pauses, not on every keystroke', async () => {
    window.location.hash = '#/browse'
    render(App)
    await settle()
    const before = backend.callsTo('catalog:search').length
    const box = screen.getByLabelText('Search sets')
    for (const text of ['t', 'to', 'tow', 'town']) {
      await fireEvent.input(box, { target: { value: text } })
      await settle(2)
    }
    const typed = backend.callsTo('catalog:search').slice(before)
    expect(typed.filter((q) => q.facets === true)).toHaveLength(0)
    await new Promise((r) => setTimeout(r, FACET_DELAY_MS + 50))
    await settle()
    const after = backend.callsTo('catalog:search').slice(before)
    expect(after.filter((q) => q.facets === true).map((q) => q.text)).toEqual(['town'])
  })

  it('keeps an edit when an older reload of the list answers after it', async () => {
    window.location.hash = '#/browse'
    render(App)
    await settle()
    await fireEvent.input(screen.getByLabelText('Search sets'), { target: { value: '' } })
    await settle()
    // Hold the next search answer back, edit meanwhile, then let the stale answer through.
    let release: () => void = () => undefined
    const original = backend.invoke.bind(backend)
    backend.invoke = (channel, input) => {
      if (channel !== 'catalog:search') return original(channel, input)
      const snapshot = original(channel, input)
      return new Promise((resolve) => {
        release = () => {
          resolve(snapshot)
        }
      })
    }
    backend.emit('data:changed', { scope: 'collection', setIDs: [] })
    await settle()
    backend.invoke = original
    const grid = screen.getByRole('grid')
    await fireEvent.keyDown(grid, { key: 'Home' })
    await fireEvent.keyDown(grid, { key: 'w' })
    await settle()
    release()
    await settle()
    const row = document.getElementById('item-0') as HTMLElement
    expect(within(row).getByRole('button', { name: 'Wanted' }).getAttribute('aria-pressed')).toBe(
      'true'
    )
  })
})
