import { beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/svelte'
import { openSetPage, serveApp } from './app-render'
import { FakeBackend } from './fake-backend'

/** Issue #14 item 8: prices in their currencies, sizes with units, descriptions as text. */

const backend = new FakeBackend(20)
const SET = 4

serveApp(backend)
beforeAll(() => {
  const i = SET - 1
  const s = backend.sets[i]
  if (!s) throw new Error('no set')
  backend.sets[i] = {
    ...s,
    prices: { UK: '9.99', US: '12.99', CA: '15', EU: 'n/a' },
    dimensions: { height: '4.5', width: '26.2', depth: '7.1', weight: '0.85' },
    description:
      'Castle set from the Castle range. 100 pieces &amp; 2 minifigures; ages 6+ <recommended>. ' +
      '<p>Second <b>paragraph</b>.</p><script>alert(1)</script>'
  }
})

function fact(page: HTMLElement, name: string): string {
  const dt = within(page)
    .getAllByRole('term')
    .find((t) => t.textContent === name)
  return (dt?.nextElementSibling?.textContent ?? '').replace(/\s+/g, ' ').trim()
}

describe('set facts as people read them', () => {
  it('shows prices with currency symbols, dimensions in cm and kg, and a clean description', async () => {
    await openSetPage(SET)
    const page = screen.getByRole('article')
    expect(fact(page, 'Prices')).toBe('UK £9.99 · US $12.99 · CA CA$15.00 · EU n/a')
    expect(fact(page, 'Dimensions')).toBe('4.5 × 26.2 × 7.1 cm (h × w × d) · 0.85 kg')
    const text = page.textContent
    expect(text).toContain('100 pieces & 2 minifigures; ages 6+.')
    expect(text).toContain('Second paragraph.')
    expect(text).not.toMatch(/<\/?[a-z]/)
    expect(text).not.toContain('alert(1)')
  })
})
