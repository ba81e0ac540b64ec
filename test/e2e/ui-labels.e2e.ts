import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import type { Locator } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LABEL_SHEETS, layoutLabels } from '../../src/shared/model/label-sheets'
import type { LabelSheetId } from '../../src/shared/model/label-sheets'
import { BLANK_COPY } from '../../src/shared/model/collection'
import { labelCode } from '../../src/shared/model/box-label'
import type { LabelsDto } from '../../src/shared/model/labels'
import { startSyncedApp } from './harness'
import type { AppUnderTest } from './harness'
import { go, startAudit } from './ui-helpers'
import { seriousAxeFindings } from './axe'

/**
 * Issue #30 §4, must show: box labels of the demo's copies printed to PDF by Chromium, the PDF
 * rasterised by pdftoppm, every label's QR read back by jsqr, and the codes read typed into scan
 * mode and into the shelf audit, where the user sees which copy each box is.
 */

let app: AppUnderTest
const DPI = 200
const work = mkdtempSync(join(tmpdir(), 'studbook-labels-e2e-'))

beforeAll(async () => {
  app = await startSyncedApp({ demoSets: 300 })
})

afterAll(async () => {
  await app.stop()
  rmSync(work, { recursive: true, force: true })
})

/** What an element says, its spaces folded as a reader hears them. */
async function words(l: Locator): Promise<string> {
  return ((await l.textContent()) ?? '').replace(/\s+/g, ' ').trim()
}

function pdfInfo(path: string): { pages: number; size: string } {
  const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' })
  return {
    pages: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0),
    size: /^Page size:\s+(.+)$/m.exec(info)?.[1] ?? ''
  }
}

/**
 * The QR codes of a printed PDF, read label by label: each page rendered to PNG by pdftoppm, cut
 * where the sheet's layout says each label is (jsqr finds one code per picture), and decoded.
 */
function readPrintedLabels(pdf: string, sheetId: LabelSheetId, count: number, start: number) {
  const sheet = LABEL_SHEETS[sheetId]
  const prefix = join(work, `${sheetId}-page`)
  execFileSync('pdftoppm', ['-png', '-r', String(DPI), pdf, prefix])
  const pages = readdirSync(work)
    .filter((f) => f.startsWith(`${sheetId}-page`) && f.endsWith('.png'))
    .sort()
    .map((f) => PNG.sync.read(readFileSync(join(work, f))))
  const px = (mm: number) => Math.round((mm / 25.4) * DPI)
  return layoutLabels(sheet, count, start).map((place) => {
    const png = pages[place.page]
    if (!png) return null
    const [x0, y0, w, h] = [px(place.x), px(place.y), px(sheet.labelWidth), px(sheet.labelHeight)]
    const crop = new Uint8ClampedArray(w * h * 4)
    for (let y = 0; y < h; y++) {
      const from = ((y0 + y) * png.width + x0) * 4
      crop.set(png.data.subarray(from, from + w * 4), y * w * 4)
    }
    return jsQR(crop, w, h)?.data ?? null
  })
}

async function printTo(name: string): Promise<string> {
  const path = join(work, name)
  await app.page.pdf({ path, preferCSSPageSize: true })
  return path
}

