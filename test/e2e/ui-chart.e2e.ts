import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApp } from './harness'
import type { AppUnderTest } from './harness'
import { go, waitForSets } from './ui-helpers'

/** Issue #14 item 5: the value chart never adds dollars to pounds. */

let app: AppUnderTest

interface Totals {
  overTime: { currency: string; points: { paid: number; value: number }[] }[]
}
/** The demo's own copies, by currency: the last running totals before this test adds any. */
let before: Record<string, { paid: number; value: number }> = {}

const blank = {
  additionalPricePaid: 0,
  conditionWhenAcquired: '',
  acquiredFrom: '',
  conditionNow: '',
  location: '',
  notes: '',
  parts: true,
  minifigs: true,
  instructions: true,
  box: true,
  willTrade: false,
  modified: false
}

beforeAll(async () => {
  app = await startApp({ demoSets: 300 })
  await waitForSets(app.page, 300)
  const totals = await app.rpc<Totals>('collection:getTotals')
  before = Object.fromEntries(
    totals.overTime.map((s) => [s.currency, s.points.at(-1) ?? { paid: 0, value: 0 }])
  )
  const { rows } = await app.rpc<{ rows: { setID: number }[] }>('catalog:search', { limit: 3 })
  const [a, b, c] = rows.map((r) => r.setID)
  const save = (setID: number | undefined, copy: object): Promise<unknown> =>
    app.rpc('collection:saveCopy', { setID, copy: { ...blank, ...copy } })
  await save(a, {
    dateAcquired: '2024-01-10',
    currency: 'USD',
    pricePaid: 1000,
    currentEstimatedValue: 1100
  })
  await save(b, {
    dateAcquired: '2024-02-03',
    currency: 'GBP',
    pricePaid: 102.49,
    currentEstimatedValue: 90
  })
  await save(c, {
    dateAcquired: '2024-03-01',
    currency: 'USD',
    pricePaid: 20,
    currentEstimatedValue: 30
  })
})

afterAll(async () => {
  await app.stop()
})

describe('the value chart in two currencies', () => {
  it('draws one chart per currency, each in its own money, and never their sum', async () => {
    const page = app.page
    await go(page, '#/totals')
    const usd = page.getByRole('region', { name: /Paid against current value.*\(USD\)/ })
    const gbp = page.getByRole('region', { name: /Paid against current value.*\(GBP\)/ })
    await usd.waitFor()
    await gbp.waitFor()
    const usdChart = usd.getByRole('img')
    const gbpChart = gbp.getByRole('img')
    const was = (c: string): { paid: number; value: number } => before[c] ?? { paid: 0, value: 0 }
    const fmt = (n: number, c: string): string =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency: c }).format(n)
    const usdPaid = was('USD').paid + 1020
    const gbpPaid = was('GBP').paid + 102.49
    // What a screen reader hears for each chart: its own currency's running totals.
    expect(await usdChart.getAttribute('aria-label')).toContain(`paid ${fmt(usdPaid, 'USD')}`)
    expect(await usdChart.getAttribute('aria-label')).toContain(
      `worth ${fmt(was('USD').value + 1130, 'USD')}`
    )
    expect(await gbpChart.getAttribute('aria-label')).toContain(`paid ${fmt(gbpPaid, 'GBP')}`)
    const all = (await page.locator('main').textContent()) ?? ''
    const labels = await page
      .getByRole('img')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''))
    const sum = fmt(usdPaid + gbpPaid, 'USD').slice(1)
    for (const text of [all, ...labels]) expect(text).not.toContain(sum)
    // The axes read in the chart's own currency.
    const ticks = await usd.locator('canvas').getAttribute('data-ticks')
    expect(ticks).toMatch(/^\$/)
    expect(await gbp.locator('canvas').getAttribute('data-ticks')).toMatch(/^£/)
    await page.screenshot({ path: join(app.artifactsDir, 'ui-chart-two-currencies.png') })
    expect(app.consoleErrors).toEqual([])
  })
})
