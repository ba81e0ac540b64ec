import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApp, startService } from './harness'
import type { AppUnderTest, ExternalService } from './harness'
import { ServiceClient, go, resultCount, serviceUserHash, waitForSets } from './ui-helpers'

const DEMO_SETS = 1000
const SERVICE_SETS = 600

let app: AppUnderTest
let service: ExternalService
let serviceDir: string
let userHash: string
const rpcBodies: Promise<string>[] = []

beforeAll(async () => {
  // The service lives outside the app's data folder: its own database naturally holds the key.
  serviceDir = mkdtempSync(join(tmpdir(), 'studbook-e2e-service-'))
  service = await startService(SERVICE_SETS, serviceDir, 7)
  userHash = await serviceUserHash(service.url, service.apiKey, service.username, service.password)
  app = await startApp({
    demoSets: DEMO_SETS,
    beforeGoto: (page) => {
      // Every answer main gives the renderer, to check that no secret ever comes back.
      page.on('response', (res) => {
        if (!res.url().includes('/rpc/')) return
        rpcBodies.push(res.text().catch(() => ''))
      })
      return Promise.resolve()
    }
  })
})

afterAll(async () => {
  await app.stop()
  await service.stop()
  rmSync(serviceDir, { recursive: true, force: true })
})

const OK_TEST = 'The service accepted the API key.'

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

function secrets(): string[] {
  return [service.apiKey, userHash, service.password]
}

function expectNoSecretIn(text: string, where: string): void {
  for (const s of secrets()) expect(text.includes(s), `${where} holds a secret`).toBe(false)
}

async function toast(page: Page, text: string): Promise<void> {
  await page.getByRole('region', { name: 'Notifications' }).getByText(text).first().waitFor()
}

/** Clicks, and waits for main's answer on that channel (the screen may still show the last one). */
async function clickFor(page: Page, button: string, channel: string): Promise<void> {
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(`/rpc/${channel}`)),
    page.getByRole('main').getByRole('button', { name: button, exact: true }).click()
  ])
}

async function saveAndConnect(page: Page, apiKey: string): Promise<void> {
  await page.getByLabel('API key').fill(apiKey)
  await clickFor(page, 'Save and connect', 'account:saveProfile')
}

/** Saved and connected: the form's own connection test (checkKey) answered with success. */
async function saveConnectAndTest(page: Page, apiKey: string): Promise<void> {
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/rpc/account:testConnection')),
    saveAndConnect(page, apiKey)
  ])
  await page.getByRole('main').getByRole('status').filter({ hasText: OK_TEST }).waitFor()
}

async function testConnection(page: Page): Promise<void> {
  await clickFor(page, 'Test connection', 'account:testConnection')
  await page.getByRole('main').getByRole('status').filter({ hasText: OK_TEST }).waitFor()
}

function demoBanner(page: Page): Locator {
  return page.getByRole('note').filter({ hasText: 'Demo catalogue.' })
}

