import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startApp } from '../test/e2e/harness'
import type { AppUnderTest } from '../test/e2e/harness'
import { go, waitForSets } from '../test/e2e/ui-helpers'
import { machine } from './doc-section'

/**
 * `npm run bench:report` (needs `npx electron-vite build` first): issue #17's report of a
 * 2,000-copy collection in Debian Chromium through the browser host: building the collection,
 * the report's answer, drawing the page, loading its pictures, page.pdf() and its page count.
 * Writes the "Report" section of docs/benchmarks.md.
 */
const ROOT = join(import.meta.dirname, '..')
const DOC = join(ROOT, 'docs/benchmarks.md')
const COPIES = Number(process.env.REPORT_BENCH_COPIES ?? 2000)
const CURRENCIES = ['EUR', 'USD', 'GBP', '']

interface SetRow {
  setID: number
}

/** One copy on each of `COPIES` sets (so as many pictures), four currencies, one without. */
async function buildCollection(app: AppUnderTest): Promise<number> {
  const ids: number[] = []
  for (let offset = 0; ids.length < COPIES; offset += 500) {
    const page = await app.rpc<{ rows: SetRow[] }>('catalog:search', { offset, limit: 500 })
    if (page.rows.length === 0) break
    ids.push(...page.rows.map((r) => r.setID))
  }
  const started = performance.now()
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < COPIES && next < ids.length) {
      const i = next++
      await app.rpc('collection:saveCopy', {
        setID: ids[i],
        copy: {
          dateAcquired: '2022-05-01',
          currency: CURRENCIES[i % CURRENCIES.length],
          pricePaid: 10 + (i % 90),
          additionalPricePaid: i % 7 === 0 ? 4.5 : 0,
          currentEstimatedValue: 20 + (i % 120),
          conditionWhenAcquired: 'New',
          acquiredFrom: 'Shop',
          conditionNow: i % 2 === 0 ? 'Built' : 'Sealed',
          location: `Shelf ${1 + (i % 40)}`,
          notes: i % 10 === 0 ? 'Receipt in the folder' : '',
          parts: true,
          minifigs: true,
          instructions: true,
          box: i % 3 !== 0,
          willTrade: false
        }
      })
    }
  }
  await Promise.all([worker(), worker(), worker(), worker()])
  return performance.now() - started
}

/** Resolves once the frame after the last change has been rendered. */
const NEXT_FRAME = `new Promise((resolve) => requestAnimationFrame(() => {
  const ch = new MessageChannel()
  ch.port1.onmessage = () => resolve(0)
  ch.port2.postMessage(0)
}))`

const ROWS = `document.querySelectorAll('.report-doc .report-table:not(.totals) tbody tr').length`

async function pdf(
  app: AppUnderTest,
  name: string
): Promise<{ ms: number; pages: number; bytes: number }> {
  const path = join(app.dataDir, name)
  const t0 = performance.now()
  await app.page.pdf({ path, preferCSSPageSize: true })
  const ms = performance.now() - t0
  const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' })
  return { ms, pages: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0), bytes: statSync(path).size }
}

function writeSection(body: string): void {
  const title = '## Report'
  let doc = existsSync(DOC) ? readFileSync(DOC, 'utf8') : '# Benchmarks\n'
  const start = doc.indexOf(`\n${title}\n`)
  const section = `${title}\n\n${body.trim()}\n`
  if (start === -1) doc = `${doc.trimEnd()}\n\n${section}`
  else {
    const next = doc.indexOf('\n## ', start + title.length + 1)
    doc = doc.slice(0, start + 1) + section + (next === -1 ? '' : `\n${doc.slice(next + 1)}`)
  }
  writeFileSync(DOC, doc.endsWith('\n') ? doc : `${doc}\n`)
}

const ms = (n: number): string => `${(n / 1000).toFixed(2)} s`

