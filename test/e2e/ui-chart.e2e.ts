import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locator } from 'playwright-core'
import { SERIES_COLOURS, contrast } from '../../src/renderer/src/lib/chart-colours'
import { startApp } from './harness'
import type { AppUnderTest } from './harness'
import { BOXED_COPY, go, waitForSets, waitForSyncEnd } from './ui-helpers'

/**
 * Issue #14 item 5: the value chart never adds dollars to pounds.
 * Issue #28 item 1: charts draw in readable colours, one per series, in light and dark.
 * Issue #30 §1: the money view's snapshots, one currency at a time, in the same colours.
 */

let app: AppUnderTest

interface Totals {
  overTime: { currency: string; points: { paid: number; value: number }[] }[]
}
/** The demo's own copies, by currency: the last running totals before this test adds any. */
let before: Record<string, { paid: number; value: number }> = {}

beforeAll(async () => {
  app = await startApp({ demoSets: 300 })
  await waitForSets(app.page, 300)
  // The demo's own copy (in pounds) syncs in after the catalogue: wait until it is counted, or
  // it would later be taken for one of this test's.
  let totals = await app.rpc<Totals>('collection:getTotals')
  for (let i = 0; totals.overTime.length === 0 && i < 240; i++) {
    await app.page.waitForTimeout(250)
    totals = await app.rpc<Totals>('collection:getTotals')
  }
  before = Object.fromEntries(
    totals.overTime.map((s) => [s.currency, s.points.at(-1) ?? { paid: 0, value: 0 }])
  )
  const { rows } = await app.rpc<{ rows: { setID: number }[] }>('catalog:search', { limit: 3 })
  const [a, b, c] = rows.map((r) => r.setID)
  const save = (setID: number | undefined, copy: object): Promise<unknown> =>
    app.rpc('collection:saveCopy', { setID, copy: { ...BOXED_COPY, ...copy } })
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

/** How many canvas pixels are (nearly) each colour: what a user actually sees drawn. */
async function pixelsOf(
  canvas: Locator,
  colours: readonly string[],
  /** Only the top this many CSS pixels (where the legend is), or the whole canvas. */
  top?: number
): Promise<number[]> {
  return canvas.evaluate(
    (el, [wanted, rows]) => {
      const c = el as HTMLCanvasElement
      const height = rows === null ? c.height : Math.round(rows * (c.height / c.clientHeight))
      const data = c.getContext('2d')?.getImageData(0, 0, c.width, height).data
      const rgb = wanted.map((h) => [1, 3, 5].map((k) => parseInt(h.slice(k, k + 2), 16)))
      const counts = wanted.map(() => 0)
      if (!data) return counts
      for (let i = 0; i < data.length; i += 4) {
        if ((data[i + 3] ?? 0) < 250) continue
        rgb.forEach((w, j) => {
          const near = w.every((v, k) => Math.abs(v - (data[i + k] ?? -99)) <= 4)
          if (near) counts[j] = (counts[j] ?? 0) + 1
        })
      }
      return counts
    },
    [colours, top ?? null] as const
  )
}

/** The background the chart sits on (its panel), as the browser resolved it. */
async function groundOf(chart: Locator): Promise<string> {
  return chart.evaluate(
    (el) => getComputedStyle(el.closest('.panel') ?? document.body).backgroundColor
  )
}

describe('chart colours in both themes', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`draws each series in its own readable colour (${scheme})`, async () => {
      const page = app.page
      // The app follows the system: switching it mid-page must redraw in the other palette.
      await page.emulateMedia({ colorScheme: scheme })
      await go(page, '#/totals')
      const usd = page.getByRole('region', { name: /Paid against current value.*\(USD\)/ })
      await usd.waitFor()
      await page.waitForFunction(
        (dark) => matchMedia('(prefers-color-scheme: dark)').matches === dark,
        scheme === 'dark'
      )
      const paid = SERIES_COLOURS[0]?.[scheme] ?? ''
      const worth = SERIES_COLOURS[1]?.[scheme] ?? ''
      const ground = await groundOf(usd.getByRole('img'))
      expect(contrast(paid, ground)).toBeGreaterThanOrEqual(3)
      expect(contrast(worth, ground)).toBeGreaterThanOrEqual(3)
      // Lines and legend swatches: both series' colours are on the canvas, and no black.
      await expect
        .poll(() => pixelsOf(usd.locator('canvas'), [paid, worth, '#000000']))
        .toEqual([expect.any(Number), expect.any(Number), 0])
      const [p, w] = await pixelsOf(usd.locator('canvas'), [paid, worth])
      expect(p).toBeGreaterThan(40)
      expect(w).toBeGreaterThan(40)
      // The legend names both series beside their swatches, each swatch in its series' colour.
      expect(await usd.locator('canvas').getAttribute('data-legend')).toBe(
        'Paid so far | Current estimated value'
      )
      const [paidSwatch = 0, worthSwatch = 0] = await pixelsOf(
        usd.locator('canvas'),
        [paid, worth],
        24
      )
      expect(paidSwatch).toBeGreaterThan(40)
      expect(worthSwatch).toBeGreaterThan(40)
      // The theme chart: its bars in the first series colour, and every bar labelled.
      const byTheme = page.getByRole('region', { name: 'Sets by theme' })
      const themes = ((await byTheme.getByRole('img').getAttribute('aria-label')) ?? '')
        .replace(/^Sets owned by theme: /, '')
        .split(', ')
      expect(themes.length).toBeGreaterThan(1)
      const [bars] = await pixelsOf(byTheme.locator('canvas'), [paid])
      expect(bars).toBeGreaterThan(100)
      const drawn = (await byTheme.locator('canvas').getAttribute('data-labels')) ?? ''
      expect(drawn.split(' | ')).toEqual(themes.map((t) => t.replace(/ \d+$/, '')))
      await page.screenshot({ path: join(app.artifactsDir, `ui-chart-${scheme}.png`) })
      expect(app.consoleErrors).toEqual([])
    })
  }
})

