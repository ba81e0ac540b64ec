import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { ARTIFACTS_DIR } from './harness'
import { hostRuns } from './host-runs'
import { findLayoutProblems } from './layout-check'
import { listSettled, resultCount, waitForSets } from './ui-helpers'
import { seriousAxeFindings } from './axe'

/**
 * Issue #17's saved views as a person meets them: a view of the owned sets of one theme is saved
 * by name, the app is stopped and started again on the same data folder, the view is still in the
 * sidebar with its count, and the count follows when one more set of that theme becomes owned.
 */
const SETS = 300
const run = hostRuns('studbook-views-')
let context: BrowserContext

async function open(): Promise<Page> {
  await run.start({ demoSets: SETS })
  const { page } = await run.open(context)
  await waitForSets(page, SETS)
  return page
}

const sidebar = (page: Page): Locator => page.getByRole('navigation', { name: 'Sections' })

/** The count the sidebar shows beside the view, as the user reads it. */
async function sidebarCount(page: Page, name: string): Promise<number> {
  const link = sidebar(page).getByRole('link', { name: new RegExp(`^${name}`) })
  const text = (await link.getByTestId('view-count').textContent()) ?? ''
  return Number(text.replace(/\D/g, ''))
}

/** Opens a section from the sidebar, filtered to one theme, and waits for its list. */
async function sectionOfTheme(page: Page, section: string, theme: string): Promise<void> {
  await sidebar(page).getByRole('link', { name: section }).click()
  await listSettled(page)
  await page.getByRole('complementary', { name: 'Filters' }).getByLabel('Theme').selectOption(theme)
  await listSettled(page)
}

/** Marks the list's `n`-th row owned with its Owned button, and waits for the answer. */
async function markOwned(page: Page, n: number): Promise<void> {
  const row = page.locator('[role="gridcell"][id^="item-"]').nth(n)
  const button = row.getByRole('button', { name: 'Owned', exact: true })
  await button.click()
  await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true')
}

/** Serious and critical axe findings, and boxes that overflow, as lines to compare with []. */
async function problems(page: Page): Promise<string[]> {
  return [...(await seriousAxeFindings(page)), ...(await findLayoutProblems(page))]
}

beforeAll(async () => {
  context = await run.browser.newContext({ viewport: { width: 1440, height: 900 } })
})

describe('a saved view', () => {
  it('survives a restart, and its count follows the collection', async () => {
    let page = await open()
    // The theme with the most sets, and two of its sets owned.
    const theme = page.getByRole('complementary', { name: 'Filters' }).getByLabel('Theme')
    await expect.poll(() => theme.locator('option').count()).toBeGreaterThan(2)
    const chosen = await theme.locator('option').nth(1).getAttribute('value')
    if (!chosen) throw new Error('no theme to choose')
    await theme.selectOption(chosen)
    await listSettled(page)
    const themeSets = await resultCount(page)
    expect(themeSets).toBeGreaterThan(3)
    await markOwned(page, 0)
    await markOwned(page, 1)

    // My collection, that theme: saved by name.
    await sectionOfTheme(page, 'My collection', chosen)
    expect(await resultCount(page)).toBe(2)
    const NAME = `${chosen} I own`
    await page.getByRole('button', { name: 'Save view…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Save this view' })
    await dialog.getByLabel('Name').fill(NAME)
    await dialog.getByRole('button', { name: 'Save view' }).click()
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor()
    await expect.poll(() => sidebarCount(page, NAME)).toBe(2)
    // A second view of the same name is refused, in words.
    await page.getByRole('button', { name: 'Save view…' }).click()
    await dialog.getByLabel('Name').fill(NAME.toUpperCase())
    await dialog.getByRole('button', { name: 'Save view' }).click()
    await dialog.getByRole('alert').filter({ hasText: 'already called' }).waitFor()
    await dialog.getByRole('button', { name: 'Cancel' }).click()

    // Stop the app, start it again on the same data folder.
    await page.close()
    await run.stop()
    page = await open()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await expect.poll(() => sidebarCount(page, NAME)).toBe(2)
    await sidebar(page)
      .getByRole('link', { name: new RegExp(`^${NAME}`) })
      .click()
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor()
    await listSettled(page)
    expect(await resultCount(page)).toBe(2)
    expect(page.url()).toMatch(/#\/view\/\d+$/)
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'ui-saved-views.png') })

    // One more set of that theme owned, from Browse: the sidebar's count follows.
    await sectionOfTheme(page, 'Browse', chosen)
    await markOwned(page, 2)
    await expect.poll(() => sidebarCount(page, NAME)).toBe(3)
    // Back to the view: the list says the same.
    await page.goBack()
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor()
    await listSettled(page)
    await expect.poll(() => resultCount(page)).toBe(3)

    // In dark mode, the sidebar and a view's dialog read well and pass axe.
    await page.emulateMedia({ colorScheme: 'dark' })
    expect(await problems(page)).toEqual([])
    await sidebar(page)
      .getByRole('button', { name: `Rename, move or delete the view ${NAME}` })
      .click()
    await page.getByRole('dialog', { name: `Saved view “${NAME}”` }).waitFor()
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'ui-saved-views-dark.png') })
    expect(await problems(page)).toEqual([])
    await page.keyboard.press('Escape')
    expect(errors).toEqual([])
  })
})
