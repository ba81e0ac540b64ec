import { describe, expect, it } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/svelte'
import { openApp, serveApp } from './app-render'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import { FakeViews } from './fake-views'
import { saveViewAs } from './saved-view-dialog'
import { waitUntil } from '../wait-until'

/** Issue #17's "wanted, retiring this year, under 100 EUR" set in the filters, and kept. */
const backend = new FakeBackend(100)
const fake = new FakeViews(backend)

serveApp(backend, { route: '#/wanted' })

describe('price and shop exit filters', () => {
  it('sends the price in the chosen currency and the exit years, and a saved view keeps them', async () => {
    await openApp()
    const filters = screen.getByRole('complementary', { name: 'Filters' })
    await fireEvent.change(within(filters).getByLabelText('Price in the currency of'), {
      target: { value: 'UK' }
    })
    const price = within(filters).getByLabelText('Retail price at most')
    await fireEvent.input(price, { target: { value: '99,5' } })
    await fireEvent.change(price, { target: { value: '99,5' } })
    for (const [label, value] of [
      ['Leaves the shop from year', '2026'],
      ['Leaves the shop to year', '2026']
    ] as const) {
      const field = within(filters).getByLabelText(label)
      await fireEvent.input(field, { target: { value } })
      await fireEvent.change(field, { target: { value } })
    }
    await settle()
    await waitUntil(() => {
      expect(backend.callsTo('catalog:search').at(-1)).toMatchObject({
        wanted: true,
        price: { region: 'UK', max: 99.5 },
        exitFrom: 2026,
        exitTo: 2026
      })
    })
    // A bad amount is not a filter: the list keeps the last good one.
    await fireEvent.change(price, { target: { value: '-3' } })
    await settle()
    expect(backend.callsTo('catalog:search').at(-1)).toMatchObject({ price: { max: 99.5 } })
    expect(price.getAttribute('aria-invalid')).toBe('true')

    await saveViewAs('Wanted, leaving in 2026, under £100')
    expect(fake.rows[0]?.query).toMatchObject({
      scope: { kind: 'wanted' },
      price: { region: 'UK', max: 99.5 },
      exitFrom: 2026,
      exitTo: 2026
    })
    // Clear takes them off with the rest.
    await fireEvent.click(within(filters).getByRole('button', { name: 'Clear' }))
    await settle()
    const last = backend.callsTo('catalog:search').at(-1)
    expect(last?.price).toBeUndefined()
    expect(last?.exitFrom).toBeUndefined()
  })
})
