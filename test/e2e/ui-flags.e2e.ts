import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
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

/** Where each control of the set page is drawn, by its role and name. */
function controlBoxes(page: Page): Promise<Record<string, string>> {
  return page
    .getByRole('article')
    .locator('button, input, select, textarea, a[href]')
    .evaluateAll((els) => {
      const boxes: Record<string, string> = {}
      for (const el of els) {
        const r = el.getBoundingClientRect()
        const label = el.closest('label')?.textContent ?? ''
        const name = el.getAttribute('aria-label') ?? (el.textContent.trim() || label.trim())
        let key = `${el.tagName} ${name}`
        // Two controls of one name (a page may grow them) are told apart by their order.
        while (key in boxes) key += "'"
        boxes[key] = `${Math.round(r.left)},${Math.round(r.top)}`
      }
      return boxes
    })
}

describe('a set page opened a moment ago', () => {
  // A click in the moment the page's images, instructions and reviews arrive must land where it
  // was aimed: twice a click on a flag or "Dispose…" met a control that had just moved down.
  it.each([
    { width: 1280, height: 800 },
    { width: 800, height: 560 }
  ])('moves no control when its extras arrive ($width×$height)', async (size) => {
    const page = app.page
    await page.setViewportSize(size)
    // A set with more pictures and instructions than its first: the fullest late content.
    const { rows } = await app.rpc<{ rows: { setID: number }[] }>('catalog:search', { limit: 50 })
    let setID = 0
    for (const r of rows) {
      const d = await app.rpc<{ additionalImageCount: number; instructionsCount: number }>(
        'catalog:getSet',
        { setID: r.setID }
      )
      if (d.additionalImageCount > 1 && d.instructionsCount > 1) {
        setID = r.setID
        break
      }
    }
    expect(setID).toBeGreaterThan(0)
    let release = (): void => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/rpc/catalog:getSetExtras', async (route) => {
      await held
      await route.continue()
    })
    try {
      // From the list, as a user opens a set: the page starts empty and fills in.
      await go(page, '#/browse')
      await page.getByRole('article').waitFor({ state: 'detached' })
      await go(page, `#/browse/set/${setID}`)
      await page.getByRole('group', { name: 'Flags' }).waitFor()
      await page.getByText('Loading reviews…').waitFor()
      const before = await controlBoxes(page)
      release()
      await page.getByRole('group', { name: 'Choose image' }).waitFor()
      await page.getByText('Loading reviews…').waitFor({ state: 'detached' })
      const after = await controlBoxes(page)
      const moved = Object.keys(before).filter((k) => after[k] !== before[k])
      expect(moved.map((k) => `${k}: ${before[k]} -> ${after[k] ?? 'gone'}`)).toEqual([])
    } finally {
      release()
      await page.unroute('**/rpc/catalog:getSetExtras')
    }
  })
})
