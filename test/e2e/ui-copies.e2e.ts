import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startApp } from './harness'
import type { AppUnderTest } from './harness'
import { ServiceClient, go, waitForSets } from './ui-helpers'

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
  service = new ServiceClient(svc.url, svc.apiKey)
  await service.login(svc.username, svc.password)
  const qs = new URLSearchParams({ apiKey, username: svc.username, password: svc.password })
  const xml = await (await fetch(`${base}/api/v2.asmx/login?${qs.toString()}`)).text()
  userHash = /<string[^>]*>([^<]*)<\/string>/.exec(xml)?.[1] ?? ''
  await app.rpc('sync:start', { full: true })
  await waitForSets(app.page, 500)
})

afterAll(async () => {
  await app.stop()
})

/** The notes of a set's copies as the service lists them. */
async function serviceCopies(setID: number): Promise<string[]> {
  const qs = new URLSearchParams({ apiKey, userHash, SetID: String(setID) })
  const xml = await (await fetch(`${base}/api/v2.asmx/getCollectionDetail?${qs.toString()}`)).text()
  return [...xml.matchAll(/<collectionDetails>([\s\S]*?)<\/collectionDetails>/g)]
    .map((m) => /<notes>([^<]*)<\/notes>/.exec(m[1] ?? '')?.[1] ?? '')
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
    const poll = { timeout: 90_000, interval: 2_000 }
    await expect
      .poll(async () => {
        await app.rpc('sync:start', { full: false }).catch(() => undefined)
        return [await appCopies(a), await appCopies(b)]
      }, poll)
      .toEqual([['A-first/synced', 'A-second/synced'], ['B-only/synced']])
    expect(await serviceCopies(a)).toEqual(['A-first', 'A-second'])
    expect(await serviceCopies(b)).toEqual(['B-only'])
    // Another sync changes nothing: no duplicates on either side.
    await app.rpc('sync:start', { full: false })
    await expect
      .poll(async () => (await app.rpc<{ running: boolean }>('sync:getStatus')).running, poll)
      .toBe(false)
    expect(await serviceCopies(a)).toEqual(['A-first', 'A-second'])
    expect(await serviceCopies(b)).toEqual(['B-only'])
    expect([await appCopies(a), await appCopies(b)]).toEqual([
      ['A-first/synced', 'A-second/synced'],
      ['B-only/synced']
    ])
    await go(page, `#/browse/set/${a}`)
    // The set's own page lists its two copies (notes are not a column) and nothing of B.
    await page.getByRole('heading', { name: 'Copies (2)' }).waitFor()
    await expect.poll(() => page.getByRole('table').locator('tbody tr').count()).toBe(2)
  })
})
