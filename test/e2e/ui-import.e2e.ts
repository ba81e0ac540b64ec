import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSyncedApp } from './harness'
import type { AppUnderTest } from './harness'
import { freeSets, go, listSettled, openSet, resultCount, toast } from './ui-helpers'

interface Row {
  setID: number
  fullNumber: string
  number: string
  numberVariant: number
  collection: { owned: boolean; wanted: boolean; qtyOwned: number }
}

const DEMO_SETS = 500
const UNKNOWN = '0000000-9'

let app: AppUnderTest
const dir = mkdtempSync(join(tmpdir(), 'studbook-e2e-import-'))
/** Sets nobody holds yet, each a first variant (so its bare number means it). */
let freeSet: (i: number) => Row

beforeAll(async () => {
  app = await startSyncedApp({ demoSets: DEMO_SETS })
  freeSet = await freeSets<Row>(
    app,
    200,
    (r) => r.numberVariant === 1 && !r.collection.wanted && r.collection.qtyOwned === 0
  )
})

afterAll(async () => {
  await app.stop()
  rmSync(dir, { recursive: true, force: true })
})

function file(name: string, lines: readonly string[]): string {
  const path = join(dir, name)
  writeFileSync(path, lines.join('\r\n') + '\r\n')
  return path
}

async function chooseFile(page: Page, format: string, path: string): Promise<void> {
  await go(page, '#/exchange')
  await page.getByLabel('Format').selectOption({ label: format })
  await page.getByLabel('File to import').setInputFiles(path)
}

function preview(page: Page): Locator {
  return page.locator('.preview')
}

/** The preview's first line as a reader sees it: white space between words is one space. */
async function summary(page: Page): Promise<string> {
  const text = await page.getByTestId('import-summary').textContent()
  return (text ?? '').replace(/\s+/g, ' ').trim()
}

async function qtyShown(page: Page, set: Row): Promise<string> {
  const detail = await openSet(page, set)
  return detail.getByRole('spinbutton', { name: 'Quantity owned' }).inputValue()
}

async function ownedCount(page: Page): Promise<number> {
  await go(page, '#/owned')
  await page.getByRole('heading', { name: 'My collection', level: 1 }).waitFor()
  await listSettled(page)
  return resultCount(page)
}

