import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSyncedApp } from './harness'
import type { AppUnderTest } from './harness'
import { go, listSettled } from './ui-helpers'

let app: AppUnderTest
/** Sets leaving the US shop within 60 days, made wanted in beforeAll. */
let leaving: { setID: number; fullNumber: string; name: string }[] = []

beforeAll(async () => {
  app = await startSyncedApp({ demoSets: 2000 })
  // Issue #30 §3: the demo gives some sets in the shops a coming last day (relative to today).
  const soon = await app.rpc<{ rows: { setID: number; fullNumber: string; name: string }[] }>(
    'catalog:search',
    { exitWithinDays: 60, exitRegions: ['US'], limit: 4 }
  )
  leaving = soon.rows
  for (const s of leaving) {
    await app.rpc('collection:updateSet', { setID: s.setID, patch: { wanted: true } })
  }
  // The watch reads the shops the user chose; this test reads the US one.
  await app.page.evaluate(() => {
    localStorage.setItem('studbook.watch', JSON.stringify({ days: 90, regions: ['US'] }))
  })
  await app.page.reload()
})

afterAll(async () => {
  await app.stop()
})

describe('the retirement watch on the demo catalogue', () => {
  it('lists the wanted sets leaving the shops, by date, with their price; Browse badges them', async () => {
    expect(leaving.length).toBe(4)
    const page = app.page
    await go(page, '#/leaving')
    const table = page.getByRole('region', { name: 'Leaving shops' }).getByRole('table')
    await table.waitFor()
    const rows = table.locator('tbody tr')
    await expect.poll(() => rows.count()).toBe(4)
    const cells = await rows.evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent.trim()))
    )
    const dates = cells.map((c) => (c[0] ?? '').slice(0, 10))
    expect(dates).toEqual([...dates].sort())
    expect(cells.map((c) => c[1]).sort()).toEqual(leaving.map((s) => s.fullNumber).sort())
    expect(cells.every((c) => c[3] === 'US')).toBe(true)
    // Each priced set shows its US retail price in dollars; the demo prices most sets.
    expect(cells.filter((c) => /\$\d/.test(c[4] ?? '')).length).toBeGreaterThan(0)
    await go(page, '#/wanted')
    await listSettled(page)
    await expect
      .poll(() =>
        page
          .getByRole('grid')
          .getByText(/^Leaving in \d+ d$/)
          .count()
      )
      .toBeGreaterThanOrEqual(1)
  })
})

/**
 * Every screen is laid out and axe-checked in both schemes, at the smallest and largest window, in
 * ui-layout.e2e.ts; here, the scheme the user chooses against the one the OS asks for.
 */
describe('light and dark mode', () => {
  /** The page's background and text colour in each scheme. */
  const SCHEME_COLOURS = {
    light: ['rgb(246, 246, 244)', 'rgb(28, 28, 30)'],
    dark: ['rgb(19, 20, 22)', 'rgb(233, 233, 236)']
  }
  it.each([
    {
      name: 'keeps the dark override chosen in the app across reloads, against the OS setting',
      os: 'light',
      override: 'dark'
    },
    {
      name: 'keeps the light override against a dark OS; system then follows the OS',
      os: 'dark',
      override: 'light'
    }
  ] as const)('$name', async ({ os, override }) => {
    const page = app.page
    await page.emulateMedia({ colorScheme: os })
    await go(page, '#/settings')
    await page.getByRole('combobox', { name: 'Appearance' }).selectOption(override)
    await page.reload()
    await page.getByRole('heading', { name: 'Settings' }).waitFor()
    const colours = () =>
      page.evaluate(() => {
        const body = getComputedStyle(document.body)
        return [body.backgroundColor, body.color]
      })
    expect(await colours()).toEqual(SCHEME_COLOURS[override])
    await page.getByRole('combobox', { name: 'Appearance' }).selectOption('system')
    expect(await colours()).toEqual(SCHEME_COLOURS[os])
    // System goes on following the OS as it changes.
    await page.emulateMedia({ colorScheme: override })
    expect(await colours()).toEqual(SCHEME_COLOURS[override])
    expect(app.consoleErrors).toEqual([])
  })
})
