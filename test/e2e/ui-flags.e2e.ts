import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSyncedApp } from './harness'
import type { AppUnderTest } from './harness'
import { exportText, go, listSettled } from './ui-helpers'

let app: AppUnderTest

beforeAll(async () => {
  app = await startSyncedApp({ demoSets: 2000 })
  // The demo's collection arrives after its catalogue; edits wait for it so none meets it as a conflict.
})

afterAll(async () => {
  await app.stop()
})

describe('renaming a flag label', () => {
  it('renames flag 5 and the chips, filters, sidebar and export follow', async () => {
    const page = app.page
    const NEW = 'Display shelf'
    // Put flag 5 on the first set so its chip shows in the list and its row in the export.
    const first = await app.rpc<{ rows: { setID: number; fullNumber: string }[] }>(
      'catalog:search',
      { limit: 1 }
    )
    const set = first.rows[0]
    if (!set) throw new Error('empty catalogue')
    await go(page, `#/browse/set/${set.setID}`)
    const flags = page.getByRole('group', { name: 'Flags' })
    await flags.getByRole('button').nth(4).click()
    await expect
      .poll(() => flags.getByRole('button').nth(4).getAttribute('aria-pressed'))
      .toBe('true')

    await go(page, '#/settings')
    const input = page.locator('form').filter({ hasText: 'Flag 5' }).getByRole('textbox')
    await input.fill(NEW)
    await page
      .locator('form')
      .filter({ hasText: 'Flag 5' })
      .getByRole('button', { name: 'Rename' })
      .click()
    await expect
      .poll(() => app.rpc<{ flagNo: number; label: string }[]>('flags:getLabels'))
      .toContainEqual({
        flagNo: 5,
        label: NEW
      })

    // Sidebar and filter follow.
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: NEW })
      .click()
    await listSettled(page)
    await page.getByRole('heading', { level: 1, name: NEW }).waitFor()
    await page.getByRole('complementary', { name: 'Filters' }).getByText(NEW).waitFor()
    // The chip on the set's row shows the new label.
    const row = page.locator('[role="gridcell"][id^="item-"]').filter({ hasText: set.fullNumber })
    await row.getByText(NEW).waitFor()

    // So does the export.
    await go(page, '#/exchange')
    const csv = await exportText(page, 'Export Full Studbook CSV')
    const rows = parse<Record<string, string>>(csv, { columns: true, skip_empty_lines: true })
    const mine = rows.find((r) => r.Number === set.fullNumber)
    // One column per flag, named by its number and label, Yes where the set carries it.
    expect(mine?.[`Flag 5 (${NEW})`]).toBe('Yes')
    expect(app.consoleErrors).toEqual([])
  })
})
