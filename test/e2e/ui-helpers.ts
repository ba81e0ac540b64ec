import type { Locator, Page } from 'playwright-core'
import { BLANK_COPY } from '../../src/shared/model/collection'
import type { ExternalService } from './harness'
import { WAIT_MS } from '../limits'

/** The number in the result count ("1,234 sets …"), as the user reads it. */
export async function resultCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('result-count').textContent()) ?? ''
  const lead = /^[\d,.\s\u00a0\u202f]*\d/.exec(text.trim())?.[0] ?? '0'
  return Number(lead.replace(/\D/g, ''))
}

/** Waits until the list shows at least `min` sets (the demo catalogue syncs in the background). */
export async function waitForSets(page: Page, min: number, timeout = WAIT_MS): Promise<number> {
  const deadline = Date.now() + timeout
  for (;;) {
    const n = await resultCount(page).catch(() => 0)
    if (n >= min) return n
    if (Date.now() > deadline)
      throw new Error(`the list never reached ${min} sets (saw ${n}); ${await onScreen(page)}`)
    await page.waitForTimeout(250)
  }
}

/**
 * What the window says when a wait gives up (its status lines and notices), so that a failure
 * seen once on a loaded machine says where the app was, not only that it was late.
 */
export async function onScreen(page: Page): Promise<string> {
  const text = await page
    .locator('body')
    .innerText()
    .catch((e: unknown) => `unreadable: ${String(e)}`)
  return `the window read: ${text.replace(/\s+/g, ' ').slice(0, 1500)}`
}

/**
 * Waits for the sync that is running to end. The demo's collection comes after its catalogue in
 * the same first sync, so a test that asks what the demo user holds waits for this, whatever the
 * machine's load (a wait, not a deadline).
 */
export async function waitForSyncEnd(app: {
  rpc<T>(channel: string, input?: unknown): Promise<T>
}): Promise<void> {
  for (;;) {
    const s = await app.rpc<{ running: boolean; outcome: string | null }>('sync:getStatus')
    if (!s.running && s.outcome !== null) return
    await new Promise((r) => setTimeout(r, 250))
  }
}

/**
 * The catalogue's sets not owned that `free` accepts (of the first `limit`), as a function from
 * index to set that says how many there were when asked past the end. Ask once the first sync has
 * ended: which sets the demo user holds is known only then.
 */
export async function freeSets<R>(
  app: { rpc<T>(channel: string, input?: unknown): Promise<T> },
  limit: number,
  free: (row: R) => boolean
): Promise<(i: number) => R> {
  const { rows } = await app.rpc<{ rows: R[] }>('catalog:search', { owned: false, limit })
  const chosen = rows.filter(free)
  return (i) => {
    const s = chosen[i]
    if (s === undefined) throw new Error(`only ${chosen.length} free sets`)
    return s
  }
}

/** Opens the shelf audit of `location` from the sidebar; returns the field codes are typed into. */
export async function startAudit(page: Page, location: string): Promise<Locator> {
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Shelf audit' })
    .click()
  await page.getByLabel('Location to walk').fill(location)
  await page.getByRole('button', { name: 'Start audit' }).click()
  return page.getByLabel('Box label, copy id or set number')
}

/** Waits for the list's current query to be answered and drawn. */
export async function listSettled(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid="results"][aria-busy="false"]')
}

/** Clicks an export button and returns the downloaded file's text. */
export async function exportText(page: Page, buttonName: string): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: buttonName }).click()
  ])
  // Read as a stream: the suite's Chromium may be another process's (chromium.ts), whose files
  // this one cannot open by path.
  const chunks: Uint8Array[] = []
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Uint8Array)
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
}

export async function go(page: Page, hash: string): Promise<void> {
  await page.evaluate((h) => {
    window.location.hash = h
  }, hash)
}

/** Opens a set's page and waits until it is that set's (not the one shown before) and editable. */
export async function openSet(
  page: Page,
  set: { setID: number; fullNumber: string }
): Promise<Locator> {
  await go(page, `#/browse/set/${set.setID}`)
  const detail = page.getByRole('article')
  await detail.locator('header').getByText(set.fullNumber, { exact: true }).waitFor()
  await detail.getByRole('spinbutton', { name: 'Quantity owned' }).waitFor()
  return detail
}

/** A copy with its parts, figures, instructions and box, nothing else written: what tests save. */
export const BOXED_COPY = {
  ...BLANK_COPY,
  parts: true,
  minifigs: true,
  instructions: true,
  box: true
}

/** Waits for a notification saying `text`, and returns it. */
export async function toast(page: Page, text: string | RegExp): Promise<Locator> {
  const t = page.getByRole('region', { name: 'Notifications' }).getByText(text).first()
  await t.waitFor()
  return t
}

/** A second client of the reference service: edits "behind the app's back" over HTTP GET. */
export class ServiceClient {
  private hash = ''
  constructor(
    private readonly base: string,
    private readonly apiKey: string
  ) {}

  private async get(op: string, params: Record<string, string>): Promise<string> {
    const qs = new URLSearchParams({ apiKey: this.apiKey, ...params })
    const res = await fetch(`${this.base}/api/v2.asmx/${op}?${qs.toString()}`)
    const body = await res.text()
    if (!res.ok) throw new Error(`${op}: HTTP ${res.status} ${body.slice(0, 200)}`)
    return body
  }

  /** A client of the app's external service, signed in as the app's user. */
  static async signedIn(service: ExternalService | undefined): Promise<ServiceClient> {
    if (!service) throw new Error('no external service')
    const client = new ServiceClient(service.url, service.apiKey)
    await client.login(service.username, service.password)
    return client
  }

  async login(username: string, password: string): Promise<void> {
    const xml = await this.get('login', { username, password })
    this.hash = /<string[^>]*>([^<]*)<\/string>/.exec(xml)?.[1] ?? ''
    if (this.hash === '' || this.hash.startsWith('ERROR')) throw new Error(`login failed: ${xml}`)
  }

  async setNotes(setID: number, notes: string): Promise<void> {
    await this.get('setCollection_userNotes', {
      userHash: this.hash,
      setID: String(setID),
      notes
    })
  }

  async setQtyOwned(setID: number, qtyOwned: number): Promise<void> {
    await this.get('setCollection_qtyOwned', {
      userHash: this.hash,
      setID: String(setID),
      qtyOwned: String(qtyOwned)
    })
  }

  /** The service's own record of the set for this user. */
  async userSet(setID: number): Promise<{ notes: string; qtyOwned: number; owned: boolean }> {
    const xml = await this.get('getSet', { userHash: this.hash, SetID: String(setID) })
    const field = (name: string): string =>
      new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1] ?? ''
    return {
      notes: field('userNotes').replace(/&amp;/g, '&').replace(/&lt;/g, '<'),
      qtyOwned: Number(field('qtyOwned') || '0'),
      owned: field('owned') === 'true'
    }
  }
}

/** The service's userHash for a user, asked the way any client would (login over HTTP GET). */
export async function serviceUserHash(
  base: string,
  apiKey: string,
  username: string,
  password: string
): Promise<string> {
  const qs = new URLSearchParams({ apiKey, username, password })
  const xml = await (await fetch(`${base}/api/v2.asmx/login?${qs.toString()}`)).text()
  const hash = /<string[^>]*>([^<]*)<\/string>/.exec(xml)?.[1] ?? ''
  if (hash === '' || hash.startsWith('ERROR')) throw new Error(`login failed: ${xml}`)
  return hash
}