describe('the money view after a sync (issue #30 §1)', () => {
  it("shows each currency's snapshot on its own, drawn in the theme's colours", async () => {
    const page = app.page
    await page.emulateMedia({ colorScheme: 'dark' })
    // The copies above were saved after the first sync's snapshot: the next sync takes another.
    await app.rpc('sync:start', {})
    await waitForSyncEnd(app)
    await go(page, '#/money')
    const fmt = (n: number, c: string): string =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency: c }).format(n)
    const usd = page.getByRole('region', { name: 'US Dollar (USD)', exact: true })
    await expect.poll(() => usd.getByTestId('money-USD-paid').textContent()).toBe('$1,020.00')
    expect(await usd.getByTestId('money-USD-value').textContent()).toBe('$1,130.00')
    expect(await usd.getByTestId('money-USD-gap').textContent()).toBe('+$110.00')
    const was = before['GBP'] ?? { paid: 0, value: 0 }
    const gbp = page.getByRole('region', { name: 'British Pound (GBP)', exact: true })
    expect(await gbp.getByTestId('money-GBP-paid').textContent()).toBe(
      fmt(was.paid + 102.49, 'GBP')
    )
    expect(await gbp.getByTestId('money-GBP-value').textContent()).toBe(fmt(was.value + 90, 'GBP'))
    // No total across currencies until the user gives a rate.
    await expect.poll(() => page.getByTestId('money-no-total').isVisible()).toBe(true)
    const sum = fmt(1020 + was.paid + 102.49, 'USD').slice(1)
    expect((await page.locator('main').textContent()) ?? '').not.toContain(sum)
    // The chart in the dark theme's series colours, never black.
    const paid = SERIES_COLOURS[0]?.dark ?? ''
    const worth = SERIES_COLOURS[1]?.dark ?? ''
    await expect
      .poll(() => pixelsOf(usd.locator('canvas'), [paid, worth, '#000000']))
      .toEqual([expect.any(Number), expect.any(Number), 0])
    const [p = 0, w = 0] = await pixelsOf(usd.locator('canvas'), [paid, worth], 24)
    expect(p).toBeGreaterThan(40)
    expect(w).toBeGreaterThan(40)
    await page.screenshot({ path: join(app.artifactsDir, 'ui-money-dark.png') })
    expect(app.consoleErrors).toEqual([])
  })
})