describe('importing collection files', () => {
  it('Rebrickable set list: preview, apply, then one undo reverts the whole batch', async () => {
    const page = app.page
    const [a, b, c] = [freeSet(0), freeSet(1), freeSet(2)]
    // C is already owned once: the import changes it rather than adding it.
    await app.rpc('collection:updateSet', { setID: c.setID, patch: { owned: true, qtyOwned: 1 } })
    const ownedBefore = await ownedCount(page)

    const path = file('rebrickable.csv', [
      'Set Number,Quantity,Includes Spares,Inventory ver',
      `${a.fullNumber},2,True,1`,
      `${b.number},1,True,1`,
      ',,,',
      '',
      `${c.fullNumber},3,True,1`,
      `${UNKNOWN},1,True,1`
    ])
    await chooseFile(page, 'Rebrickable set list', path)
    await preview(page).waitFor()
    expect(await summary(page)).toContain(
      '4 rows read: 2 to add, 1 to change, 0 unchanged, 1 not used.'
    )
    await preview(page)
      .getByRole('table', { name: 'Rows not used' })
      .getByText(`Set ${UNKNOWN} is not in the catalogue.`)
      .waitFor()
    const table = preview(page).getByRole('table', { name: 'Changes' })
    const kindOf = async (n: string): Promise<string> =>
      (await table
        .getByRole('row')
        .filter({ hasText: n })
        .getByRole('cell')
        .nth(2)
        .textContent()) ?? ''
    expect(await table.getByRole('row').count()).toBe(4)
    expect(await kindOf(a.fullNumber)).toBe('Add')
    expect(await kindOf(b.fullNumber)).toBe('Add')
    expect(await kindOf(c.fullNumber)).toBe('Change')
    // Nothing is written before Apply.
    expect(await ownedCount(page)).toBe(ownedBefore)

    await chooseFile(page, 'Rebrickable set list', path)
    await page.getByRole('button', { name: 'Apply import' }).click()
    await toast(page, 'Imported 3 changes')
    await expect.poll(() => ownedCount(page)).toBe(ownedBefore + 2)
    await page.getByRole('searchbox', { name: 'Search sets' }).fill(a.fullNumber)
    await page.getByTestId('result-count').filter({ hasText: a.fullNumber }).waitFor()
    await listSettled(page)
    expect(await resultCount(page)).toBe(1)
    await page.getByRole('searchbox', { name: 'Search sets' }).fill('')
    expect(await qtyShown(page, a)).toBe('2')
    expect(await qtyShown(page, b)).toBe('1')
    expect(await qtyShown(page, c)).toBe('3')

    // One Ctrl+Z takes the whole file back; C returns to its own earlier quantity.
    await page.getByRole('heading', { level: 1 }).click()
    await page.keyboard.press('Control+z')
    await expect.poll(() => qtyShown(page, c)).toBe('1')
    expect(await qtyShown(page, a)).toBe('0')
    expect(await qtyShown(page, b)).toBe('0')
    expect(await ownedCount(page)).toBe(ownedBefore)
  })

  it('BrickEconomy list: copies with paid, value, condition, date and notes', async () => {
    const page = app.page
    const [d, e] = [freeSet(3), freeSet(4)]
    const ownedBefore = await ownedCount(page)
    const head = 'Number,Theme,Subtheme,Year,SetName,Retail,Paid,Value,Condition,Date,Notes'
    const path = file('brickeconomy.csv', [
      head,
      `${d.number},T,S,2020,First,59.99,$49.99,80,New,2021-03-04,Birthday gift`,
      `${d.number},T,S,2020,First,59.99,45,70,UsedComplete,3/15/2022,"Second, from a fair"`,
      ',,,,,,,,,,',
      `${e.fullNumber},T,S,2021,Second,20,10,25,New,2022-01-02,`,
      `${UNKNOWN},T,S,2021,Nope,1,1,1,New,2022-01-02,`
    ])
    await chooseFile(page, 'BrickEconomy collection CSV', path)
    await preview(page).waitFor()
    expect(await summary(page)).toContain(
      // Rows, not sets: both of D's rows add (its two copies).
      '4 rows read: 3 to add, 0 to change, 0 unchanged, 1 not used.'
    )
    // 3/15/2022 can only be month first: the file says so, and the preview tells.
    await preview(page).getByText('Dates read month first (3/15/2022 on line 3).').waitFor()
    await preview(page)
      .getByRole('row')
      .filter({ hasText: d.fullNumber })
      .getByText('+2 copies')
      .waitFor()
    await page.getByRole('button', { name: 'Apply import' }).click()
    await toast(page, 'Imported 2 changes')
    await expect.poll(() => ownedCount(page)).toBe(ownedBefore + 2)

    const detail = await openSet(page, d)
    expect(await detail.getByRole('spinbutton', { name: 'Quantity owned' }).inputValue()).toBe('2')
    const copies = detail.getByRole('table')
    const first = copies.getByRole('row').filter({ hasText: '4 Mar 2021' })
    await first.waitFor()
    expect(await first.textContent()).toMatch(/49\.99[\s\S]*80\.00[\s\S]*New/)
    const second = copies.getByRole('row').filter({ hasText: '15 Mar 2022' })
    // BrickEconomy's UsedComplete in the service's own words.
    expect(await second.textContent()).toMatch(/45\.00[\s\S]*70\.00[\s\S]*Used - complete/)
    await first.getByRole('button', { name: 'Edit' }).click()
    const dialog = page.getByRole('dialog')
    expect(await dialog.getByLabel('Notes').inputValue()).toBe('Birthday gift')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    expect(await qtyShown(page, e)).toBe('1')
  })

  it('Brickset collection export of the real layout: preview, apply, one undo', async () => {
    const page = app.page
    const [f, g] = [freeSet(6), freeSet(7)]
    const ownedBefore = await ownedCount(page)
    const header =
      'Number,Set name,Theme,Subtheme,Year,Pieces,Minifigs,RRP (GBP),RRP (USD),RRP (CAD),' +
      'RRP (EUR),EAN,UPC,Width,Height,Depth,Weight,Notes,Qty owned,Qty owned new,' +
      'Qty owned used,Wanted,Qty wanted,Priority,Displayed,Flag 2 not used,Flag 3 not used,' +
      'Flag 4 not used,Flag 5 not used,Flag 6 not used,Flag 7 not used,Flag 8 not used,' +
      'Value new (USD),Value used (USD),Launch date,Exit date'
    const row = (set: Row, notes: string, qty: number, wanted: string, flag: string): string =>
      `${set.fullNumber},Name,Theme,,2020,100,1,,,,,,,,,,,${notes},${qty},${qty},0,${wanted},` +
      `${wanted === 'Yes' ? 1 : 0},,${flag},No,No,No,No,No,No,No,,,,`
    const path = file('Brickset-Sets.csv', [
      header,
      row(f, '"Shelf two, left"', 2, 'No', 'Yes'),
      row(g, '', 0, 'Yes', 'No'),
      // The same set again: summed, one line in the preview (it used to break the preview).
      row(f, '', 1, 'No', 'No')
    ])
    await chooseFile(page, 'Brickset collection CSV', path)
    await preview(page).waitFor()
    const changes = preview(page).getByRole('table', { name: 'Changes' })
    const line = changes.getByRole('row').filter({ hasText: f.fullNumber })
    expect(await line.count()).toBe(1)
    expect(await line.getByRole('cell').nth(4).textContent()).toBe('2, 4')
    expect(await line.getByRole('cell').nth(3).textContent()).toContain('Quantity owned 0 → 3')
    expect(
      await changes.getByRole('row').filter({ hasText: g.fullNumber }).textContent()
    ).toContain('Wanted no → yes')
    expect(await ownedCount(page)).toBe(ownedBefore)

    await chooseFile(page, 'Brickset collection CSV', path)
    await page.getByRole('button', { name: 'Apply import' }).click()
    await toast(page, 'Imported')
    await expect.poll(() => qtyShown(page, f)).toBe('3')
    let detail = await openSet(page, f)
    expect(await detail.getByRole('textbox', { name: 'Notes' }).inputValue()).toBe(
      'Shelf two, left'
    )
    detail = await openSet(page, g)
    expect(await detail.getByRole('checkbox', { name: 'Wanted' }).isChecked()).toBe(true)

    await page.getByRole('heading', { level: 1 }).click()
    await page.keyboard.press('Control+z')
    await expect.poll(() => qtyShown(page, f)).toBe('0')
    detail = await openSet(page, g)
    await expect
      .poll(() => detail.getByRole('checkbox', { name: 'Wanted' }).isChecked())
      .toBe(false)
    expect(await ownedCount(page)).toBe(ownedBefore)
    expect(app.consoleErrors).toEqual([])
  })

  it('the picker keeps its file; the toast’s Undo takes the import back', async () => {
    const page = app.page
    const h = freeSet(8)
    const path = file('undo-me.csv', [
      'Set Number,Quantity,Includes Spares,Inventory Ver',
      `${h.fullNumber},2,True,1`
    ])
    await chooseFile(page, 'Rebrickable set list', path)
    await preview(page).waitFor()
    expect(await page.getByTestId('import-file').textContent()).toBe('undo-me.csv')
    expect(
      await page
        .getByLabel('File to import')
        .evaluate((i) => (i as HTMLInputElement).files?.[0]?.name)
    ).toBe('undo-me.csv')
    await page.getByRole('button', { name: 'Apply import' }).click()
    const toasts = page.getByRole('region', { name: 'Notifications' })
    // This import's toast (the one before may still show its own Undo).
    const mine = toasts.locator('.toast').filter({ hasText: 'Imported 1 change' })
    await mine.waitFor()
    await mine.getByRole('button', { name: 'Undo' }).click()
    await toast(page, 'Undone')
    expect(await qtyShown(page, h)).toBe('0')
    expect(app.consoleErrors).toEqual([])
  })

  it('a file of the wrong shape: a clear error and nothing changes', async () => {
    const page = app.page
    const ownedBefore = await ownedCount(page)
    const path = file('not-rebrickable.csv', ['Name;Count', `${freeSet(5).fullNumber};4`])
    await chooseFile(page, 'Rebrickable set list', path)
    await toast(page, 'Check this value')
    await page
      .getByRole('region', { name: 'Notifications' })
      .getByText('missing column "Set Number"', { exact: false })
      .first()
      .waitFor()
    expect(await preview(page).count()).toBe(0)

    // Not CSV at all (a quote never closed): refused the same way.
    const broken = file('broken.csv', [
      'Set Number,Quantity,Includes Spares,Inventory ver',
      `"${freeSet(5).fullNumber},4,True,1`
    ])
    await chooseFile(page, 'Rebrickable set list', broken)
    await page.getByRole('region', { name: 'Notifications' }).getByText(/quote/i).first().waitFor()
    expect(await preview(page).count()).toBe(0)
    expect(await ownedCount(page)).toBe(ownedBefore)
    expect(await qtyShown(page, freeSet(5))).toBe('0')
    expect(app.consoleErrors).toEqual([])
  })
})
