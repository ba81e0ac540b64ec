import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApp, startService } from './harness'
import type { AppUnderTest, ExternalService } from './harness'
import { go, resultCount, waitForSets } from './ui-helpers'

/**
 * Issue #14: the account syncs by itself. Nobody presses Sync in this file: signing in, saving a
 * profile and the service coming back are what bring the collection and the catalogue.
 */

const DEMO_SETS = 300
const SERVICE_SETS = 3000
// The catalogue is named as what downloads, with N of the service's M sets (issue #28).
const DOWNLOADING = new RegExp(
  `^Downloading the catalogue… [\\d,]+ of ${SERVICE_SETS.toLocaleString()} sets$`
)

let app: AppUnderTest
let service: ExternalService
let serviceDir: string

beforeAll(async () => {
  serviceDir = mkdtempSync(join(tmpdir(), 'studbook-e2e-autosync-'))
  // Each catalogue page takes 100 ms: signing in lands while the first download still runs.
  service = await startService(SERVICE_SETS, serviceDir, 3, { setsLatencyMs: 100 })
  app = await startApp({ demoSets: DEMO_SETS })
})

afterAll(async () => {
  await app.stop()
  await service.stop()
  rmSync(serviceDir, { recursive: true, force: true })
})

/** The user's owned sets as the service lists them (v2 getSets owned=1, one page is enough). */
async function serviceOwnedCount(): Promise<number> {
  const login = new URLSearchParams({
    apiKey: service.apiKey,
    username: service.username,
    password: service.password
  })
  const hashXml = await (await fetch(`${service.url}/api/v2.asmx/login?${login.toString()}`)).text()
  const userHash = /<string[^>]*>([^<]*)<\/string>/.exec(hashXml)?.[1] ?? ''
  const qs = new URLSearchParams({
    apiKey: service.apiKey,
    userHash,
    userName: '',
    params: '',
    query: '',
    theme: '',
    subtheme: '',
    setNumber: '',
    year: '',
    owned: '1',
    wanted: '',
    orderBy: 'Number',
    pageSize: '500',
    pageNumber: '1'
  })
  const xml = await (await fetch(`${service.url}/api/v2.asmx/getSets?${qs.toString()}`)).text()
  return [...xml.matchAll(/<setID>\d+<\/setID>/g)].length
}

function header(page: Page) {
  return page.getByTestId('pending')
}

/**
 * Every text the sync header shows from now on, however briefly: progress may pass faster than a
 * poll would look, so the page records each change itself.
 */
async function recordHeader(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const w = window as unknown as { headerTexts: string[] }
    w.headerTexts = []
    const note = (): void => {
      const text = document.querySelector('[data-testid="pending"]')?.textContent.trim() ?? ''
      if (text !== '' && w.headerTexts.at(-1) !== text) w.headerTexts.push(text)
    }
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true
    })
    note()
  })
  return () => page.evaluate(() => (window as unknown as { headerTexts: string[] }).headerTexts)
}

describe('the account syncs by itself', () => {
  it('saving a profile downloads the catalogue; signing in meanwhile brings the collection too', async () => {
    const page = app.page
    await waitForSets(page, DEMO_SETS)
    const owned = await serviceOwnedCount()
    expect(owned).toBeGreaterThan(0)

    await go(page, '#/settings')
    const seen = await recordHeader(page)
    const main = page.locator('main')
    await main.getByLabel('Service address').fill(service.url)
    await main.getByLabel('API key').fill(service.apiKey)
    await main.getByRole('button', { name: 'Save and connect', exact: true }).click()
    await main.getByText(`Connected to ${service.url}; API key saved.`).waitFor()
    // Saving the profile alone started the download; the user signs in while it runs.
    await expect.poll(seen).toEqual(expect.arrayContaining([expect.stringMatching(DOWNLOADING)]))
    await main.getByLabel('Username').fill(service.username)
    await main.getByLabel('Password').fill(service.password)
    await main.getByRole('button', { name: 'Sign in' }).click()
    await main.getByText(`Signed in as ${service.username}.`).waitFor()

    // The whole catalogue, and the collection with it: nobody pressed Sync.
    await go(page, '#/owned')
    await expect.poll(() => resultCount(page), { interval: 500 }).toBe(owned)
    await header(page).filter({ hasText: 'All synced' }).waitFor()
    await go(page, '#/browse')
    expect(await waitForSets(page, SERVICE_SETS, 60_000)).toBe(SERVICE_SETS)
  })
})
