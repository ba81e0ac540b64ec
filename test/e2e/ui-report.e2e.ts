import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BLANK_COPY } from '../../src/shared/model/collection'
import type { CopyDto } from '../../src/shared/model/collection'
import type { SearchResultDto, SetDetailDto } from '../../src/shared/model/catalog'
import { RETAIL_CURRENCY } from '../../src/shared/model/report'
import type { RetailRegion } from '../../src/shared/model/report'
import type { TotalsDto } from '../../src/shared/model/collection'
import { startApp } from './harness'
import type { AppUnderTest } from './harness'
import { waitForSets } from './ui-helpers'

/**
 * Issue #17's report, end to end: the demo collection (plus a copy in a second currency and an
 * amount without one) opened from the sidebar, printed to PDF by Chromium, read back with
 * pdftotext. What it must list is read from the app's own channels at test time.
 */

let app: AppUnderTest

function pdftotext(path: string): string {
  try {
    return execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' })
  } catch (e) {
    const missing = (e as NodeJS.ErrnoException).code === 'ENOENT'
    throw new Error(
      missing
        ? 'pdftotext is not installed: this test reads the PDF with it (apt-get install poppler-utils)'
        : `pdftotext failed: ${String(e)}`,
      { cause: e }
    )
  }
}

/** The PDF's text laid out as on paper: words of one line stay on one line, in their columns. */
function pdfLayout(path: string): string {
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-'], { encoding: 'utf8' })
}

/** Every word of the copies table's column names, as it heads the table. */
const HEADER_WORDS = [
  'Set',
  'Theme',
  'Year',
  'Condition',
  'Location',
  'Acquired',
  'Paid',
  'Value',
  'each',
  'Notes'
]

/** Whether an installed font covers a code point, as fontconfig (which Chromium uses) says. */
function fontHas(codePoint: number): boolean {
  return (
    execFileSync('fc-list', [`:charset=${codePoint.toString(16)}`], { encoding: 'utf8' }).trim() !==
    ''
  )
}

/** What one copy is worth by the report's rule: estimate, else paid, else the region's retail. */
function copyWorth(c: CopyDto, retail: { amount: number; currency: string } | null) {
  if (c.currentEstimatedValue > 0) return { amount: c.currentEstimatedValue, currency: c.currency }
  const paid = Math.round(c.pricePaid * 100) + Math.round(c.additionalPricePaid * 100)
  if (paid > 0) return { amount: paid / 100, currency: c.currency }
  return retail
}

function pdfPages(path: string): number {
  const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' })
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0)
}

const isBlank = (c: CopyDto): boolean =>
  (Object.keys(BLANK_COPY) as (keyof typeof BLANK_COPY)[]).every((k) => c[k] === BLANK_COPY[k])

/** Whitespace as one space: pdftotext breaks lines where the table's cells wrap. */
const flat = (s: string): string => s.replace(/[\s\u00a0\u202f]+/g, ' ').trim()

/** The plain ASCII words of a note: others may print as their code (checked below). */
const words = (s: string): string[] =>
  s.split(/\s+/).filter((w) => w !== '' && /^[\x20-\x7e]+$/.test(w))

const count = (text: string, needle: RegExp): number => [...text.matchAll(needle)].length
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** 0–255 from a CSS `rgb(r, g, b)` colour. */
function brightness(rgb: string): number {
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number)
  return (r + g + b) / 3
}

/**
 * The first page of a PDF rasterised in grey by pdftoppm: its mean (0 black – 255 white) and the
 * share of its pixels that are dark, which is where text printed black shows.
 */
function paper(pdf: string): { mean: number; dark: number } {
  const pgm = execFileSync('pdftoppm', ['-gray', '-r', '72', '-f', '1', '-l', '1', pdf])
  // Binary PGM: "P5", width, height, maxval, then one byte a pixel.
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'))
  if (!header) throw new Error('pdftoppm gave no PGM')
  const pixels = pgm.subarray(header[0].length)
  let sum = 0
  let dark = 0
  for (const p of pixels) {
    sum += p
    if (p < 100) dark++
  }
  return { mean: sum / pixels.length, dark: dark / pixels.length }
}

