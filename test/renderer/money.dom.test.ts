import { beforeAll, describe, expect, it } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/svelte'
import type { MoneyCurrencyDto, MoneyHistoryDto } from '../../src/shared/model/money'
import { openApp, serveApp } from './app-render'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import { waitUntil } from '../wait-until'

/** Issue #30 §1: value over time as the user sees it, over a backend that answers the history. */
const backend = new FakeBackend(20)

const point = (day: string, paid: number, value: number, extra: object = {}) => ({
  day,
  copies: 2,
  sets: 2,
  paid,
  retail: null,
  retailCopies: 0,
  value,
  valueFallback: 0,
  ...extra
})

const gbp: MoneyCurrencyDto = {
  currency: 'GBP',
  region: 'UK',
  points: [
    point('2026-11-24', 89.99, 100, { retail: 95, retailCopies: 2 }),
    point('2026-11-25', 89.99, 120, { retail: 95, retailCopies: 1, valueFallback: 1 })
  ]
}
const chf: MoneyCurrencyDto = {
  currency: 'CHF',
  region: null,
  points: [point('2026-11-24', 0, 0), point('2026-11-25', 50, 40)]
}

let answer: MoneyHistoryDto = {
  theme: null,
  snapshots: 0,
  latest: null,
  currencies: [],
  themes: []
}
backend.override('money:getHistory', (input) =>
  input.theme === 'Space' ? { ...answer, theme: 'Space', currencies: [chf] } : answer
)

serveApp(backend)
beforeAll(() => {
  // jsdom has no media queries; the chart asks whether the system's scheme is dark.
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined
    })
  })
  window.localStorage.clear()
})

async function openMoney(): Promise<HTMLElement> {
  await openApp('#/browse')
  await fireEvent.click(screen.getByRole('link', { name: 'Money' }))
  await settle()
  return screen.getByRole('region', { name: 'Money' })
}

describe('the money view in the window', () => {
  it('says there are no snapshots yet when there are none, and reads again when one is taken', async () => {
    const page = await openMoney()
    expect(within(page).getByTestId('money-empty').textContent).toMatch(/No snapshots yet/)
    answer = {
      theme: null,
      snapshots: 2,
      latest: { day: '2026-11-25', takenAt: '2026-11-25T10:00:00Z', reason: 'sync', undetailed: 3 },
      currencies: [gbp, chf],
      themes: [
        { theme: 'Castle', currency: 'GBP', copies: 2, paid: 89.99, value: 120 },
        { theme: 'Space', currency: 'CHF', copies: 2, paid: 50, value: 40 }
      ]
    }
    backend.emit('money:snapshot', { day: '2026-11-25' })
    await waitUntil(() => {
      expect(within(page).getByTestId('money-latest').textContent).toMatch(/after a sync/)
    })
    expect(within(page).queryByTestId('money-empty')).toBeNull()
  })

  it('shows each currency on its own, with the gap, the fallback and a table of the chart', async () => {
    const page = await openMoney()
    const pounds = within(page).getByRole('region', { name: 'British Pound (GBP)' })
    expect(within(pounds).getByTestId('money-GBP-paid').textContent).toBe('£89.99')
    expect(within(pounds).getByTestId('money-GBP-value').textContent).toBe('£120.00')
    expect(within(pounds).getByTestId('money-GBP-gap').textContent).toBe('+£30.01')
    expect(within(pounds).getByTestId('money-GBP-retail').textContent).toBe('£95.00')
    expect(within(pounds).getByText(/1 of 2 copies has no estimated value/)).toBeTruthy()
    expect(
      within(pounds).getByText(/Retail prices of the UK shop\. Retail price known for 1 of 2/)
    ).toBeTruthy()
    // The chart is an image with a summary; the same figures are in a table.
    expect(within(pounds).getByRole('img').getAttribute('aria-label')).toMatch(
      /2 snapshots from 2026-11-24 to 2026-11-25: paid £89\.99, estimated value £120\.00/
    )
    const table = within(pounds).getByRole('table')
    const rows = within(table).getAllByRole('row')
    const cells = (r: HTMLElement) =>
      [...r.querySelectorAll('th, td')].map((c) => c.textContent.trim())
    expect(rows.map(cells)).toEqual([
      ['Day', 'Copies', 'Paid', 'Estimated value', 'Value less paid', 'Retail', 'Valued at paid'],
      ['2026-11-25', '2', '£89.99', '£120.00', '+£30.01', '£95.00', '1'],
      ['2026-11-24', '2', '£89.99', '£100.00', '+£10.01', '£95.00', '0']
    ])
    // Francs have no shop in the catalogue: said, and no retail figure.
    const francs = within(page).getByTestId('money-CHF')
    expect(within(francs).queryByTestId('money-CHF-retail')).toBeNull()
    expect(within(francs).getByText(/No retail value in CHF/)).toBeTruthy()
    expect(within(francs).getByTestId('money-CHF-gap').textContent).toMatch(/^−/)
    expect(within(page).getByTestId('money-undetailed').textContent).toMatch(
      /3 owned\s+copies have no copy details/
    )
  })

  it('adds currencies up only at rates the user gives', async () => {
    const page = await openMoney()
    const rates = within(page).getByTestId('money-rates')
    expect(within(rates).getByTestId('money-no-total').textContent).toMatch(/Give one for CHF/)
    expect(within(page).queryByTestId('money-converted')).toBeNull()
    await fireEvent.input(within(rates).getByLabelText('GBP for 1 CHF'), {
      target: { value: '0.9' }
    })
    await settle()
    expect(within(rates).getByTestId('money-converted').textContent).toMatch(
      /paid £134\.99, estimated value £156\.00/
    )
  })

  it('shows one theme over time, chosen from the theme table or the list', async () => {
    const page = await openMoney()
    const byTheme = within(page).getByRole('region', { name: /By theme, newest snapshot: Swiss/ })
    await fireEvent.click(within(byTheme).getByRole('button', { name: 'Space' }))
    await settle()
    await waitUntil(() => {
      expect(backend.callsTo('money:getHistory').at(-1)).toMatchObject({ theme: 'Space' })
    })
    expect(within(page).queryByTestId('money-GBP')).toBeNull()
    expect(within(page).getByTestId('money-CHF')).toBeTruthy()
    const select = within(page).getByLabelText<HTMLSelectElement>('Theme')
    expect(select.selectedOptions[0]?.textContent).toBe('Space')
    await fireEvent.change(select, { target: { value: '-1' } })
    await settle()
    await waitUntil(() => {
      expect(backend.callsTo('money:getHistory').at(-1)).toMatchObject({ theme: null })
    })
  })
})
