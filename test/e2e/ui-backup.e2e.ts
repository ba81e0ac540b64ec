import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSyncedApp } from './harness'
import type { AppUnderTest } from './harness'
import { freeSets, go, openSet, toast } from './ui-helpers'

interface Row {
  setID: number
  fullNumber: string
  collection: { owned: boolean; wanted: boolean; qtyOwned: number; notes: string }
}

interface Totals {
  setsOwned: number
  distinctSetsOwned: number
  setsWanted: number
  minifigsOwned: number
  minifigsWanted: number
}

const DEMO_SETS = 500

let app: AppUnderTest
const dir = mkdtempSync(join(tmpdir(), 'studbook-e2e-backup-'))
let freeSet: (i: number) => Row

beforeAll(async () => {
  // The collection (figures included) arrives after the catalogue, in the same first sync.
  app = await startSyncedApp({ demoSets: DEMO_SETS })
  freeSet = await freeSets<Row>(app, 100, (r) => !r.collection.wanted && r.collection.notes === '')
})

afterAll(async () => {
  await app.stop()
  rmSync(dir, { recursive: true, force: true })
})

async function settled(detail: Locator): Promise<void> {
  await expect.poll(() => detail.locator('[data-sync="saving"]').count()).toBe(0)
}

/** What the set's page shows: quantity, wanted, notes. */
async function shown(page: Page, set: Row): Promise<[string, boolean, string]> {
  const detail = await openSet(page, set)
  return [
    await detail.getByRole('spinbutton', { name: 'Quantity owned' }).inputValue(),
    await detail.getByRole('checkbox', { name: 'Wanted' }).isChecked(),
    await detail.getByRole('textbox', { name: 'Notes' }).inputValue()
  ]
}

/** The counts the Totals screen draws from. */
const totals = async (): Promise<Totals> => {
  const t = await app.rpc<Totals>('collection:getTotals', {})
  return {
    setsOwned: t.setsOwned,
    distinctSetsOwned: t.distinctSetsOwned,
    setsWanted: t.setsWanted,
    minifigsOwned: t.minifigsOwned,
    minifigsWanted: t.minifigsWanted
  }
}

describe('backing up and restoring the collection', () => {
  it('back up, change things, restore: the collection is as it was', async () => {
    const page = app.page
    const [a, b] = [freeSet(0), freeSet(1)]
    const before = { a: await shown(page, a), b: await shown(page, b), totals: await totals() }
    const figs = await app.rpc<{ minifigNumber: string; ownedLoose: number }[]>(
      'collection:listMinifigs',
      { filter: 'loose' }
    )
    const fig = figs[0]
    if (!fig) throw new Error('the demo account owns no loose minifigures')

    await go(page, '#/exchange')
    await page.getByRole('button', { name: 'Back up collection…' }).click()
    await toast(page, /^Collection backed up to /)
    const path = ((await page.getByText(/^Last backup:/).textContent()) ?? '')
      .replace(/^Last backup:\s*/, '')
      .trim()
    expect(path).toMatch(/\.studbook$/)

    // Change things, as a user would on the set pages.
    let detail = await openSet(page, a)
    const qty = detail.getByRole('spinbutton', { name: 'Quantity owned' })
    await qty.fill('2')
    await qty.press('Tab')
    await expect.poll(() => qty.inputValue()).toBe('2')
    await settled(detail)
    detail = await openSet(page, b)
    await detail.getByRole('checkbox', { name: 'Wanted' }).check()
    await settled(detail)
    await detail.getByRole('textbox', { name: 'Notes' }).fill('changed after the backup')
    await detail.getByRole('heading', { level: 1 }).click()
    await expect.poll(async () => (await shown(page, b))[2]).toBe('changed after the backup')
    await app.rpc('collection:updateMinifig', { minifigNumber: fig.minifigNumber, ownedLoose: 0 })
    expect(await shown(page, a)).not.toEqual(before.a)
    expect(await totals()).not.toEqual(before.totals)

    await go(page, '#/exchange')
    await page.getByLabel('Restore from a backup file').setInputFiles(path)
    const dialog = page.getByRole('dialog', { name: 'Restore this backup?' })
    await dialog.waitFor()
    const loose = dialog.getByRole('row', { name: /Loose minifigures/ })
    const [inBackup, now] = await loose.getByRole('cell').allTextContents()
    expect(Number(inBackup) - Number(now)).toBe(fig.ownedLoose)
    await dialog.getByRole('button', { name: 'Replace my collection' }).click()
    await toast(page, /^Collection restored\. It was backed up first/)

    await expect.poll(() => shown(page, a)).toEqual(before.a)
    expect(await shown(page, b)).toEqual(before.b)
    await expect.poll(totals).toEqual(before.totals)
    const restored = await app.rpc<{ minifigNumber: string; ownedLoose: number }[]>(
      'collection:listMinifigs',
      { filter: 'loose' }
    )
    expect(restored.find((m) => m.minifigNumber === fig.minifigNumber)?.ownedLoose).toBe(
      fig.ownedLoose
    )
    expect(app.consoleErrors).toEqual([])
  })

  it('a file that is not a backup is refused with a clear error, and nothing changes', async () => {
    const page = app.page
    const before = await totals()
    const notBackup = join(dir, 'Brickset-Sets.studbook')
    writeFileSync(notBackup, 'Number,Qty owned\r\n10179-1,1\r\n')
    await go(page, '#/exchange')
    await page.getByLabel('Restore from a backup file').setInputFiles(notBackup)
    await toast(page, /not a Studbook backup/)
    expect(await page.getByRole('dialog').count()).toBe(0)
    expect(await totals()).toEqual(before)
  })

  it('Open data folder shows where the data is (the browser cannot open it)', async () => {
    const page = app.page
    await go(page, '#/exchange')
    await page.getByRole('button', { name: 'Open data folder' }).click()
    expect(await page.getByTestId('data-folder').textContent()).toBe(join(app.dataDir, 'app'))
  })
})
