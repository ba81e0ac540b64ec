import { beforeAll, describe, expect, it } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/svelte'
import { openApp, serveApp } from './app-render'
import { FakeBackend } from './fake-backend'
import { waitUntil } from '../wait-until'

/** Issue #14 item 8: the theme list reads A to Z; the year filter follows typing. */

const backend = new FakeBackend(200)

serveApp(backend)
beforeAll(() => {
  // Themes by count would read Space, Town, Pirates, Castle: the biggest first.
  backend.sets.forEach((s, i) => {
    if (i % 7 === 0) backend.sets[i] = { ...s, theme: 'Space' }
  })
  window.location.hash = '#/browse'
})

describe('filters', () => {
  it('lists themes alphabetically, each with its count', async () => {
    await openApp()
    const theme = screen.getByLabelText('Theme')
    await waitUntil(() => {
      expect(within(theme).getAllByRole('option').length).toBeGreaterThan(1)
    })
    const names = within(theme)
      .getAllByRole('option')
      .slice(1)
      .map((o) => o.textContent.replace(/ \(\d+\)$/, ''))
    expect(names).toEqual(['Castle', 'Pirates', 'Space', 'Town'])
  })

  it('narrows by year as the user types, without leaving the field', async () => {
    await openApp()
    const from = screen.getByLabelText('From year')
    from.focus()
    for (const typed of ['2', '20', '201', '2015']) {
      await fireEvent.input(from, { target: { value: typed } })
    }
    const expected = backend.sets.filter((s) => (s.year ?? 0) >= 2015).length
    await waitUntil(() => {
      expect(screen.getByTestId('result-count').textContent.trim()).toMatch(
        new RegExp(`^${expected}\\s+sets`)
      )
    })
    expect(document.activeElement).toBe(from)
    // Half-typed years never reached the search: only the whole year did.
    const years = backend.callsTo('catalog:search').map((q) => q.yearFrom)
    expect(years.filter((y) => y !== undefined)).toEqual(
      years.filter((y) => y !== undefined).map(() => 2015)
    )
    await fireEvent.input(from, { target: { value: '' } })
    await waitUntil(() => {
      expect(screen.getByTestId('result-count').textContent.trim()).toMatch(/^200\s+sets/)
    })
  })
})
