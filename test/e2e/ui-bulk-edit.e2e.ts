import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startApp } from './harness'
import { findLayoutProblems } from './layout-check'
import type { AppUnderTest } from './harness'
import { serviceCollection } from './service-collection'
import { go, listSettled, serviceUserHash, waitForSets } from './ui-helpers'
import { seriousAxeFindings } from './axe'

/** Issue #17, bulk edit: select with Shift-click, edit from the bulk bar, one Ctrl+Z, sync. */

let app: AppUnderTest

interface Row {
  setID: number
  fullNumber: string
  collection: { owned: boolean; qtyOwned: number; wanted: boolean }
}

beforeAll(async () => {
  app = await startApp({ demoSets: 2000, externalService: { sets: 2000 } })
  await app.rpc('sync:start', { full: true })
  await waitForSets(app.page, 2000)
  await idle()
})

afterAll(async () => {
  await app.stop()
})

/** Waits until no sync runs (a push of edits runs as one); usable in hooks too. */
async function idle(): Promise<void> {
  const deadline = Date.now() + 90_000
  while ((await app.rpc<{ running: boolean }>('sync:getStatus')).running) {
    if (Date.now() > deadline) throw new Error('the sync never finished')
    await new Promise((r) => setTimeout(r, 250))
  }
}

/**
 * Syncs (the Sync button) until the outbox is empty: a background push may be running when the
 * button is pressed, and then the rows it did not take wait for the next round.
 */
async function syncUntilSent(page: Page): Promise<void> {
  await idle()
  await page.getByRole('button', { name: 'Sync', exact: true }).click()
  await expect
    .poll(
      async () => {
        const s = await app.rpc<{
          running: boolean
          pending: number
          needsAttention: number
          conflicts: number
        }>('sync:getStatus')
        if (s.running) return 'running'
        if (s.needsAttention + s.conflicts > 0) {
          return `stuck: ${JSON.stringify(await app.rpc('outbox:list')).slice(0, 2000)}`
        }
        if (s.pending > 0) await page.getByRole('button', { name: 'Sync', exact: true }).click()
        return s.pending
      },
      { interval: 1_000 }
    )
    .toBe(0)
  await page.getByTestId('pending').filter({ hasText: 'All synced' }).waitFor()
}

/** The app's collection as the list reads it: every owned or wanted set. */
async function appCollection(): Promise<Map<number, Row['collection']>> {
  const out = new Map<number, Row['collection']>()
  for (const filter of [{ owned: true }, { wanted: true }]) {
    for (let offset = 0; ; offset += 500) {
      const page = await app.rpc<{ rows: Row[] }>('catalog:search', {
        ...filter,
        offset,
        limit: 500
      })
      for (const r of page.rows) {
        const c = r.collection
        out.set(r.setID, { owned: c.owned, qtyOwned: c.qtyOwned, wanted: c.wanted })
      }
      if (page.rows.length < 500) break
    }
  }
  return out
}

async function rowsOf(ids: readonly number[]): Promise<Row[]> {
  return Promise.all(ids.map((setID) => app.rpc<Row>('catalog:getSet', { setID })))
}

/** Clicks a row beside its controls (its left padding), with the keys held. */
async function pickRow(page: Page, index: number, modifiers: 'Shift'[] = []): Promise<void> {
  const viewport = page.getByRole('grid')
  const row = page.locator(`#item-${String(index)}`)
  if ((await row.count()) === 0) {
    // Scroll the row into the window: only the drawn rows are in the page.
    await viewport.evaluate((el, i) => {
      el.scrollTop = Math.max(0, i * 46 - 200)
    }, index)
  }
  await row.click({ position: { x: 4, y: 10 }, modifiers })
}

const toast = (page: Page, text: RegExp) =>
  page.getByRole('region', { name: 'Notifications' }).getByText(text)

