import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApp } from './harness'
import type { AppUnderTest } from './harness'
import { exportText, go, listSettled, resultCount, waitForSets } from './ui-helpers'

interface Totals {
  setsOwned: number
  money: { currency: string; paid: number; value: number }[]
}

let app: AppUnderTest

beforeAll(async () => {
  app = await startApp({ demoSets: 20_000 })
})

afterAll(async () => {
  await app.stop()
})

describe('first run on a 20,000-set demo catalogue', () => {
  it('searches, filters, edits a set with a copy and a flag, and the totals and CSV follow', async () => {
    const page = app.page
    await page.getByRole('button', { name: 'Connect a real service' }).waitFor()
    await page.getByText('Demo catalogue.').waitFor()
    await waitForSets(page, 20_000)
    // The demo account's collection arrives after the sets: the totals are counted after it.
    await expect
      .poll(async () => (await app.rpc<{ running: boolean }>('sync:getStatus')).running, {
        interval: 250
      })
      .toBe(false)
    const before = await app.rpc<Totals>('collection:getTotals')

    // Search as you type from the local index.
    await page.keyboard.press('/')
    await page.keyboard.type('castle')
    await page.getByTestId('result-count').filter({ hasText: '“castle”' }).waitFor()
    const castles = await resultCount(page)
    expect(castles).toBeGreaterThan(0)
    expect(castles).toBeLessThan(20_000)

    // Theme facet (with counts), then a year range around the first result.
    const theme = page.getByLabel('Theme', { exact: true })
    const option = (await theme.locator('option').nth(1).getAttribute('value')) ?? ''
    await theme.selectOption(option)
    await page.waitForFunction(
      (t) => document.querySelector('#item-0')?.textContent.includes(t) === true,
      option
    )
    const byTheme = await resultCount(page)
    expect(byTheme).toBeLessThanOrEqual(castles)
    const firstText = (await page.locator('#item-0').textContent()) ?? ''
    const year = Number(/· (\d{4}) ·/.exec(firstText)?.[1])
    await page.getByLabel('From year', { exact: true }).fill(String(year - 1))
    await page.getByLabel('From year', { exact: true }).press('Tab')
    await page.getByLabel('To year', { exact: true }).fill(String(year + 1))
    await page.getByLabel('To year', { exact: true }).press('Tab')
    await listSettled(page)
    const filtered = await resultCount(page)
    expect(filtered).toBeGreaterThan(0)
    expect(filtered).toBeLessThanOrEqual(byTheme)
    for (const row of await page.locator('[role="gridcell"][id^="item-"]').all()) {
      const text = (await row.textContent()) ?? ''
      expect(text).toContain(option)
      const y = Number(/· (\d{4}) ·/.exec(text)?.[1])
      expect(y).toBeGreaterThanOrEqual(year - 1)
      expect(y).toBeLessThanOrEqual(year + 1)
    }

    // Open the set with the keyboard.
    await page.getByRole('grid').focus()
    await page.keyboard.press('Home')
    await page.keyboard.press('Enter')
    const detail = page.getByRole('article')
    await detail.getByRole('heading', { level: 1 }).waitFor()
    const fullNumber = ((await detail.locator('.mono').first().textContent()) ?? '').trim()
    const setID = Number(/set\/(\d+)/.exec(page.url())?.[1])
    const qtyBefore = Number(
      await detail.getByRole('spinbutton', { name: 'Quantity owned' }).inputValue()
    )

    // Owned with quantity 2.
    const owned = detail.getByRole('checkbox', { name: 'Owned' })
    if (!(await owned.isChecked())) await owned.check()
    // Let that save answer before typing the quantity, as a person would see it land.
    await expect.poll(() => detail.locator('[data-sync="saving"]').count()).toBe(0)
    await detail.getByRole('spinbutton', { name: 'Quantity owned' }).fill('2')
    await detail.getByRole('spinbutton', { name: 'Quantity owned' }).press('Tab')
    await expect
      .poll(() => detail.getByRole('spinbutton', { name: 'Quantity owned' }).inputValue())
      .toBe('2')
    await detail
      .getByText(/Saved, waiting to sync|Synced/)
      .first()
      .waitFor()

    // A copy with price and condition.
    await detail.getByRole('button', { name: 'Add copy' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add a copy' })
    await dialog.getByLabel('Currency').selectOption('EUR')
    await dialog.getByLabel('Price paid').fill('120')
    await dialog.getByLabel('Current value').fill('150')
    const condition = dialog.getByLabel('Condition when acquired')
    const firstCondition = (await condition.locator('option').nth(1).getAttribute('value')) ?? ''
    await condition.selectOption(firstCondition)
    await dialog.getByRole('button', { name: 'Save copy' }).click()
    await dialog.waitFor({ state: 'detached' })
    const copies = detail.getByRole('table')
    await copies.getByText('€120.00').waitFor()
    expect(await copies.textContent()).toContain(firstCondition)

    // A flag, as a chip toggle.
    const flags = detail.getByRole('group', { name: 'Flags' })
    const third = flags.getByRole('button').nth(2)
    const flagLabel = ((await third.textContent()) ?? '').trim()
    await third.click()
    await expect.poll(() => third.getAttribute('aria-pressed')).toBe('true')

    // Totals change.
    await go(page, '#/totals')
    const after = await app.rpc<Totals>('collection:getTotals')
    // Quantity 2, then a copy: adding a copy is one more owned (docs/protocol.md §2).
    expect(after.setsOwned).toBe(before.setsOwned + 3 - qtyBefore)
    const eur = (t: Totals): number => t.money.find((m) => m.currency === 'EUR')?.paid ?? 0
    expect(eur(after)).toBeCloseTo(eur(before) + 120, 2)
    await page
      .getByTestId('sets-owned')
      .filter({ hasText: after.setsOwned.toLocaleString('en-US') })
      .waitFor()
    await page.getByTestId('paid-EUR').waitFor()
    await page.screenshot({ path: join(app.artifactsDir, 'ui-first-run-totals.png') })

    // The full CSV export carries the set, its quantity, the copy and the flag.
    await go(page, '#/exchange')
    const csv = await exportText(page, 'Export Full Studbook CSV')
    const rows = parse<Record<string, string>>(csv, { columns: true, skip_empty_lines: true })
    const mine = rows.filter((r) => r.Number === fullNumber)
    expect(mine.length).toBeGreaterThanOrEqual(1)
    expect(mine.every((r) => r['Qty owned'] === '3')).toBe(true)
    // One column per flag: "Flag 3", or "Flag 3 (label)" once it has a label; Yes where set.
    const flagColumn = flagLabel === 'Flag 3' ? 'Flag 3' : `Flag 3 (${flagLabel})`
    expect(mine.some((r) => r[flagColumn] === 'Yes')).toBe(true)
    const copy = mine.find((r) => r.Currency === 'EUR')
    expect(Number(copy?.['Price paid'])).toBe(120)
    expect(copy?.['Condition when acquired']).toBe(firstCondition)
    expect(setID).toBeGreaterThan(0)
    expect(app.consoleErrors).toEqual([])
  })
})