describe('connecting a real service from the first-run demo', () => {
  it('refuses a wrong key, connects, signs in, syncs, and signs out leaving no secret', async () => {
    const page = app.page
    const settings = page.locator('main')
    await demoBanner(page).waitFor()
    await waitForSets(page, DEMO_SETS)
    await page.getByRole('button', { name: 'Connect a real service' }).click()
    await settings.getByRole('heading', { name: 'Settings', level: 1 }).waitFor()
    await settings.getByText('You are using the built-in demo catalogue.').waitFor()
    // Secrets are held in memory only here (CI runs e2e without a keyring): the form says so.
    await expect
      .poll(() => page.getByTestId('keychain').textContent())
      .toContain('Secrets are not remembered')
    // Plain words; the keychain's own text (D-Bus…) only inside a closed Details (issue #28).
    const note = page.getByTestId('keychain')
    const sentence = await note.evaluate((el) => {
      const copy = el.cloneNode(true) as HTMLElement
      copy.querySelector('details')?.remove()
      return copy.textContent
    })
    expect(sentence).not.toMatch(/D-Bus|DISPLAY|keytar|libsecret/)
    for (const open of await note
      .locator('details')
      .evaluateAll((ds) => ds.map((d) => (d as HTMLDetailsElement).open)))
      expect(open).toBe(false)

    // A wrong key: a clear error, and still the demo.
    await settings.getByLabel('Service address').fill(service.url)
    await saveAndConnect(page, 'not-the-key')
    await toast(page, 'API key refused')
    expect(await settings.getByLabel('API key').inputValue()).toBe('')
    await settings.getByText('You are using the built-in demo catalogue.').waitFor()
    await demoBanner(page).waitFor()

    // The right key: saved, tested (checkKey) and the catalogue switches to the service's sets.
    await saveConnectAndTest(page, service.apiKey)
    await settings.getByText(`Connected to ${service.url}; API key saved.`).waitFor()
    await expect.poll(() => demoBanner(page).count()).toBe(0)
    await testConnection(page)

    // A wrong password: refused, the password field is empty again, nobody is signed in.
    const password = settings.getByLabel('Password')
    await settings.getByLabel('Username').fill(service.username)
    await password.fill('not-the-password')
    await settings.getByRole('button', { name: 'Sign in' }).click()
    // Said beside the field the user is at (issue #28), not in a pop-up offering "Sign in".
    await settings.getByText('The username or password is not right.').waitFor()
    expect(await password.getAttribute('aria-invalid')).toBe('true')
    expect(await password.inputValue()).toBe('')
    expect(await settings.getByText('Signed in as').count()).toBe(0)

    await password.fill(service.password)
    await settings.getByRole('button', { name: 'Sign in' }).click()
    await settings.getByText(`Signed in as ${service.username}.`).waitFor()
    expectNoSecretIn(await page.content(), 'the page')

    // The service's catalogue, and only it, is what the list shows.
    await go(page, '#/browse')
    expect(await waitForSets(page, SERVICE_SETS)).toBe(SERVICE_SETS)
    await page.getByRole('button', { name: 'Sync', exact: true }).click()
    await expect.poll(() => resultCount(page)).toBe(SERVICE_SETS)

    // A chosen binding (HTTP POST) keeps the saved key, and an edit still reaches the service.
    await go(page, '#/settings')
    await settings.getByLabel('Binding').selectOption('httpPost')
    await saveConnectAndTest(page, '')
    await settings.getByText(`Signed in as ${service.username}.`).waitFor()
    expect((await app.rpc<{ binding: string }>('account:getStatus')).binding).toBe('httpPost')
    const { rows } = await app.rpc<{ rows: { setID: number }[] }>('catalog:search', { limit: 1 })
    const setID = rows[0]?.setID ?? 0
    await go(page, `#/browse/set/${setID}`)
    const owned = page.getByRole('article').getByRole('checkbox', { name: 'Owned' })
    await owned.check()
    const reader = new ServiceClient(service.url, service.apiKey)
    await reader.login(service.username, service.password)
    await expect.poll(() => reader.userSet(setID).then((s) => s.owned)).toBe(true)

    // A wrong key over a working setup changes nothing: still signed in, the old key still works.
    await go(page, '#/settings')
    await saveAndConnect(page, 'another-wrong-key')
    await toast(page, 'API key refused')
    await settings.getByText(`Signed in as ${service.username}.`).waitFor()
    await testConnection(page)

    // Sign out: the user is gone, the sign-in form is back with an empty password.
    await settings.getByRole('button', { name: 'Sign out' }).click()
    await settings.getByRole('button', { name: 'Sign in' }).waitFor()
    expect(await settings.getByLabel('Password').inputValue()).toBe('')
    expect((await app.rpc<{ signedIn: boolean }>('account:getStatus')).signedIn).toBe(false)
    await go(page, '#/owned')
    await page.getByTestId('signed-out').getByText('Signed out.').waitFor()

    // Back on the demo, the service's address typed again with the key box left empty: Test
    // connection tries the key saved for that address (issue #28); the key stays in main.
    await go(page, '#/settings')
    await clickFor(page, 'Use the demo catalogue', 'account:useDemo')
    await settings.getByText('You are using the built-in demo catalogue.').waitFor()
    expect(await settings.getByLabel('API key').getAttribute('placeholder')).toBe('Your API key')
    await settings.getByLabel('Service address').fill(`${service.url}/`)
    await testConnection(page)

    expectNoSecretIn(await page.content(), 'the page')
    expect(rpcBodies.length).toBeGreaterThan(10)
    for (const body of await Promise.all(rpcBodies)) expectNoSecretIn(body, 'an RPC answer')
    const files = filesUnder(app.dataDir)
    expect(files.some((f) => f.endsWith('.db'))).toBe(true)
    for (const file of files) {
      const bytes = readFileSync(file)
      for (const s of secrets()) expect(bytes.includes(s), `${file} holds a secret`).toBe(false)
    }
    expect(app.consoleErrors).toEqual([])
  })
})