async function main(): Promise<void> {
  const where = machine()
  const app = await startApp({ demoSets: COPIES })
  try {
    const page = app.page
    await waitForSets(page, COPIES, 300_000)
    const build = await buildCollection(app)
    console.log(`built ${COPIES} copies in ${ms(build)}`)
    // Each copy is an edit the app sends to the service: measured once they are all sent.
    const t9 = performance.now()
    for (;;) {
      const st = await app.rpc<{ running: boolean; pending: number }>('sync:getStatus')
      if (!st.running && st.pending === 0) break
      await page.waitForTimeout(500)
    }
    const sent = performance.now() - t9
    const t0 = performance.now()
    const dto = await app.rpc<{ rows: unknown[]; copies: number }>('report:build', {
      scope: 'owned'
    })
    const answer = performance.now() - t0
    const rows = dto.rows.length

    // Render: from the route change to the frame that shows every row.
    const t1 = performance.now()
    await go(page, '#/report')
    // Polled from here: a string predicate would need eval, which the app's CSP forbids.
    while ((await page.evaluate<number>(ROWS)) < rows) await page.waitForTimeout(20)
    await page.evaluate(NEXT_FRAME)
    const render = performance.now() - t1

    // A report this long starts without pictures; the bench asks for them, as a user may.
    const startedWithPictures = await page.getByLabel('Pictures').isChecked()
    const t3 = performance.now()
    await page.getByLabel('Pictures').check()
    await page.evaluate(NEXT_FRAME)
    const picturesOn = performance.now() - t3
    // What Print does first: every lazy picture asked for and waited on.
    await page.evaluate(`window.print = () => { document.body.dataset.printed = 'yes' }`)
    const t2 = performance.now()
    await page.getByRole('button', { name: 'Print…' }).click()
    await page.waitForSelector('body[data-printed="yes"]', { timeout: 300_000 })
    const pictures = performance.now() - t2
    const loaded = await page.evaluate(
      `[...document.querySelectorAll('.report-doc img')].filter((i) => i.complete && i.naturalWidth > 0).length`
    )
    const paper = await page.getByLabel('Paper').inputValue()
    const withPictures = await pdf(app, 'report-pictures.pdf')

    await page.getByLabel('Pictures').uncheck()
    await page.evaluate(NEXT_FRAME)
    const without = await pdf(app, 'report-text.pdf')

    const body = `
Measured ${new Date().toISOString().slice(0, 10)} on ${where}; Debian Chromium (headless,
software rendering) through the browser host, by \`npm run bench:report\` (bench/report.ts).
A ${COPIES.toLocaleString('en-US')}-set demo catalogue with one copy on each of ${COPIES.toLocaleString('en-US')}
sets (four currency groups, so ${COPIES.toLocaleString('en-US')} different pictures), ${paper} paper.

| Measure | Result |
|---|---:|
| Building the collection: ${COPIES.toLocaleString('en-US')} \`collection:saveCopy\` calls, 4 at a time | ${ms(build)} |
| Then until the app had sent every one of those edits to the (in-process demo) service | ${ms(sent)} |
| \`report:build\` answer (${rows.toLocaleString('en-US')} rows, ${dto.copies.toLocaleString('en-US')} copies) | ${ms(answer)} |
| Route change → every row drawn (pictures ${startedWithPictures ? 'on' : 'off'} at first) | ${ms(render)} |
| Ticking Pictures → rows redrawn with lazy pictures | ${ms(picturesOn)} |
| Print: loading every picture first (${String(loaded)} loaded) | ${ms(pictures)} |
| \`page.pdf()\` with pictures: time; pages; size | ${ms(withPictures.ms)}; ${withPictures.pages}; ${(withPictures.bytes / 1e6).toFixed(1)} MB |
| \`page.pdf()\` without pictures: time; pages; size | ${ms(without.ms)}; ${without.pages}; ${(without.bytes / 1e6).toFixed(1)} MB |
`
    console.log(body)
    writeSection(body)
  } finally {
    await app.stop()
  }
}

void main()
