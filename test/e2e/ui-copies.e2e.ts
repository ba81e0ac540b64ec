import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { labelCode } from '../../src/shared/model/box-label'
import { startApp } from './harness'
import type { AppUnderTest } from './harness'
import {
  BOXED_COPY,
  ServiceClient,
  go,
  serviceUserHash,
  startAudit,
  waitForSets
} from './ui-helpers'
import { seriousAxeFindings } from './axe'

/**
 * Issue #12 end to end: copies added while the service is down land on exactly their sets, in
 * the app and on the service (read back with getCollectionDetail), once.
 */

let app: AppUnderTest
let service: ServiceClient
let base = ''
let apiKey = ''
let userHash = ''

beforeAll(async () => {
  app = await startApp({ demoSets: 500, externalService: { sets: 500 } })
  const svc = app.service
  if (!svc) throw new Error('no external service')
  base = svc.url
  apiKey = svc.apiKey
  service = await ServiceClient.signedIn(svc)
  userHash = await serviceUserHash(base, apiKey, svc.username, svc.password)
  await app.rpc('sync:start', { full: true })
  await waitForSets(app.page, 500)
})

afterAll(async () => {
  await app.stop()
})

/** `limit` sets of the catalogue from `offset` on: far apart, so each test has its own. */
async function catalogueSets(
  limit: number,
  offset: number
): Promise<{ setID: number; fullNumber: string }[]> {
  const found = await app.rpc<{ rows: { setID: number; fullNumber: string }[] }>('catalog:search', {
    limit,
    offset
  })
  return found.rows
}

/** One field of each of a set's copies as the service lists them, sorted. */
async function serviceCopies(setID: number, field: 'notes' | 'location'): Promise<string[]> {
  const qs = new URLSearchParams({ apiKey, userHash, SetID: String(setID) })
  const xml = await (await fetch(`${base}/api/v2.asmx/getCollectionDetail?${qs.toString()}`)).text()
  const value = new RegExp(`<${field}>([^<]*)</${field}>`)
  return [...xml.matchAll(/<collectionDetails>([\s\S]*?)<\/collectionDetails>/g)]
    .map((m) => value.exec(m[1] ?? '')?.[1] ?? '')
    .sort()
}

async function appCopies(setID: number): Promise<string[]> {
  const list = await app.rpc<{ notes: string; collectionID: number | null; sync: string }[]>(
    'collection:listCopies',
    { setID }
  )
  return list.map((c) => `${c.notes}${c.collectionID === null ? ' (local)' : ''}/${c.sync}`).sort()
}

