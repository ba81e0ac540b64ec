import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSyncedApp } from './harness'
import type { AppUnderTest } from './harness'
import { go, listSettled, resultCount } from './ui-helpers'
import { seriousAxeFindings } from './axe'

/**
 * Issue #17's scan mode, must show: 20 EANs typed at scanner speed (25 ms between characters,
 * no wait between codes) each add their set to the collection, and an unknown EAN is listed.
 */

let app: AppUnderTest

beforeAll(async () => {
  app = await startSyncedApp({ demoSets: 2000 })
  // The demo's collection arrives after its catalogue: counts are read once it has.
})

afterAll(async () => {
  await app.stop()
})

interface Row {
  setID: number
  fullNumber: string
  collection: { owned: boolean; qtyOwned: number }
}

/** GS1 check digit, so the unknown code is one a scanner could really read. */
function withCheckDigit(body: string): string {
  let sum = 0
  for (let i = 0; i < body.length; i++) {
    sum += Number(body[i]) * ((body.length - 1 - i) % 2 === 0 ? 3 : 1)
  }
  return body + String((10 - (sum % 10)) % 10)
}

/** 20 sets of the app's own catalogue that are not owned yet, each with an EAN no other set has. */
async function demoSetsWithEans(): Promise<{ set: Row; ean: string }[]> {
  const { rows } = await app.rpc<{ rows: Row[] }>('catalog:search', { owned: false, limit: 200 })
  const picked: { set: Row; ean: string }[] = []
  for (const set of rows) {
    if (picked.length === 20) break
    const detail = await app.rpc<{ EAN: string | null }>('catalog:getSet', { setID: set.setID })
    if (detail.EAN === null || !/^\d{13}$/.test(detail.EAN)) continue
    // A code two sets carry would (rightly) ask which: this test wants one set per code.
    const carriers = await app.rpc<{ total: number }>('catalog:search', { text: detail.EAN })
    if (carriers.total === 1) picked.push({ set, ean: detail.EAN })
  }
  if (picked.length < 20) throw new Error(`only ${picked.length} demo sets with an EAN`)
  return picked
}

async function unknownEan(): Promise<string> {
  for (let n = 0; ; n++) {
    const ean = withCheckDigit(`99${String(n).padStart(10, '0')}`)
    const found = await app.rpc<{ total: number }>('catalog:search', { text: ean })
    if (found.total === 0) return ean
  }
}

describe('scan mode', () => {
  it('adds 20 sets scanned at scanner speed, and lists an unknown EAN as unknown', async () => {
    const page = app.page
    const scans = await demoSetsWithEans()
    const unknown = await unknownEan()
    await go(page, '#/owned')
    await listSettled(page)
    const ownedBefore = await resultCount(page)

    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Scan' })
      .click()
    const field = page.getByLabel('Code', { exact: true })
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true)

    // The scanner: digits 25 ms apart, then Enter, the next code straight after.
    for (const code of [...scans.map((s) => s.ean), unknown]) {
      await page.keyboard.type(code, { delay: 25 })
      await page.keyboard.press('Enter')
    }

    const lines = page.getByTestId('scan-line')
    await expect.poll(() => lines.count()).toBe(21)
    await expect
      .poll(() => page.locator('[data-testid="scan-line"][data-state="waiting"]').count())
      .toBe(0)
    // Every code is listed once, newest first, each with the set it found.
    const codes = await lines.locator('.code').allTextContents()
    expect(codes).toEqual([unknown, ...scans.map((s) => s.ean).reverse()])
    for (const [i, { set }] of [...scans].reverse().entries()) {
      const line = lines.nth(i + 1)
      expect(await line.getAttribute('data-state')).toBe('applied')
      expect(await line.textContent()).toContain(`Added ${set.fullNumber}`)
    }
    const first = lines.first()
    expect(await first.getAttribute('data-state')).toBe('unknown')
    expect(await first.textContent()).toContain(`No set carries the code ${unknown}`)
    // Each line says what its scan did (issue #28): the unknown one changed nothing.
    const outcome = (line: typeof first) => line.getByTestId('scan-outcome').textContent()
    expect(await outcome(first)).toBe('· nothing changed')
    expect(await first.textContent()).not.toContain('+1')
    expect(await outcome(lines.nth(1))).toBe('· 1 more owned')
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true)

    // The screen, its found and unknown lines included, reads right in light and dark mode.
    for (const scheme of ['light', 'dark'] as const) {
      // Without motion the lines show their settled colours, which are what axe should judge.
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      expect(await seriousAxeFindings(app.page), scheme).toEqual([])
    }
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' })

    // The collection holds each of the 20, once, as the service side of the app sees it…
    for (const { set } of scans) {
      const now = await app.rpc<Row>('catalog:getSet', { setID: set.setID })
      expect(now.collection, set.fullNumber).toMatchObject({ owned: true, qtyOwned: 1 })
    }
    // …and the owned list shows them.
    await go(page, '#/owned')
    await listSettled(page)
    await expect.poll(() => resultCount(page)).toBe(ownedBefore + 20)
    expect(app.consoleErrors).toEqual([])
  })
})