beforeAll(async () => {
  app = await startApp({ demoSets: 2000 })
  await waitForSets(app.page, 2000)
})

afterAll(async () => {
  await app.stop()
})

describe('insurance report of the demo collection', () => {
  it('prints every owned copy and each currency total to PDF', async () => {
    // The demo account's collection arrives after the sets: the report is made after it.
    await expect
      .poll(async () => (await app.rpc<{ running: boolean }>('sync:getStatus')).running, {
        interval: 250
      })
      .toBe(false)
    const owned = await app.rpc<SearchResultDto>('catalog:search', { owned: true, limit: 500 })
    expect(owned.rows.length).toBeGreaterThan(1)
    // A second currency and an amount without one, on two owned sets, beside the demo's own copy.
    const copy = { ...BLANK_COPY, dateAcquired: '2023-06-01', conditionNow: 'Sealed' }
    const [a, b] = owned.rows
    if (!a || !b) throw new Error('the demo owns too few sets')
    await app.rpc('collection:saveCopy', {
      setID: a.setID,
      copy: {
        ...copy,
        currency: 'USD',
        pricePaid: 59.99,
        currentEstimatedValue: 80,
        location: 'Loft box 3',
        // An emoji and a Japanese word: printed as drawn, or as their code and said so.
        notes: '🧱 box dented 倉庫'
      }
    })
    await app.rpc('collection:saveCopy', {
      setID: b.setID,
      copy: { ...copy, pricePaid: 15, additionalPricePaid: 2.5, location: 'Garage shelf' }
    })

    const page = app.page
    await page.getByRole('link', { name: 'Report' }).click()
    const doc = page.getByRole('article', { name: 'Report' })
    await doc.waitFor()
    // The user's Print: every picture loaded first, then the browser's print (here: page.pdf).
    await page.evaluate(() => {
      window.print = () => {
        document.body.dataset.printed = 'yes'
      }
    })
    await page.getByRole('button', { name: 'Print…' }).click()
    await page.waitForSelector('body[data-printed="yes"]')
    const pictures = await page.$$eval('.report-doc img', (imgs) =>
      imgs.map((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)
    )
    expect(pictures.length).toBeGreaterThan(0)
    expect(pictures.every(Boolean)).toBe(true)

    /** The page as Chromium prints it, read back as text; pages counted by pdfinfo. */
    const printed = async (name: string): Promise<{ text: string; pages: number }> => {
      const path = join(app.artifactsDir, name)
      await page.pdf({ path, preferCSSPageSize: true })
      const raw = pdftotext(path)
      writeFileSync(path.replace(/\.pdf$/, '.txt'), raw)
      return { text: flat(raw), pages: pdfPages(path) }
    }

    // What the app itself holds: every owned set, its quantity and its copies with details.
    const sets = (await app.rpc<SearchResultDto>('catalog:search', { owned: true, limit: 500 }))
      .rows
    const expected = await Promise.all(
      sets.map(async (s) => {
        const copies = await app.rpc<CopyDto[]>('collection:listCopies', { setID: s.setID })
        const mine = copies.filter((c) => !isBlank(c))
        return { s, mine, rest: Math.max(0, Math.max(s.collection.qtyOwned, 1) - mine.length) }
      })
    )
    const copies = expected.reduce((n, e) => n + e.mine.length + e.rest, 0)
    // Each currency's total as the app counts it, formatted as the page formats money.
    const totals = (await app.rpc<TotalsDto>('collection:getTotals')).money.filter(
      (m) => m.currency !== '' || m.paid !== 0 || m.value !== 0
    )
    expect(totals.map((t) => t.currency)).toEqual(expect.arrayContaining(['', 'GBP', 'USD']))
    const totalLines = await Promise.all(
      totals.map(async (t) => {
        const [paid, value] = await page.evaluate(
          ({ amounts, currency }) =>
            amounts.map((n) =>
              currency === ''
                ? n.toFixed(2)
                : new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(n)
            ),
          { amounts: [t.paid, t.value], currency: t.currency }
        )
        return flat(
          `${t.currency === '' ? 'No currency' : t.currency} ${paid ?? ''} ${value ?? ''}`
        )
      })
    )

    /**
     * Every row and total in the text. `exact`: each set's number once per row (one per detailed
     * copy, one for the rest of its quantity); with pictures the demo's pictures, which show the
     * number too, may add more.
     */
    const lists = (text: string, pages: number, exact: boolean): void => {
      expect(pages).toBeGreaterThan(0)
      expect(text).toContain(`Page 1 of ${pages}`)
      expect(text).toContain(`${sets.length} sets, ${copies} copies`)
      for (const { s, mine, rest } of expected) {
        const number = new RegExp(`(?<![\\w-])${escape(s.fullNumber)}(?![\\w-])`, 'g')
        const rows = mine.length + (rest > 0 ? 1 : 0)
        if (exact) expect(count(text, number), s.fullNumber).toBe(rows)
        else expect(count(text, number), s.fullNumber).toBeGreaterThanOrEqual(rows)
        // Each copy's own details; word by word, since a cell's lines may come out apart.
        for (const c of mine) {
          for (const word of words(`${c.location} ${c.conditionNow} ${c.notes}`)) {
            expect(text).toContain(word)
          }
        }
        // The set's own note too, whether or not the set has copies with details.
        const [first, ...others] = words(s.collection.notes)
        if (first !== undefined) expect(text).toContain(`Set: ${first}`)
        for (const word of others) expect(text).toContain(word)
        if (rest > 0) {
          const more = mine.length > 0 ? ' more' : ''
          expect(text).toContain(`${rest}${more} ${rest === 1 ? 'copy' : 'copies'} without details`)
        }
      }
      for (const line of totalLines) expect(text).toContain(line)
    }

    const withPictures = await printed('report-pictures.pdf')
    lists(withPictures.text, withPictures.pages, false)
    await page.getByLabel('Pictures').uncheck()
    const textOnly = await printed('report-text.pdf')
    lists(textOnly.text, textOnly.pages, true)
    // One date format, the page's locale's, for the heading and the rows alike.
    const [acquired, today] = await page.evaluate(() => {
      const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })
      return [day.format(new Date(2023, 5, 1)), day.format(new Date())]
    })
    expect(textOnly.text).toContain(flat(acquired))
    expect(textOnly.text).toContain(`Made ${flat(today)}`)
    expect(textOnly.text).not.toContain('2023-06-01')

    // The replacement value per currency, worked out here from the app's own data.
    const region = (await page.getByLabel('Retail prices of').inputValue()) as RetailRegion
    const worth = new Map<string, { cents: number; copies: number }>()
    for (const { s, mine, rest } of expected) {
      const detail = await app.rpc<SetDetailDto>('catalog:getSet', { setID: s.setID })
      const text = (detail.prices[region] ?? '').trim()
      const n = /^\d+([.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : 0
      const retail = n > 0 ? { amount: n, currency: RETAIL_CURRENCY[region] } : null
      const each = [
        ...mine.map((c) => copyWorth(c, retail)),
        ...Array.from({ length: rest }, () => retail)
      ]
      for (const v of each) {
        if (v === null) continue
        const t = worth.get(v.currency) ?? { cents: 0, copies: 0 }
        t.cents += Math.round(v.amount * 100)
        t.copies += 1
        worth.set(v.currency, t)
      }
    }
    expect(worth.size).toBeGreaterThan(0)
    const replacementLines = await Promise.all(
      [...worth.entries()].map(async ([currency, t]) => {
        const formatted = await page.evaluate(
          ({ amount, code }) =>
            code === ''
              ? amount.toFixed(2)
              : new Intl.NumberFormat(undefined, { style: 'currency', currency: code }).format(
                  amount
                ),
          { amount: t.cents / 100, code: currency }
        )
        return flat(
          `${currency === '' ? 'No currency' : currency} ${t.copies.toLocaleString('en')} ${formatted}`
        )
      })
    )
    for (const line of replacementLines) expect(textOnly.text).toContain(line)

    // A grand total in one currency only once the user has given every rate, worked out here.
    expect(worth.size).toBeGreaterThan(1)
    const target = RETAIL_CURRENCY[region]
    expect(textOnly.text).toMatch(/No grand total in one currency: no exchange rate was given/)
    expect(textOnly.text).not.toContain('Grand total in')
    const rateOf = (c: string): number => (c === '' ? 1 : c === 'GBP' ? 1.25 : 0.5)
    let grandCents = 0
    for (const [currency, t] of worth) {
      const rate = currency === target ? 1 : rateOf(currency)
      grandCents += Math.round(t.cents * rate)
      if (currency === target) continue
      await page
        .getByLabel(`${target} for 1 ${currency === '' ? 'No currency' : currency}`)
        .fill(String(rate))
    }
    const grand = await page.evaluate(
      ({ amount, code }) =>
        new Intl.NumberFormat(undefined, { style: 'currency', currency: code }).format(amount),
      { amount: grandCents / 100, code: target }
    )
    const withRates = await printed('report-grand-total.pdf')
    expect(withRates.text).toContain(`Grand total in ${target}: ${grand}`)

    // The owner from Settings, and the column names kept apart on both papers.
    await page.getByRole('link', { name: 'Settings' }).click()
    const owner = page.getByRole('region', { name: 'Owner on the insurance report' })
    await owner.getByLabel('Name').fill('Ada Builder')
    await owner.getByLabel('Address').fill('1 Brick Lane')
    await owner.getByRole('button', { name: 'Save owner' }).click()
    await owner.getByText('Saved.').waitFor()
    await page.getByRole('link', { name: 'Report' }).click()
    await page.locator('.report-owner', { hasText: 'Ada Builder' }).waitFor()
    for (const paperSize of ['A4', 'Letter'] as const) {
      await page.getByLabel('Paper').selectOption(paperSize)
      const path = join(app.artifactsDir, `report-${paperSize}.pdf`)
      await page.pdf({ path, preferCSSPageSize: true })
      const laid = pdfLayout(path)
      writeFileSync(path.replace(/\.pdf$/, '-layout.txt'), laid)
      const size = execFileSync('pdfinfo', [path], { encoding: 'utf8' })
      // A4 is 595 × 842 pt, Letter 612 × 792.
      expect(size).toMatch(paperSize === 'A4' ? /\(A4\)/ : /\(letter\)/)
      // The first page's column names: each word on its own, none run into its neighbour.
      const head = laid.split('\n').slice(0, 40).join('\n')
      for (const word of HEADER_WORDS) {
        expect(head, `${paperSize}: ${word}`).toMatch(
          new RegExp(`(^|[\\s(])${word}([\\s)]|$)`, 'm')
        )
      }
      // No two amounts in one cell run together ("DKK 399.00DKK 500.00").
      expect(laid).not.toMatch(/\.\d\d[A-Z]{3}\b|\.\d\d[£$€]/)
      expect(flat(laid)).toContain('Ada Builder')
      expect(flat(laid)).toContain('1 Brick Lane')
      for (const line of replacementLines) expect(flat(pdftotext(path))).toContain(line)
    }

    // Characters no installed font draws are their code on paper, and the report says so.
    const letter = flat(pdftotext(join(app.artifactsDir, 'report-Letter.pdf')))
    for (const [ch, cp] of [
      ['🧱', 0x1f9f1],
      ['倉', 0x5009],
      // The demo's own set note, "Birthday present 🎁".
      ['🎁', 0x1f381]
    ] as const) {
      const code = `[U+${cp.toString(16).toUpperCase()}]`
      if (fontHas(cp)) expect(letter).toContain(ch)
      else {
        expect(letter).toContain(code)
        expect(letter).not.toContain(ch)
        expect(letter).toMatch(/characters? \(emoji or a script this computer has no font for\)/)
      }
    }

    // Dark on screen (the system's choice and the app's own setting), black on white on paper.
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.evaluate(() => {
      document.documentElement.dataset.theme = 'dark'
    })
    const screenBg = await page.evaluate(() => {
      const el = document.querySelector('.report-doc')
      return el ? getComputedStyle(el).backgroundColor : ''
    })
    expect(brightness(screenBg)).toBeLessThan(100)
    await printed('report-dark.pdf')
    const sheet = paper(join(app.artifactsDir, 'report-dark.pdf'))
    expect(sheet.mean).toBeGreaterThan(220)
    expect(sheet.dark).toBeGreaterThan(0.005)
    expect(app.consoleErrors).toEqual([])
  })
})