async function addCopy(page: Page, setID: number, notes: string): Promise<void> {
  await go(page, `#/browse/set/${setID}`)
  await page.getByRole('button', { name: 'Add copy' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add a copy' })
  await dialog.getByLabel('Price paid').fill('12.50')
  await dialog.getByLabel('Notes').fill(notes)
  await dialog.getByRole('button', { name: 'Save copy' }).click()
  await dialog.waitFor({ state: 'detached' })
  await expect
    .poll(async () => (await appCopies(setID)).some((c) => c.startsWith(`${notes} (local)`)))
    .toBe(true)
}

describe('copies against a reference service in its own process', () => {
  it('two copies on one set and one on another, added while stopped, each land on their set', async () => {
    const page = app.page
    const found = await app.rpc<{ rows: { setID: number }[] }>('catalog:search', { limit: 40 })
    const free: number[] = []
    for (const r of found.rows) {
      if ((await service.userSet(r.setID)).qtyOwned === 0) free.push(r.setID)
      if (free.length === 2) break
    }
    const [a = 0, b = 0] = free
    await app.service?.stop()
    await addCopy(page, a, 'A-first')
    await addCopy(page, b, 'B-only')
    await addCopy(page, a, 'A-second')
    await app.service?.start()
    const poll = { interval: 2_000 }
    await expect
      .poll(async () => {
        await app.rpc('sync:start', { full: false }).catch(() => undefined)
        return [await appCopies(a), await appCopies(b)]
      }, poll)
      .toEqual([['A-first/synced', 'A-second/synced'], ['B-only/synced']])
    expect(await serviceCopies(a, 'notes')).toEqual(['A-first', 'A-second'])
    expect(await serviceCopies(b, 'notes')).toEqual(['B-only'])
    // Another sync changes nothing: no duplicates on either side.
    await app.rpc('sync:start', { full: false })
    await expect
      .poll(async () => (await app.rpc<{ running: boolean }>('sync:getStatus')).running, poll)
      .toBe(false)
    expect(await serviceCopies(a, 'notes')).toEqual(['A-first', 'A-second'])
    expect(await serviceCopies(b, 'notes')).toEqual(['B-only'])
    expect([await appCopies(a), await appCopies(b)]).toEqual([
      ['A-first/synced', 'A-second/synced'],
      ['B-only/synced']
    ])
    await go(page, `#/browse/set/${a}`)
    // The set's own page lists its two copies (notes are not a column) and nothing of B.
    await page.getByRole('heading', { name: 'Copies (2)' }).waitFor()
    await expect.poll(() => page.getByRole('table').locator('tbody tr').count()).toBe(2)
    // Pictures the service does not have are console errors; a page error is the app's own.
    expect(app.consoleErrors.filter((e) => e.startsWith('pageerror:'))).toEqual([])
  })

  it('walks a location (issue #30 §4): typed labels tick found and misplaced, the fix moves the copy there and back', async () => {
    const page = app.page
    // Errors of the test before (its sets' pictures the service does not have) are not this one's.
    app.consoleErrors.length = 0
    const [s1, s2, s3] = await catalogueSets(3, 200)
    if (!s1 || !s2 || !s3) throw new Error('no sets')
    const save = (setID: number, location: string) =>
      app.rpc<{ localId: string }>('collection:saveCopy', {
        setID,
        copy: { ...BOXED_COPY, location }
      })
    const onShelf = await save(s1.setID, 'Study › Shelf 1')
    await save(s2.setID, 'study/shelf 1/Bin A')
    const away = await save(s3.setID, 'Garage')

    const field = await startAudit(page, 'Study › Shelf 1')
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true)
    const live = page.getByTestId('audit-live')
    await page.keyboard.type(labelCode(onShelf.localId))
    await page.keyboard.press('Enter')
    await expect.poll(() => live.textContent()).toContain(`Found ${s1.fullNumber}`)
    await page.keyboard.type(labelCode(away.localId))
    await page.keyboard.press('Enter')
    await expect.poll(() => live.textContent()).toContain('recorded at Garage')
    const rowOf = (set: { fullNumber: string }) =>
      page.locator('tbody tr').filter({ hasText: set.fullNumber })
    await rowOf(s2)
      .getByRole('button', { name: /^Missing:/ })
      .click()
    await expect
      .poll(() => words(page.getByTestId('audit-counts')))
      .toMatch(/1 of 2 found · 1 missing · 1 misplaced/)
    expect(await rowOf(s3).getAttribute('data-status')).toBe('misplaced')

    // The screen, its ticked rows included, reads right in light and dark mode.
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      expect(await seriousAxeFindings(page), scheme).toEqual([])
    }
    await page.emulateMedia({ colorScheme: 'light' })

    await page.getByRole('button', { name: 'Finish: show the report' }).click()
    const report = page.getByRole('region', { name: 'Discrepancy report' })
    await expect
      .poll(() => words(report.getByTestId('audit-summary')))
      .toMatch(/1 of 2 found at Study › Shelf 1; 1 missing, 1 misplaced, 0 unexpected/)
    await report.getByRole('button', { name: 'Apply and end the audit' }).click()
    await expect
      .poll(() => report.getByTestId('audit-fixed').textContent())
      .toContain('1 moved here')
    const location = async (setID: number) =>
      (await app.rpc<{ location: string }[]>('collection:listCopies', { setID }))[0]?.location
    expect(await location(s3.setID)).toBe('Study › Shelf 1')
    // The ticked-missing copy was not chosen for a move: it stays where it was recorded.
    expect(await location(s2.setID)).toBe('study/shelf 1/Bin A')
    // The move reaches the service as the copy's own location text.
    await expect
      .poll(() => serviceCopies(s3.setID, 'location'), { interval: 1_000 })
      .toEqual(['Study › Shelf 1'])
    await report.getByRole('button', { name: 'Undo the moves' }).click()
    await expect.poll(() => location(s3.setID)).toBe('Garage')
    expect(app.consoleErrors).toEqual([])
  })

  it('disposes of a copy (issue #30 §1): sold and deleted, listed in the Ledger, undone by Ctrl+Z', async () => {
    const page = app.page
    app.consoleErrors.length = 0
    const [s] = await catalogueSets(1, 300)
    if (!s) throw new Error('no set')
    await app.rpc('collection:saveCopy', {
      setID: s.setID,
      copy: {
        ...BOXED_COPY,
        dateAcquired: '2024-01-10',
        currency: 'EUR',
        pricePaid: 40,
        notes: 'to sell'
      }
    })
    const poll = { interval: 1_000 }
    await expect.poll(() => serviceCopies(s.setID, 'notes'), poll).toEqual(['to sell'])

    await go(page, `#/browse/set/${s.setID}`)
    await page.getByRole('heading', { name: 'Copies (1)' }).waitFor()
    await page.getByRole('button', { name: 'Dispose…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Dispose of this copy' })
    await dialog.getByLabel('Sold').check()
    await dialog.getByLabel('Proceeds', { exact: true }).fill('55')
    await dialog.getByLabel('Also delete this copy on the service').check()
    await dialog.getByRole('button', { name: 'Mark sold' }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.getByRole('heading', { name: 'Copies (0)' }).waitFor()
    // Deleted on the service once pushed.
    await expect.poll(() => serviceCopies(s.setID, 'notes'), poll).toEqual([])

    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Money' })
      .click()
    await page
      .getByRole('navigation', { name: 'Money pages' })
      .getByRole('link', { name: 'Ledger' })
      .click()
    const ledger = page.getByRole('region', { name: 'Ledger' })
    const entries = ledger.getByTestId('ledger-entries')
    await expect.poll(() => words(entries)).toContain(s.fullNumber)
    expect(await words(entries)).toMatch(/Sold\s*€40\.00\s*€55\.00\s*\+€15\.00\s*deleted/)
    expect(await words(ledger.getByTestId('ledger-totals'))).toMatch(/Realised in EUR: \+€15\.00/)
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      expect(await seriousAxeFindings(page), scheme).toEqual([])
    }
    await page.emulateMedia({ colorScheme: 'light' })

    // One edit: Ctrl+Z brings the copy back and takes the entry out of the ledger.
    await page.keyboard.press('Control+z')
    await expect.poll(() => entries.count()).toBe(0)
    await expect
      .poll(
        async () => (await app.rpc<unknown[]>('collection:listCopies', { setID: s.setID })).length
      )
      .toBe(1)
    expect(app.consoleErrors).toEqual([])
  })
})

/** What an element says, its spaces folded as a reader hears them. */
async function words(l: Locator): Promise<string> {
  return ((await l.textContent()) ?? '').replace(/\s+/g, ' ').trim()
}
