import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApp } from './harness'
import type { AppUnderTest } from './harness'
import { startReplayServer } from './production-replay-server'
import type { ReplayServer } from './production-replay-server'
import { recordedV3Sets } from './production-replay-v3'
import type { V3Set } from './production-replay-v3'
import { go, listSettled, onScreen, resultCount } from './ui-helpers'

/**
 * Production truth: the app against a loopback service made only of recorded production answers
 * (production-replay-server.ts), driven through the UI as a user would. Once with the v3 JSON sent
 * as `text/html` (as production may) and once as `application/json`.
 */

/** A recorded set with every detail the page shows: image, EAN and UPC, dimensions, US shop data. */
const SLAVE_I = 5038

interface Recorded extends V3Set {
  readonly number: string
  readonly numberVariant: number
  readonly name: string
  readonly year: number
  readonly theme: string
  readonly subtheme?: string
  readonly image: { readonly imageURL: string; readonly thumbnailURL: string }
  readonly barcode: { readonly EAN: string; readonly UPC: string }
  readonly dimensions: {
    readonly height: number
    readonly width: number
    readonly depth: number
    readonly weight: number
  }
  readonly LEGOCom: {
    readonly US: {
      readonly retailPrice: number
      readonly dateFirstAvailable: string
      readonly dateLastAvailable: string
    }
  }
  readonly collections: { readonly ownedBy: number; readonly wantedBy: number }
}

const RECORDING = recordedV3Sets()

function recordedSet(setID: number): Recorded {
  const s = RECORDING.find((r) => r.setID === setID)
  if (!s) throw new Error(`set ${setID} is not in the recording`)
  return s as Recorded
}

interface SyncState {
  readonly running: boolean
  readonly lastSyncAt: string | null
  readonly error: string | null
}

interface OutboxItem {
  readonly setID: number | null
  readonly state: string
  readonly reason: string | null
}

/** What the user holds: must not move when the service stops accepting the credentials. */
interface Holdings {
  owned: number
  wanted: number
  notes: number
  flags: number[]
  copies: number
}

/**
 * v3 JSON as `text/html` and as the document's JSON; and a v3 operation nothing was recorded for
 * answered as a 404 or as ASP.NET answers an operation it lacks, since which production gives is
 * not recorded.
 */
const CASES = [
  ['text/html; charset=utf-8', '404'],
  ['application/json; charset=utf-8', '404'],
  ['text/html; charset=utf-8', 'asmx']
] as const

