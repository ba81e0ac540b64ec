import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApp, startService } from './harness'
import type { AppUnderTest, ExternalService } from './harness'
import { go, resultCount } from './ui-helpers'

/**
 * Issue #14, items 1 and 3: with a real (loopback) service that stops and starts again, every
 * status on screen tells the truth, and nothing waits for the user to press Sync or reload.
 * Each getSets answer takes 150 ms, so the first download can be cut off part way.
 */

const SETS = 6000
let app: AppUnderTest
let service: ExternalService
let serviceDir: string

interface Status {
  running: boolean
  phase: string
  catalogueSets: number
}

beforeAll(async () => {
  serviceDir = mkdtempSync(join(tmpdir(), 'studbook-e2e-status-'))
  service = await startService(SETS, serviceDir, 5, { setsLatencyMs: 150 })
  app = await startApp({ demoSets: 200 })
})

afterAll(async () => {
  await app.stop()
  await service.stop()
  rmSync(serviceDir, { recursive: true, force: true })
})

const header = (page: Page) => page.getByTestId('pending')
const offline = (page: Page) => page.getByTestId('offline')

describe('statuses that tell the truth', () => {
  it('a download cut off by the service stopping says so, and resumes by itself to the end', async () => {
    const page = app.page
    await go(page, '#/browse')
    // Connect and sign in as the settings form would; nobody presses Sync from here on.
    await app.rpc('account:saveProfile', { baseUrl: service.url, apiKey: service.apiKey })
    await app.rpc('account:signIn', { username: service.username, password: service.password })
    await expect
      .poll(async () => {
        const s = await app.rpc<Status>('sync:getStatus')
        return s.running && s.phase === 'sets' && s.catalogueSets >= 1000
      })
      .toBe(true)
    await service.stop()

    // Offline, the catalogue short of its total, and Resume: never "All synced".
    await offline(page).waitFor()
    await header(page)
      .filter({
        hasText: new RegExp(`Catalogue incomplete: [\\d,]+ of ${SETS.toLocaleString()} sets`)
      })
      .waitFor()
    await page.getByRole('button', { name: 'Resume', exact: true }).waitFor()
    // The sync page claims no complete sync of this service: none happened (issue #28).
    await go(page, '#/sync')
    await page.getByTestId('sync-headline').filter({ hasText: 'Offline' }).waitFor()
    expect(await page.getByTestId('last-sync').textContent()).toBe('No complete sync yet')
    await go(page, '#/browse')
    const got = await resultCount(page)
    expect(got).toBeGreaterThanOrEqual(1000)
    expect(got).toBeLessThan(SETS)

    await service.start()
    await expect.poll(() => resultCount(page).catch(() => 0)).toBe(SETS)
    await header(page).filter({ hasText: 'All synced' }).waitFor()
    expect(await offline(page).count()).toBe(0)
    await page.getByRole('button', { name: 'Sync', exact: true }).waitFor()
  })

  it('an edit sent in the background turns its row Synced, with no sync and no click', async () => {
    const page = app.page
    const { rows } = await app.rpc<{
      rows: { setID: number; fullNumber: string; collection: { owned: boolean; wanted: boolean } }[]
    }>('catalog:search', { limit: 50 })
    // A set neither owned nor wanted shows no badge: one that appears is this edit's.
    const plain = rows.find((r) => !r.collection.owned && !r.collection.wanted)
    if (!plain) throw new Error('no plain set')
    await go(page, '#/browse')
    await page.getByRole('searchbox', { name: 'Search sets' }).fill(plain.fullNumber)
    const row = page.getByRole('gridcell').filter({ hasText: plain.fullNumber }).first()
    await row.waitFor()
    expect(await row.locator('[data-sync]').count()).toBe(0)
    await page.getByRole('grid').focus()
    await page.keyboard.press('Home')
    await page.keyboard.press('w')
    await row.locator('[data-sync="synced"]').waitFor()
    expect(await app.rpc<{ pending: number }>('sync:getStatus')).toMatchObject({ pending: 0 })
  })

  it('an edit made while the service is down turns Synced in the set panel, with no click', async () => {
    const page = app.page
    const { rows } = await app.rpc<{ rows: { setID: number }[] }>('catalog:search', { limit: 2 })
    const second = rows[1]
    if (!second) throw new Error('no sets')
    await go(page, `#/browse/set/${second.setID}`)
    const panel = page.getByRole('region', { name: 'My collection' })
    const wanted = panel.getByRole('checkbox', { name: 'Wanted' })
    await wanted.waitFor()
    const was = await wanted.isChecked()
    await service.stop()
    await wanted.click()
    await panel.getByText('Saved, waiting to sync').waitFor()
    await header(page).filter({ hasText: '1 pending' }).waitFor()
    await offline(page).waitFor()

    await service.start()
    await panel.getByText('Synced', { exact: true }).waitFor()
    expect(await wanted.isChecked()).toBe(!was)
    await header(page).filter({ hasText: 'All synced' }).waitFor()
    expect(await offline(page).count()).toBe(0)
  })
})
