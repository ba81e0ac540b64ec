import Papa from 'papaparse'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseStringPromise } from 'xml2js'
import { startApp } from './harness'
import type { AppUnderTest } from './harness'
import { exportText, go, listSettled, resultCount, waitForSets, waitForSyncEnd } from './ui-helpers'

interface Row {
  setID: number
  fullNumber: string
  collection: { owned: boolean; wanted: boolean; qtyOwned: number; notes: string }
}

const DEMO_SETS = 500
const WANTED_NOTES = 'Boxed <sealed> & "mint" only'

let app: AppUnderTest
let owned: Row
let wanted: Row
let flagLabel = ''
let ownedShown = 0
let wantedShown = 0
let ownedName = ''

beforeAll(async () => {
  app = await startApp({ demoSets: DEMO_SETS })
  await waitForSets(app.page, DEMO_SETS)
  // Which sets are free is known only once the demo's collection has arrived, after the catalogue.
  await waitForSyncEnd(app)
  const { rows } = await app.rpc<{ rows: Row[] }>('catalog:search', { owned: false, limit: 100 })
  const free = rows.filter((r) => !r.collection.wanted && r.collection.notes === '')
  const [a, b] = free
  if (!a || !b) throw new Error('no free sets in the demo catalogue')
  ;[owned, wanted] = [a, b]
})

afterAll(async () => {
  await app.stop()
})

async function openSet(page: Page, set: Row): Promise<Locator> {
  await go(page, `#/browse/set/${set.setID}`)
  const detail = page.getByRole('article')
  await detail.locator('header').getByText(set.fullNumber, { exact: true }).waitFor()
  return detail
}

async function settled(detail: Locator): Promise<void> {
  await expect.poll(() => detail.locator('[data-sync="saving"]').count()).toBe(0)
}

/** The count a collection view shows, once that view (not the one before it) has answered. */
async function countIn(page: Page, hash: string, title: string): Promise<number> {
  await go(page, hash)
  await page.getByRole('heading', { name: title, level: 1 }).waitFor()
  await listSettled(page)
  return resultCount(page)
}

function csvRows(text: string): Record<string, string>[] {
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true })
  expect(parsed.errors).toEqual([])
  return parsed.data
}

