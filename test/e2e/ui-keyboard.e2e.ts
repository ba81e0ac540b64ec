import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startApp } from './harness'
import type { AppUnderTest } from './harness'
import { listSettled, waitForSets, waitForSyncEnd } from './ui-helpers'

/**
 * Issue #14: the keyboard alone finds a set, marks it owned, adds a copy, goes back to the list
 * and lands on the same row. No mouse, no clicks: only key presses, and checks of where focus is.
 */

let app: AppUnderTest
let target = { setID: 0, name: '', fullNumber: '' }

beforeAll(async () => {
  app = await startApp({ demoSets: 2000 })
  await waitForSets(app.page, 2000)
  // Which sets are not owned is known only once the demo's collection has arrived.
  await waitForSyncEnd(app)
  const { rows } = await app.rpc<{
    rows: { setID: number; name: string; fullNumber: string; collection: { owned: boolean } }[]
  }>('catalog:search', { limit: 200 })
  // A set not owned yet, found by its number (a name may be shared by several sets).
  const free = rows.find((r) => !r.collection.owned && r.fullNumber.endsWith('-1'))
  if (!free) throw new Error('no unowned set')
  target = free
})

afterAll(async () => {
  await app.stop()
})

/** What has the keyboard: role, accessible-ish name, and (for the list) its active row's text. */
function focused(
  page: Page
): Promise<{ tag: string; id: string; role: string; text: string; row: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    const active = el?.getAttribute('aria-activedescendant')
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      id: el?.id ?? '',
      role: el?.getAttribute('role') ?? '',
      text: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').replace(/\s+/g, ' ').trim(),
      row: active ? (document.getElementById(active)?.textContent ?? '').replace(/\s+/g, ' ') : ''
    }
  })
}

async function tabTo(page: Page, matches: (f: Awaited<ReturnType<typeof focused>>) => boolean) {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab')
    const f = await focused(page)
    if (matches(f)) return f
  }
  throw new Error('Tab never reached it')
}

describe('keyboard only', () => {
  it('finds a set, marks it owned, adds a copy, and comes back to the same row', async () => {
    const page = app.page
    await listSettled(page)

    // The first Tab stop skips straight to the results.
    await page.keyboard.press('Tab')
    expect((await focused(page)).text).toBe('Skip to results')
    await page.keyboard.press('Enter')
    expect((await focused(page)).role).toBe('grid')

    // Find the set: / to search, type its number, Enter into the results.
    await page.keyboard.press('/')
    expect((await focused(page)).tag).toBe('input')
    await page.keyboard.type(target.fullNumber)
    await page
      .getByTestId('result-count')
      .filter({ hasText: `“${target.fullNumber}”` })
      .waitFor()
    await listSettled(page)
    await page.keyboard.press('Enter')
    let f = await focused(page)
    expect(f.role).toBe('grid')
    expect(f.row).toContain(target.name)
    const rowId = await page.evaluate(
      () => document.activeElement?.getAttribute('aria-activedescendant') ?? ''
    )

    // Mark it owned with o.
    await page.keyboard.press('o')
    const row = page.locator(`#${rowId}`)
    await expect
      .poll(() => row.getByRole('button', { name: 'Owned' }).getAttribute('aria-pressed'))
      .toBe('true')

    // Open it: the keyboard lands on its title.
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { level: 1, name: target.name }).waitFor()
    f = await focused(page)
    expect(f.tag).toBe('h1')
    expect(f.text).toBe(target.name)

    // Tab to Add copy, fill the price, Enter saves; focus comes back to Add copy.
    await tabTo(page, (x) => x.tag === 'button' && x.text === 'Add copy')
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Add a copy' })
    await dialog.waitFor()
    await tabTo(page, (x) => x.id === 'copy-pricePaid')
    await page.keyboard.type('24.50')
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached' })
    await page.getByRole('heading', { name: /Copies \(1\)/ }).waitFor()
    f = await focused(page)
    expect(f.tag).toBe('button')
    expect(f.text).toBe('Add copy')
    await page.screenshot({ path: join(app.artifactsDir, 'ui-keyboard-detail.png') })

    // Escape: back on the list, on the same row, which shows the set owned.
    await page.keyboard.press('Escape')
    await listSettled(page)
    f = await focused(page)
    expect(f.role).toBe('grid')
    expect(
      await page.evaluate(() => document.activeElement?.getAttribute('aria-activedescendant'))
    ).toBe(rowId)
    expect(f.row).toContain(target.name)
    expect(
      await page
        .locator(`#${rowId}`)
        .getByRole('button', { name: 'Owned' })
        .getAttribute('aria-pressed')
    ).toBe('true')
    const copies = await app.rpc<{ pricePaid: number }[]>('collection:listCopies', {
      setID: target.setID
    })
    expect(copies.map((c) => c.pricePaid)).toEqual([24.5])
    await page.screenshot({ path: join(app.artifactsDir, 'ui-keyboard-back.png') })
    expect(app.consoleErrors).toEqual([])
  })

  it('opens the shortcuts sheet with ? and closes it with Escape, focus back where it was', async () => {
    const page = app.page
    await page.getByRole('grid').focus()
    await page.keyboard.press('?')
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    await sheet.waitFor()
    expect(await sheet.textContent()).toContain('Mark owned / not owned')
    await page.keyboard.press('Escape')
    await sheet.waitFor({ state: 'detached' })
    expect((await focused(page)).role).toBe('grid')
  })
})