describe('bulk edit in the browser', () => {
  it('Shift-click selects 30 sets, the bar marks them owned, one Ctrl+Z reverts all, and the service agrees after sync', async () => {
    const page = app.page
    await go(page, '#/browse')
    await listSettled(page)
    const first = await app.rpc<{ rows: Row[] }>('catalog:search', { limit: 30 })
    const ids = first.rows.map((r) => r.setID)
    expect(ids).toHaveLength(30)
    const before = await rowsOf(ids)
    const wereOwned = before.filter((r) => r.collection.owned).length

    await pickRow(page, 0)
    await pickRow(page, 29, ['Shift'])
    const bar = page.getByRole('toolbar', { name: 'Bulk edit' })
    await bar.getByText('30 sets selected').waitFor()
    await bar.getByRole('button', { name: 'Owned', exact: true }).click()
    await toast(page, new RegExp(`^${String(30 - wereOwned)} sets marked owned$`)).waitFor()

    const after = await rowsOf(ids)
    expect(after.every((r) => r.collection.owned && r.collection.qtyOwned >= 1)).toBe(true)
    // Each set shows its own change waiting to sync (or synced already by the background push).
    const drawn = page.locator('#item-29')
    await expect
      .poll(() => drawn.getByRole('button', { name: 'Owned' }).getAttribute('aria-pressed'))
      .toBe('true')

    // One Ctrl+Z, with the keyboard on the list, reverts every one of the 30.
    await page.getByRole('grid').focus()
    await page.keyboard.press('Control+z')
    await toast(page, /^Undone: \d+ sets marked owned$/).waitFor()
    await expect
      .poll(async () => (await rowsOf(ids)).map((r) => r.collection.owned))
      .toEqual(before.map((r) => r.collection.owned))
    await expect
      .poll(() => drawn.getByRole('button', { name: 'Owned' }).getAttribute('aria-pressed'))
      .toBe(String(before[29]?.collection.owned))

    // Sync, then the service's collection is the app's, set for set.
    await syncUntilSent(page)
    const svc = app.service
    if (!svc) throw new Error('no external service')
    const hash = await serviceUserHash(svc.url, svc.apiKey, svc.username, svc.password)
    const service = await serviceCollection(svc.url, svc.apiKey, hash)
    const mine = await appCollection()
    expect(new Map([...service].sort(([a], [b]) => a - b))).toEqual(
      new Map([...mine].sort(([a], [b]) => a - b))
    )
    for (const id of ids) expect(service.get(id)?.owned ?? false).toBe(mine.get(id)?.owned ?? false)
    expect(app.consoleErrors.filter((e) => !e.includes('Failed to load resource'))).toEqual([])
  })

  it('more than 50 sets: the summary shows first and nothing changes until Apply', async () => {
    const page = app.page
    await go(page, '#/browse')
    await listSettled(page)
    const wantedBefore = (
      await app.rpc<{ total: number }>('catalog:search', { wanted: true, limit: 1 })
    ).total
    await pickRow(page, 0)
    await page.keyboard.press('Control+a')
    const bar = page.getByRole('toolbar', { name: 'Bulk edit' })
    await bar.getByText('2,000 sets selected').waitFor()
    await bar.getByRole('button', { name: 'Wanted', exact: true }).click()
    const summary = page.getByRole('dialog', { name: 'Mark as wanted: 2,000 sets selected' })
    await summary.waitFor()
    await summary
      .getByText(
        `${(2000 - wantedBefore).toLocaleString('en')} sets of the 2,000 sets selected will change`
      )
      .waitFor()
    expect(
      (await app.rpc<{ total: number }>('catalog:search', { wanted: true, limit: 1 })).total
    ).toBe(wantedBefore)
    await summary.getByRole('button', { name: 'Cancel' }).click()
    await summary.waitFor({ state: 'detached' })
    expect(
      (await app.rpc<{ total: number }>('catalog:search', { wanted: true, limit: 1 })).total
    ).toBe(wantedBefore)

    // 60 by Shift-click, confirmed: all 60 are wanted, and one Ctrl+Z takes it back.
    await page.keyboard.press('Escape')
    await pickRow(page, 0)
    await pickRow(page, 59, ['Shift'])
    await bar.getByText('60 sets selected').waitFor()
    await bar.getByRole('button', { name: 'Wanted', exact: true }).click()
    const sixty = page.getByRole('dialog', { name: 'Mark as wanted: 60 sets selected' })
    await sixty.getByRole('button', { name: /^Apply to \d+ sets?$/ }).click()
    await toast(page, /sets marked wanted$/).waitFor()
    const ids = (await app.rpc<{ rows: Row[] }>('catalog:search', { limit: 60 })).rows.map(
      (r) => r.setID
    )
    expect((await rowsOf(ids)).every((r) => r.collection.wanted)).toBe(true)
    await page.getByRole('grid').focus()
    await page.keyboard.press('Control+z')
    await expect
      .poll(
        async () =>
          (await app.rpc<{ total: number }>('catalog:search', { wanted: true, limit: 1 })).total
      )
      .toBe(wantedBefore)
  })

  it('the bar and the summary fit and are axe clean, in light and dark, narrow and wide', async () => {
    const page = app.page
    await go(page, '#/browse')
    await listSettled(page)
    // The toasts of the tests before go by themselves; flying out, they overlap while measured.
    await expect
      .poll(() => page.getByRole('region', { name: 'Notifications' }).locator('.toast').count())
      .toBe(0)
    for (const scheme of ['light', 'dark'] as const) {
      for (const size of [
        { width: 800, height: 560 },
        { width: 1440, height: 900 }
      ]) {
        await page.emulateMedia({ colorScheme: scheme })
        await page.setViewportSize(size)
        await pickRow(page, 0)
        await pickRow(page, 2, ['Shift'])
        const bar = page.getByRole('toolbar', { name: 'Bulk edit' })
        await bar.getByText('3 sets selected').waitFor()
        expect(await findLayoutProblems(page)).toEqual([])
        expect(await seriousAxeFindings(page)).toEqual([])
        await page.screenshot({
          path: join(app.artifactsDir, `ui-bulk-bar-${scheme}-${String(size.width)}.png`)
        })
        await page.keyboard.press('Control+a')
        await bar.getByRole('button', { name: 'Not wanted', exact: true }).click()
        const summary = page.getByRole('dialog', { name: /^Mark as not wanted: / })
        await summary.waitFor()
        expect(await findLayoutProblems(page)).toEqual([])
        expect(await seriousAxeFindings(page)).toEqual([])
        await page.screenshot({
          path: join(app.artifactsDir, `ui-bulk-summary-${scheme}-${String(size.width)}.png`)
        })
        await summary.getByRole('button', { name: 'Cancel' }).click()
        await page.keyboard.press('Escape')
      }
    }
    await page.emulateMedia({ colorScheme: 'light' })
    await page.setViewportSize({ width: 1440, height: 900 })
  })

  it('the collection doctor lists a set owned and wanted, fixes it in one click, and Ctrl+Z undoes it', async () => {
    const page = app.page
    await idle()
    const [target] = (await app.rpc<{ rows: Row[] }>('catalog:search', { limit: 1, offset: 1500 }))
      .rows
    if (!target) throw new Error('no set to use')
    await app.rpc('collection:updateSet', {
      setID: target.setID,
      patch: { owned: true, qtyOwned: 1, wanted: true }
    })
    await go(page, '#/doctor')
    await page.getByRole('heading', { name: 'Collection doctor', level: 1 }).waitFor()
    // The sidebar's badge counts the problems found.
    await page.getByRole('link', { name: /^Doctor \d+$/ }).waitFor()
    const check = page.getByRole('region', { name: /^Owned and wanted at once/ })
    const row = check.getByRole('listitem').filter({ hasText: target.fullNumber })
    await row.getByText('quantity 1, also wanted').waitFor()
    await row.getByRole('button', { name: 'Remove from wanted' }).click()
    await toast(
      page,
      new RegExp(`^Doctor: remove from wanted \\(${target.fullNumber}\\)\\. Ctrl\\+Z undoes it\\.$`)
    ).waitFor()
    await row.waitFor({ state: 'detached' })
    expect((await rowsOf([target.setID]))[0]?.collection).toMatchObject({
      owned: true,
      wanted: false
    })
    await page.keyboard.press('Control+z')
    await toast(page, /^Undone: Doctor: remove from wanted/).waitFor()
    await page
      .getByRole('region', { name: /^Owned and wanted at once/ })
      .getByRole('listitem')
      .filter({ hasText: target.fullNumber })
      .waitFor()
    expect((await rowsOf([target.setID]))[0]?.collection.wanted).toBe(true)
  })
})
