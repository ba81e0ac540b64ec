import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startSyncedApp } from './harness'
import type { AppUnderTest } from './harness'
import { ServiceClient, go, resultCount } from './ui-helpers'

/**
 * Issue #14, item 4: a copy is a unit the collector owns. Adding one ticks Owned, the quantity
 * never falls below the copies listed, and My collection and Totals count the set.
 */

let app: AppUnderTest
let service: ServiceClient

beforeAll(async () => {
  // The collection (and its copies' prices) arrives after the sets: counts are taken after it.
  app = await startSyncedApp({ demoSets: 400, externalService: { sets: 400 } })
  service = await ServiceClient.signedIn(app.service)
})

afterAll(async () => {
  await app.stop()
})

interface Totals {
  distinctSetsOwned: number
  money: { currency: string; paid: number }[]
}

/** How many different sets Totals counts as owned. */
async function ownedCounted(): Promise<number> {
  return (await app.rpc<Totals>('collection:getTotals')).distinctSetsOwned
}

/** Everything paid, in any currency: the test's copies each carry one price. */
async function paidCounted(): Promise<number> {
  const { money } = await app.rpc<Totals>('collection:getTotals')
  return money.reduce((n, m) => n + m.paid, 0)
}

/** Waits until My collection lists `n` sets, as the user reads its count. */
async function expectOwnedListed(page: Page, n: number): Promise<void> {
  await go(page, '#/owned')
  await expect.poll(() => resultCount(page).catch(() => -1)).toBe(n)
}

async function panel(page: Page): Promise<{ owned: boolean; qty: number; copies: string }> {
  const article = page.getByRole('article')
  return {
    owned: await article.getByRole('checkbox', { name: 'Owned' }).isChecked(),
    qty: Number(await article.getByRole('spinbutton', { name: 'Quantity owned' }).inputValue()),
    copies: (await article.locator('#copies-title').textContent()) ?? ''
  }
}

async function syncAndWait(): Promise<void> {
  await app.rpc('sync:start', { full: false })
  await expect
    .poll(async () => (await app.rpc<{ running: boolean }>('sync:getStatus')).running)
    .toBe(false)
}

/** Sets the service's user does not own, asked of the service itself. */
async function unownedSets(n: number, skip: ReadonlySet<number>): Promise<number[]> {
  const found = await app.rpc<{ rows: { setID: number }[] }>('catalog:search', { limit: 100 })
  const out: number[] = []
  for (const r of found.rows) {
    if (skip.has(r.setID)) continue
    if (!(await service.userSet(r.setID)).owned) out.push(r.setID)
    if (out.length === n) break
  }
  return out
}

async function openSet(page: Page, setID: number): Promise<void> {
  await go(page, '#/browse')
  await go(page, `#/browse/set/${setID}`)
  await page.getByRole('article').getByRole('checkbox', { name: 'Owned' }).waitFor()
}

const used = new Set<number>()

describe('a copy is a unit owned', () => {
  it('adding a copy with a price to a set not owned ticks Owned, and every screen counts it', async () => {
    const page = app.page
    const [setID = 0] = await unownedSets(1, used)
    used.add(setID)
    const ownedBefore = await ownedCounted()
    const paidBefore = await paidCounted()

    await go(page, `#/browse/set/${setID}`)
    const article = page.getByRole('article')
    await article.getByRole('checkbox', { name: 'Owned' }).waitFor()
    expect(await panel(page)).toEqual({ owned: false, qty: 0, copies: 'Copies (0)' })
    await page.getByRole('button', { name: 'Add copy' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add a copy' })
    await dialog.getByLabel('Price paid').fill('49.99')
    await dialog.getByRole('button', { name: 'Save copy' }).click()
    await dialog.waitFor({ state: 'detached' })

    // The panel follows at once: owned, one unit, one copy.
    await expect.poll(() => panel(page)).toEqual({ owned: true, qty: 1, copies: 'Copies (1)' })
    // It reaches the service, and a sync afterwards keeps it owned.
    await expect
      .poll(() => service.userSet(setID).then((s) => [s.owned, s.qtyOwned]))
      .toEqual([true, 1])
    await syncAndWait()
    await openSet(page, setID)
    expect(await panel(page)).toEqual({ owned: true, qty: 1, copies: 'Copies (1)' })

    // Unticking Owned would drop the copy and its price: refused, and nothing changes.
    await article.getByRole('checkbox', { name: 'Owned' }).click()
    await page
      .getByRole('region', { name: 'Notifications' })
      .getByText(/carr(y|ies) details/)
      .waitFor()
    await expect.poll(() => panel(page)).toEqual({ owned: true, qty: 1, copies: 'Copies (1)' })

    // My collection and Totals agree: one more set, and its price counted once.
    await expectOwnedListed(page, ownedBefore + 1)
    expect(await ownedCounted()).toBe(ownedBefore + 1)
    expect(await paidCounted()).toBeCloseTo(paidBefore + 49.99, 2)
    await go(page, '#/totals')
    await page
      .getByTestId('totals')
      .getByText(`(${(ownedBefore + 1).toLocaleString()} different)`)
      .waitFor()
  })

  it('a set cleared on the service loses its copies here too, and Totals follow', async () => {
    const page = app.page
    const [setID = 0] = await unownedSets(1, used)
    used.add(setID)
    await openSet(page, setID)
    await page.getByRole('button', { name: 'Add copy' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add a copy' })
    await dialog.getByLabel('Price paid').fill('77.00')
    await dialog.getByRole('button', { name: 'Save copy' }).click()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => service.userSet(setID).then((s) => s.qtyOwned)).toBe(1)
    await syncAndWait()
    const ownedBefore = await ownedCounted()
    const paidBefore = await paidCounted()

    // Someone clears the set on the website: the service drops its copy record with it.
    await service.setQtyOwned(setID, 0)
    await syncAndWait()
    await openSet(page, setID)
    expect(await panel(page)).toEqual({ owned: false, qty: 0, copies: 'Copies (0)' })
    await expectOwnedListed(page, ownedBefore - 1)
    expect(await ownedCounted()).toBe(ownedBefore - 1)
    // Its price is no longer counted either.
    expect(await paidCounted()).toBeCloseTo(paidBefore - 77, 2)
  })

  it('unticking Owned on a set whose copy is blank leaves no copy behind', async () => {
    const page = app.page
    /** Waits until the service holds `qty` of the set, then syncs and opens the set's page. */
    const serviceThenApp = async (setID: number, qty: number): Promise<void> => {
      await expect.poll(() => service.userSet(setID).then((s) => s.qtyOwned)).toBe(qty)
      await syncAndWait()
      await openSet(page, setID)
    }
    const [setID = 0] = await unownedSets(1, used)
    used.add(setID)
    await openSet(page, setID)
    const owned = page.getByRole('article').getByRole('checkbox', { name: 'Owned' })
    await owned.check()
    // The service made a blank copy record for the unit; a sync brings it.
    await serviceThenApp(setID, 1)
    expect(await panel(page)).toEqual({ owned: true, qty: 1, copies: 'Copies (1)' })
    await owned.uncheck()
    await expect.poll(() => panel(page)).toEqual({ owned: false, qty: 0, copies: 'Copies (0)' })
    await serviceThenApp(setID, 0)
    expect(await panel(page)).toEqual({ owned: false, qty: 0, copies: 'Copies (0)' })
  })
})
