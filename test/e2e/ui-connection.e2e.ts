import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createServer } from 'node:net'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApp, startService } from './harness'
import type { AppUnderTest, ExternalService } from './harness'
import { go } from './ui-helpers'

/**
 * Issue #14, item 2: Test connection tests what the form holds, not what was saved; a refused Save
 * never keeps a green message beside it; "Connected" is only said of a service that answered.
 */

let app: AppUnderTest
let service: ExternalService
let serviceDir: string
/** A loopback address nothing listens at: connections are refused at once. */
let NOWHERE = ''

beforeAll(async () => {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  NOWHERE = `http://127.0.0.1:${(probe.address() as { port: number }).port}`
  await new Promise<void>((resolve) =>
    probe.close(() => {
      resolve()
    })
  )
  serviceDir = mkdtempSync(join(tmpdir(), 'studbook-e2e-connection-'))
  service = await startService(200, serviceDir, 11)
  app = await startApp({ demoSets: 200 })
})

afterAll(async () => {
  await app.stop()
  await service.stop()
  rmSync(serviceDir, { recursive: true, force: true })
})

const OK = 'The service accepted the API key.'

function form(page: Page): Locator {
  return page.getByRole('region', { name: 'Catalogue service' })
}

/** The message beside the buttons, once main answered the test. */
async function testResult(page: Page): Promise<string> {
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/rpc/account:testConnection')),
    form(page).getByRole('button', { name: 'Test connection' }).click()
  ])
  const status = form(page).getByRole('status')
  await status.waitFor()
  return ((await status.textContent()) ?? '').trim()
}

async function fill(page: Page, url: string, key: string): Promise<void> {
  await form(page).getByLabel('Service address').fill(url)
  await form(page).getByLabel('API key').fill(key)
}

describe('testing and saving the service settings', () => {
  it('tests what is typed, and never shows a green message beside a refusal', async () => {
    const page = app.page
    await go(page, '#/settings')
    await form(page).getByText('You are using the built-in demo catalogue.').waitFor()

    // Typed, not saved: the test uses the typed address and key.
    await fill(page, service.url, service.apiKey)
    expect(await testResult(page)).toContain(OK)
    await fill(page, service.url, 'not-the-key')
    const wrong = await testResult(page)
    expect(wrong).not.toContain(OK)
    expect(wrong).toMatch(/refused|API key/i)
    await fill(page, NOWHERE, service.apiKey)
    expect(await testResult(page)).toMatch(/cannot be reached/i)

    // Save the working settings; then a typed wrong key fails the test though a good one is saved.
    await fill(page, service.url, service.apiKey)
    await form(page).getByRole('button', { name: 'Save and connect' }).click()
    await form(page).getByText(`Connected to ${service.url}; API key saved.`).waitFor()
    await form(page).getByRole('status').filter({ hasText: OK }).waitFor()
    await fill(page, service.url, 'still-not-the-key')
    expect(await testResult(page)).not.toContain(OK)
    // With the key field empty, the saved key is the one the form stands for.
    await form(page).getByLabel('API key').fill('')
    expect(await testResult(page)).toContain(OK)

    // A refused Save: the error, and no green message left from before.
    await form(page).getByLabel('API key').fill('wrong-again')
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/rpc/account:saveProfile')),
      form(page).getByRole('button', { name: 'Save and connect' }).click()
    ])
    await page.getByRole('region', { name: 'Notifications' }).getByText('API key refused').waitFor()
    expect(await form(page).getByText(OK).count()).toBe(0)
  })

  it('an address that does not answer is saved but never called connected', async () => {
    const page = app.page
    await go(page, '#/settings')
    await fill(page, NOWHERE, 'some-key')
    await form(page).getByRole('button', { name: 'Save and connect' }).click()
    await form(page).getByText(`Cannot reach ${NOWHERE}`).waitFor()
    expect(
      await form(page)
        .getByText(/Connected to/)
        .count()
    ).toBe(0)
    expect(await form(page).getByText(OK).count()).toBe(0)
  })
})
