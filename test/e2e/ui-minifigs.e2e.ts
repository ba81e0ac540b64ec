import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSyncedApp } from './harness'
import type { AppUnderTest } from './harness'
import { go } from './ui-helpers'

/**
 * Issue #14, item 6: the minifigure screens a collector expects. Pictures, columns that say what
 * their numbers are, a search over every figure of the catalogue, a figure's sets and a set's
 * figures, and counts in words ("1 minifigure").
 */

let app: AppUnderTest

interface Fig {
  minifigNumber: string
  name: string
  ownedTotal: number
  wanted: boolean
}

beforeAll(async () => {
  app = await startSyncedApp({ demoSets: 1500 })
  // The figure catalogue comes with the first sync, after the sets.
})

afterAll(async () => {
  await app.stop()
})

/** A picture counts once it has loaded and has a size: not a broken-image glyph. */
async function pictureShown(img: Locator): Promise<boolean> {
  return img.evaluate((el) => {
    const i = el as HTMLImageElement
    return i.complete && i.naturalWidth > 0
  })
}

function figs(page: Page): Locator {
  return page.getByRole('grid', { name: 'Minifigures' })
}

describe('minifigure screens', () => {
  it('lists figures with pictures under named columns, and finds any figure of the catalogue', async () => {
    const page = app.page
    await go(page, '#/minifigs')
    await page.getByRole('heading', { name: 'Minifigures', level: 1 }).waitFor()
    for (const name of ['Number', 'Name', 'In sets', 'Loose', 'Total', 'Wanted']) {
      await page.locator('.line.head').getByText(name, { exact: true }).waitFor()
    }
    // The user's own figures first; each row has a picture that loads.
    const first = figs(page).getByRole('gridcell').first()
    await first.waitFor()
    await expect.poll(() => pictureShown(first.locator('img'))).toBe(true)

    // A figure nobody here owns, looked for by name: found among all the catalogue's figures.
    const all = await app.rpc<Fig[]>('collection:listMinifigs', { filter: 'all', query: '' })
    const mine = await app.rpc<Fig[]>('collection:listMinifigs', { filter: 'owned', query: '' })
    expect(all.length).toBeGreaterThan(mine.length)
    // One that comes in a set or two, so its page has sets to show.
    let stranger: Fig | undefined
    for (const f of all.filter((x) => x.ownedTotal === 0 && !x.wanted && x.name !== '')) {
      const detail = await app.rpc<{ sets: unknown[] }>('collection:getMinifig', {
        minifigNumber: f.minifigNumber
      })
      if (detail.sets.length > 0) {
        stranger = f
        break
      }
    }
    if (!stranger) throw new Error('no figure outside the collection')
    await page.getByRole('searchbox', { name: 'Filter minifigures' }).fill(stranger.minifigNumber)
    await page.getByRole('button', { name: 'Search every minifigure' }).click()
    const row = figs(page).getByRole('gridcell').filter({ hasText: stranger.minifigNumber })
    await row.waitFor()
    expect(await row.textContent()).toContain(stranger.name)
    await expect.poll(() => page.getByTestId('figure-count').textContent()).toBe('1 minifigure')

    // Its page: the picture, the four counts under their names, and the sets it comes in.
    await row.getByRole('button', { name: new RegExp(stranger.name) }).click()
    const dialog = page.getByRole('dialog', { name: stranger.name })
    await dialog.waitFor()
    await expect.poll(() => pictureShown(dialog.locator('.picture img'))).toBe(true)
    for (const name of ['In sets', 'Loose', 'Total', 'Wanted']) {
      await dialog.getByRole('columnheader', { name }).waitFor()
    }
    const sets = dialog.getByRole('list').getByRole('listitem')
    const setCount = await sets.count()
    expect(setCount).toBeGreaterThan(0)
    const heading = (await dialog.getByRole('heading', { level: 3 }).textContent()) ?? ''
    expect(heading).toBe(`In ${setCount} ${setCount === 1 ? 'set' : 'sets'}`)

    // Wanted from its page: the list behind says so too.
    await dialog.getByRole('checkbox', { name: 'Wanted' }).check()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect
      .poll(() =>
        row.getByRole('checkbox', { name: `Wanted ${stranger.minifigNumber}` }).isChecked()
      )
      .toBe(true)

    // From the figure to one of its sets, and from the set back to its figures.
    await row.getByRole('button', { name: new RegExp(stranger.name) }).click()
    const link = dialog.getByRole('link').first()
    const setNumber = ((await link.locator('.mono').textContent()) ?? '').trim()
    await link.click()
    const article = page.getByRole('article')
    await article.getByText(setNumber).first().waitFor()
    const section = article.getByRole('region', { name: /Minifigures/ })
    await section.getByRole('button', { name: new RegExp(stranger.minifigNumber) }).waitFor()
  })

  it("a set's page lists its figures, as many as it says it has", async () => {
    const page = app.page
    const { rows } = await app.rpc<{ rows: { setID: number }[] }>('catalog:search', { limit: 40 })
    let shown = 0
    for (const r of rows) {
      const set = await app.rpc<{ minifigs: number | null; fullNumber: string }>('catalog:getSet', {
        setID: r.setID
      })
      if ((set.minifigs ?? 0) < 2) continue
      await go(page, `#/browse/set/${r.setID}`)
      const article = page.getByRole('article')
      const section = article.getByRole('region', { name: /Minifigures/ })
      await section.waitFor()
      expect(await section.getByRole('heading', { level: 2 }).textContent()).toContain(
        `${set.minifigs} minifigures`
      )
      const buttons = section.getByRole('button')
      await expect.poll(() => buttons.count()).toBeGreaterThan(0)
      const listed = await app.rpc<{ quantity: number }[]>('collection:listSetMinifigs', {
        setID: r.setID
      })
      expect(listed.reduce((n, f) => n + f.quantity, 0)).toBe(set.minifigs)
      expect(await buttons.count()).toBe(listed.length)
      await expect.poll(() => pictureShown(buttons.first().locator('img'))).toBe(true)
      // A figure of the set opens its own page, listing this set among its sets.
      await buttons.first().click()
      const dialog = page.getByRole('dialog')
      await dialog.getByRole('link', { name: new RegExp(set.fullNumber) }).waitFor()
      await dialog.getByRole('button', { name: 'Close' }).click()
      shown++
      if (shown === 2) break
    }
    expect(shown).toBe(2)
  })

  it('says "1 minifigure", never "1 minifigures"', async () => {
    const page = app.page
    await go(page, '#/minifigs')
    const all = await app.rpc<Fig[]>('collection:listMinifigs', { filter: 'all', query: '' })
    const one = all[0]
    if (!one) throw new Error('no figures')
    await page.getByRole('button', { name: 'All', exact: true }).click()
    await page.getByRole('searchbox', { name: 'Filter minifigures' }).fill(one.minifigNumber)
    await expect.poll(() => page.getByTestId('figure-count').textContent()).toBe('1 minifigure')
    expect(await page.locator('main').textContent()).not.toContain('1 minifigures')
  })
})