describe('exports read back against what the screens show', () => {
  it('edits made in the UI: owned ×2 with a flag, and a wanted set with notes', async () => {
    const page = app.page
    let detail = await openSet(page, owned)
    ownedName = ((await detail.getByRole('heading', { level: 1 }).textContent()) ?? '').trim()
    await detail.getByRole('checkbox', { name: 'Owned' }).check()
    await settled(detail)
    const qty = detail.getByRole('spinbutton', { name: 'Quantity owned' })
    await qty.fill('2')
    await qty.press('Tab')
    await expect.poll(() => qty.inputValue()).toBe('2')
    await settled(detail)
    const chip = detail.getByRole('group', { name: 'Flags' }).getByRole('button').nth(1)
    flagLabel = ((await chip.textContent()) ?? '').trim()
    await chip.click()
    await expect.poll(() => chip.getAttribute('aria-pressed')).toBe('true')
    await settled(detail)

    detail = await openSet(page, wanted)
    await detail.getByRole('checkbox', { name: 'Wanted' }).check()
    await settled(detail)
    await detail.getByRole('textbox', { name: 'Notes' }).fill(WANTED_NOTES)
    await detail.getByRole('heading', { level: 1 }).click()
    await expect
      .poll(async () => {
        const set = await app.rpc<Row>('catalog:getSet', { setID: wanted.setID })
        return set.collection.notes
      })
      .toBe(WANTED_NOTES)

    ownedShown = await countIn(page, '#/owned', 'My collection')
    wantedShown = await countIn(page, '#/wanted', 'Wanted')
    expect(ownedShown).toBeGreaterThan(0)
    expect(wantedShown).toBeGreaterThan(0)
  })

  it('Brickset collection CSV: the site’s columns, Qty owned, Yes/No for wanted and each flag label', async () => {
    const page = app.page
    await go(page, '#/exchange')
    const rows = csvRows(await exportText(page, 'Export Brickset collection CSV'))
    expect(rows.filter((r) => Number(r['Qty owned']) > 0)).toHaveLength(ownedShown)
    expect(rows.filter((r) => r.Wanted === 'Yes')).toHaveLength(wantedShown)
    const mine = rows.find((r) => r.Number === owned.fullNumber)
    expect(mine).toMatchObject({ 'Set name': ownedName, 'Qty owned': '2', Wanted: 'No' })
    expect(mine?.[flagLabel]).toBe('Yes')
    // Brickset's layout: eight flag columns between Priority and Value new (USD).
    const columns = Object.keys(mine ?? {})
    const flagColumns = columns.slice(
      columns.indexOf('Priority') + 1,
      columns.indexOf('Value new (USD)')
    )
    expect(flagColumns).toHaveLength(8)
    expect(flagColumns.filter((c) => mine?.[c] === 'Yes')).toEqual([flagLabel])
    const want = rows.find((r) => r.Number === wanted.fullNumber)
    expect(want).toMatchObject({ 'Qty owned': '0', Wanted: 'Yes', Notes: WANTED_NOTES })
    for (const r of rows) expect(['Yes', 'No']).toContain(r[flagLabel])
  })

  it('Full Studbook and BrickEconomy files import back into this collection with nothing to change', async () => {
    const page = app.page
    await go(page, '#/exchange')
    const full = await exportText(page, 'Export Full Studbook CSV')
    const preview = await app.rpc<{ adds: number; changes: number; problems: unknown[] }>(
      'exchange:previewImport',
      { format: 'studbook', content: full }
    )
    expect(preview).toMatchObject({ adds: 0, changes: 0, problems: [] })
    // So does our BrickEconomy file (its dates day first, as written).
    const be = await exportText(page, 'Export BrickEconomy collection CSV')
    const again = await app.rpc<{ adds: number; changes: number; problems: unknown[] }>(
      'exchange:previewImport',
      { format: 'brickeconomy', content: be, dateOrder: 'dayFirst' }
    )
    expect(again).toMatchObject({ adds: 0, changes: 0, problems: [] })
  })

  it('Rebrickable set list: the owned sets with their quantities', async () => {
    const page = app.page
    await go(page, '#/exchange')
    const rows = csvRows(await exportText(page, 'Export Rebrickable set list'))
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'Set Number',
      'Quantity',
      'Includes Spares',
      'Inventory Ver'
    ])
    expect(rows).toHaveLength(ownedShown)
    expect(rows.find((r) => r['Set Number'] === owned.fullNumber)?.Quantity).toBe('2')
    expect(rows.some((r) => r['Set Number'] === wanted.fullNumber)).toBe(false)
  })

  it('BrickLink wanted list: an ITEM per wanted set and wanted minifigure; notes only if asked', async () => {
    const page = app.page
    await go(page, '#/exchange')
    const xml = await exportText(page, 'Export BrickLink wanted list XML')
    // BrickLink's upload refuses a file with an XML declaration.
    expect(xml.startsWith('<INVENTORY>')).toBe(true)
    const doc = (await parseStringPromise(xml)) as {
      INVENTORY: { ITEM?: { ITEMTYPE: string[]; ITEMID: string[]; REMARKS?: string[] }[] }
    }
    const items = doc.INVENTORY.ITEM ?? []
    const sets = items.filter((i) => i.ITEMTYPE[0] === 'S')
    expect(sets).toHaveLength(wantedShown)
    // The wanted minifigures, as the Minifigures screen lists them.
    const figs = await app.rpc<{ minifigNumber: string }[]>('collection:listMinifigs', {
      filter: 'wanted'
    })
    expect(
      items
        .filter((i) => i.ITEMTYPE[0] === 'M')
        .map((i) => i.ITEMID[0])
        .sort()
    ).toEqual(figs.map((m) => m.minifigNumber).sort())
    expect(sets.length + figs.length).toBe(items.length)
    // A set's notes are private: no remarks unless the user ticks the box.
    expect(sets.find((i) => i.ITEMID[0] === wanted.fullNumber)?.REMARKS).toBeUndefined()
    expect(items.some((i) => i.ITEMID[0] === owned.fullNumber)).toBe(false)
    await page
      .getByRole('checkbox', { name: 'Send each wanted set’s notes as BrickLink remarks' })
      .check()
    const asked = (await parseStringPromise(
      await exportText(page, 'Export BrickLink wanted list XML')
    )) as typeof doc
    const mine = (asked.INVENTORY.ITEM ?? []).find((i) => i.ITEMID[0] === wanted.fullNumber)
    expect(mine?.REMARKS?.[0]).toBe(WANTED_NOTES)
    expect(app.consoleErrors).toEqual([])
  })
})