describe.each(CASES)('production replay, v3 as %s, unknown ops %s', (v3ContentType, unknownV3) => {
  let app: AppUnderTest
  let server: ReplayServer

  beforeAll(async () => {
    server = await startReplayServer({ v3ContentType, unknownV3 })
    app = await startApp({ demoSets: 200 })
  })

  afterAll(async () => {
    // For the report: what the app asked that no recording answers.
    console.info(
      `[${v3ContentType}] unrecorded: ${[...new Set(server.unrecorded)].join(', ')}; derived: ${[
        ...new Set(server.derived)
      ].join(', ')}`
    )
    await app.stop()
    await server.close()
  })

  const main = (): Locator => app.page.getByRole('main')

  async function idle(): Promise<void> {
    await expect
      .poll(async () => (await app.rpc<SyncState>('sync:getStatus')).running, { interval: 500 })
      .toBe(false)
  }

  /**
   * Presses the header's Sync (never "Full refresh") and waits for that sync to end. After a failed
   * sync the same button reads Resume.
   */
  async function syncNow(page: Page): Promise<SyncState> {
    await idle()
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/rpc/sync:start')),
      page.getByRole('button', { name: /^(Sync|Resume)$/ }).click()
    ])
    await idle()
    return app.rpc<SyncState>('sync:getStatus')
  }

  async function signIn(page: Page): Promise<void> {
    await go(page, '#/settings')
    await main().getByLabel('Username').fill(server.username)
    await main().getByLabel('Password').fill(server.password)
    await main().getByRole('button', { name: 'Sign in', exact: true }).click()
    await main().getByText(`Signed in as ${server.username}.`).waitFor()
  }

  async function holdings(): Promise<Holdings> {
    const total = async (q: Record<string, unknown>): Promise<number> =>
      (await app.rpc<{ total: number }>('catalog:search', { limit: 1, ...q })).total
    const owned = await app.rpc<{ rows: { setID: number }[] }>('catalog:search', {
      owned: true,
      limit: 500
    })
    let copies = 0
    for (const { setID } of owned.rows) {
      copies += (await app.rpc<unknown[]>('collection:listCopies', { setID })).length
    }
    const flags: number[] = []
    for (let n = 1; n <= 8; n++) flags.push(await total({ flags: [n] }))
    return {
      owned: await total({ owned: true }),
      wanted: await total({ wanted: true }),
      notes: (await app.rpc<unknown[]>('collection:listNotes')).length,
      flags,
      copies
    }
  }

  /** The set page's facts as the user reads them: each term with its text. */
  async function facts(page: Page): Promise<Record<string, string>> {
    const section = page.getByRole('region', { name: 'Facts' })
    await section.waitFor()
    return section.evaluate((el) => {
      const out: Record<string, string> = {}
      for (const dt of el.querySelectorAll('dt')) {
        const dd = dt.nextElementSibling
        out[dt.textContent.trim()] = (dd?.textContent ?? '').replace(/\s+/g, ' ').trim()
      }
      return out
    })
  }

  it('connects, signs in, syncs, and shows a recorded set and the filters exactly as recorded', async () => {
    const page = app.page
    await page.getByRole('button', { name: 'Connect a real service' }).click()
    await main().getByRole('heading', { name: 'Settings', level: 1 }).waitFor()
    await main().getByLabel('Service address').fill(server.url)
    await main().getByLabel('API key').fill(server.apiKey)
    await main().getByRole('button', { name: 'Save and connect', exact: true }).click()
    await main().getByText(`Connected to ${server.url}; API key saved.`).waitFor()
    await main()
      .getByRole('status')
      .filter({ hasText: 'The service accepted the API key.' })
      .waitFor()
      .catch(async (e: unknown) => {
        const errors = app.consoleErrors.join(' | ')
        throw new Error(`${String(e)}\n${await onScreen(page)}\nconsole: ${errors}`, { cause: e })
      })

    await signIn(page)
    const synced = await syncNow(page)
    expect(synced.error, 'the sync after signing in reports no error').toBeNull()
    expect(synced.lastSyncAt).not.toBeNull()

    // Every recorded set is in the list.
    await go(page, '#/browse')
    await listSettled(page)
    expect(await resultCount(page), 'sets in the list after sync').toBeGreaterThanOrEqual(
      RECORDING.length
    )

    // The recorded set, as recorded.
    const rec = recordedSet(SLAVE_I)
    const fullNumber = `${rec.number}-${String(rec.numberVariant)}`
    await page.getByRole('searchbox', { name: 'Search sets' }).fill(rec.name)
    await page.getByTestId('result-count').filter({ hasText: rec.name }).waitFor()
    expect(await resultCount(page), `"${rec.name}" found`).toBeGreaterThanOrEqual(1)
    await go(page, `#/browse/set/${String(SLAVE_I)}`)
    const article = page.getByRole('article')
    await article.getByRole('heading', { level: 1, name: rec.name }).waitFor()
    await article.getByText(fullNumber).first().waitFor()

    const gallery = article.getByRole('region', { name: 'Images' })
    expect(await gallery.getByText('No image').count(), 'the set shows its image').toBe(0)
    expect(
      await gallery.getByRole('img', { name: new RegExp(`^${rec.name}, image 1 of`) }).count()
    ).toBe(1)

    const us = rec.LEGOCom.US
    const d = rec.dimensions
    expect(await facts(page)).toMatchObject({
      Barcodes: `EAN ${rec.barcode.EAN} · UPC ${rec.barcode.UPC}`,
      Dimensions: expect.stringContaining(
        `${String(d.height)} × ${String(d.width)} × ${String(d.depth)}`
      ) as unknown,
      Prices: expect.stringContaining(`US $${us.retailPrice.toFixed(2)}`) as unknown,
      'In shops': `${us.dateFirstAvailable.slice(0, 10)} → ${us.dateLastAvailable.slice(0, 10)}`,
      Community: expect.stringContaining(
        `${rec.collections.ownedBy.toLocaleString('en-US')} own it`
      ) as unknown
    })
    expect((await facts(page)).Dimensions).toContain(String(d.weight))

    // The user's collection as recorded: every recorded set is owned (the recording is the
    // user's owned collection, asked with a userHash).
    const owned = RECORDING.filter((s) => s.collection?.owned === true).length
    expect(
      (await app.rpc<{ total: number }>('catalog:search', { owned: true, limit: 1 })).total,
      'owned sets after sync'
    ).toBe(owned)

    // Browse filters list the recorded themes, subthemes and years: no "Full refresh" pressed.
    await go(page, '#/browse')
    await page.getByRole('searchbox', { name: 'Search sets' }).fill('')
    await listSettled(page)
    const filters = page.getByRole('complementary', { name: 'Filters' })
    const themeSelect = filters.getByLabel('Theme')
    const optionTexts = (select: Locator): Promise<string[]> =>
      select.locator('option').allTextContents()
    const themes = [...new Set(RECORDING.map((s) => s.theme as string))].sort()
    await expect
      .poll(async () => (await optionTexts(themeSelect)).length)
      .toBeGreaterThan(themes.length)
    const listedThemes = (await optionTexts(themeSelect)).map((t) =>
      t.replace(/ \(\d[\d,]*\)$/, '')
    )
    expect(listedThemes).toEqual(expect.arrayContaining(themes))

    await themeSelect.selectOption(rec.theme)
    const subthemes = [
      ...new Set(
        RECORDING.filter((s) => s.theme === rec.theme && typeof s.subtheme === 'string').map(
          (s) => s.subtheme as string
        )
      )
    ]
    const subthemeSelect = filters.getByLabel('Subtheme')
    await subthemeSelect.waitFor()
    const listedSubthemes = (await optionTexts(subthemeSelect)).map((t) =>
      t.replace(/ \(\d[\d,]*\)$/, '')
    )
    expect(listedSubthemes).toEqual(expect.arrayContaining(subthemes))
    await filters.getByRole('button', { name: 'Clear' }).click()

    // The year range is the whole catalogue's once the cleared query's counts arrive (they follow
    // the rows after a pause): until then it is the theme's.
    const years = RECORDING.map((s) => s.year as number)
    const yearHint = (label: string): Promise<string | null> =>
      filters.getByLabel(label, { exact: true }).getAttribute('placeholder')
    await expect.poll(() => yearHint('From year')).toBe(String(Math.min(...years)))
    await expect.poll(() => yearHint('To year')).toBe(String(Math.max(...years)))
  })

  it('revoked credentials: nothing held is removed, sign-in is asked for, the edit waits and then drains', async () => {
    const page = app.page
    await idle()
    const before = await holdings()
    expect(before.owned, 'the collection holds the recorded sets before').toBeGreaterThan(0)

    // The service stops accepting the sign-in (password changed elsewhere): production answers in
    // band with its recorded invalid / no-result answers.
    server.revoke({ userHash: true })
    await syncNow(page)
    expect(await holdings(), 'owned/wanted/notes/flags/copies after a revoked sync').toEqual(before)

    const banner = page.getByRole('alert').filter({ hasText: 'Sign in again.' })
    await banner.waitFor()
    await banner.getByRole('button', { name: 'Sign in again' }).waitFor()

    // An edit made meanwhile stays pending in the outbox.
    await go(page, `#/browse/set/${String(SLAVE_I)}`)
    const wanted = page.getByRole('article').getByRole('checkbox', { name: 'Wanted' })
    await wanted.waitFor()
    const wasWanted = await wanted.isChecked()
    await wanted.setChecked(!wasWanted)
    await syncNow(page)
    const pending = (await app.rpc<OutboxItem[]>('outbox:list')).filter((o) => o.setID === SLAVE_I)
    expect(pending.map((o) => o.state)).toEqual(['pending'])
    await page
      .getByTestId('pending')
      .filter({ hasText: /pending/ })
      .waitFor()
    const stillHeld = await holdings()
    expect({ ...stillHeld, wanted: before.wanted }).toEqual(before)

    // The service accepts the recorded credentials again; the user signs in again from the banner.
    server.restore()
    const writesBefore = server.requests.filter((r) => r === 'v2 setCollection_wants').length
    await page.getByRole('button', { name: 'Sign in again' }).click()
    await main().getByRole('heading', { name: 'Settings', level: 1 }).waitFor()
    await main().getByLabel('Username').fill(server.username)
    await main().getByLabel('Password').fill(server.password)
    await main().getByRole('button', { name: 'Sign in', exact: true }).click()
    await main().getByText(`Signed in as ${server.username}.`).waitFor()
    expect(await page.getByRole('alert').filter({ hasText: 'Sign in again.' }).count()).toBe(0)

    // The waiting edit drains on its own after signing in (no Sync pressed).
    await expect
      .poll(
        async () =>
          (await app.rpc<OutboxItem[]>('outbox:list')).map((o) => ({
            setID: o.setID,
            state: o.state,
            reason: o.reason
          })),
        { interval: 1_000 }
      )
      .toEqual([])
    await page.getByTestId('pending').filter({ hasText: 'All synced' }).waitFor()
    expect(
      server.requests.filter((r) => r === 'v2 setCollection_wants').length,
      'the edit reached the service'
    ).toBeGreaterThan(writesBefore)
  })
})