describe('box labels of the demo collection', () => {
  it('print to PDF, read back as QR codes, and are recognised by scan mode and the audit', async () => {
    const page = app.page
    app.consoleErrors.length = 0
    const { rows } = await app.rpc<{ rows: { setID: number; fullNumber: string }[] }>(
      'catalog:search',
      { owned: true, limit: 3 }
    )
    const [a, b] = rows
    if (!a || !b) throw new Error('the demo owns too few sets')
    const save = (setID: number, location: string) =>
      app.rpc<{ localId: string }>('collection:saveCopy', {
        setID,
        copy: { ...BLANK_COPY, location }
      })
    const onShelf = await save(a.setID, 'Loft › Shelf 4')
    const inBin = await save(b.setID, 'loft/shelf 4/Bin 2')

    // Every copy of the owned sets on A4 (Avery L7160), from the screen as a user opens it.
    await go(page, '#/scan')
    await page.getByRole('link', { name: 'print box labels' }).click()
    await page.getByRole('heading', { name: 'Box labels', level: 1 }).waitFor()
    await page.getByRole('combobox', { name: 'Label sheet' }).selectOption('L7160')
    const summary = page.getByTestId('labels-summary')
    await expect.poll(() => words(summary)).toMatch(/^\d+ labels? on \d+ sheets?\.$/)
    const all = await app.rpc<LabelsDto>('labels:list', { scope: 'owned' })
    expect(all.labels.length).toBeGreaterThan(2)
    expect(await page.getByTestId('box-label').count()).toBe(all.labels.length)
    const a4 = await printTo('labels-a4.pdf')
    const perA4 = 21
    const a4Info = pdfInfo(a4)
    expect(a4Info.pages).toBe(Math.ceil(all.labels.length / perA4))
    expect(a4Info.size).toContain('(A4)')
    expect(readPrintedLabels(a4, 'L7160', all.labels.length, 1)).toEqual(
      all.labels.map((l) => labelCode(l.localId))
    )

    // One location on Letter (Avery 5160), starting at label 29 of a sheet partly used.
    await page.getByRole('radio', { name: 'The copies at one location' }).check()
    const place = page.getByRole('combobox', { name: 'Location' })
    await place.fill('Loft › Shelf 4')
    await place.press('Enter')
    await place.blur()
    await page.getByRole('combobox', { name: 'Label sheet' }).selectOption('5160')
    await page.getByRole('spinbutton', { name: 'Start at label' }).fill('29')
    await expect.poll(() => words(summary)).toBe('2 labels on 1 sheet, starting at label 29.')
    // The screen as the user reads it, in both appearances (the sheets stay paper-white).
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      expect(await seriousAxeFindings(app.page), scheme).toEqual([])
    }
    await page.emulateMedia({ colorScheme: 'light' })
    const letter = await printTo('labels-letter.pdf')
    expect(pdfInfo(letter).size).toContain('(letter)')
    const shelfCodes = readPrintedLabels(letter, '5160', 2, 29)
    expect(new Set(shelfCodes)).toEqual(
      new Set([labelCode(onShelf.localId), labelCode(inBin.localId)])
    )

    // The codes read off the paper, typed into scan mode: each box shows its copy, adds nothing.
    const qty = async () =>
      (await app.rpc<{ collection: { qtyOwned: number } }>('catalog:getSet', { setID: a.setID }))
        .collection.qtyOwned
    const before = await qty()
    await go(page, '#/scan')
    const field = page.getByLabel('Code', { exact: true })
    for (const code of [...shelfCodes, 'STUDBOOK-COPY:no-such-copy']) {
      await field.fill(code ?? '')
      await field.press('Enter')
    }
    const lines = page.getByTestId('scan-line')
    await expect.poll(() => lines.count()).toBe(3)
    await expect
      .poll(() => page.locator('[data-testid="scan-line"][data-state="waiting"]').count())
      .toBe(0)
    const seen = await Promise.all([0, 1, 2].map((i) => words(lines.nth(i))))
    expect(seen[0]).toMatch(/Unknown No copy in this collection has the label/)
    expect(seen.slice(1).join(' | ')).toContain(`Your copy Your copy of ${a.fullNumber}`)
    expect(seen.slice(1).join(' | ')).toContain('at Loft › Shelf 4; nothing added')
    expect(seen.slice(1).join(' | ')).toContain('loft/shelf 4/Bin 2')
    expect(await qty()).toBe(before)

    // And into the shelf audit of that place: both boxes found.
    const code = await startAudit(page, 'Loft › Shelf 4')
    const live = page.getByTestId('audit-live')
    for (const c of shelfCodes) {
      await code.fill(c ?? '')
      await code.press('Enter')
      await expect.poll(() => live.textContent()).toMatch(/Found/)
    }
    await expect.poll(() => words(page.getByTestId('audit-counts'))).toMatch(/^2 of 2 found/)
    expect(app.consoleErrors).toEqual([])
  })
})
