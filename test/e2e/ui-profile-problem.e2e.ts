import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchChromium } from './chromium'
import { ARTIFACTS_DIR, startWebHost } from './harness'
import type { WebHost } from './harness'
import { stopProcess } from './processes'
import { waitForSets } from './ui-helpers'

/**
 * Issue #13 item 1 as a person meets it: the stored profile has an address refused today (as an
 * older version could save). The app starts anyway, opens Settings with the reason, and the
 * catalogue is still there to browse.
 */
const dir = mkdtempSync(join(tmpdir(), 'studbook-profile-problem-'))
const data = join(dir, 'app')
let host: WebHost | null = null
let browser: Browser

beforeAll(async () => {
  browser = await launchChromium()
})

afterAll(async () => {
  await browser.close()
  if (host) await stopProcess(host.child)
  rmSync(dir, { recursive: true, force: true })
})

describe('a stored service address refused today', () => {
  it('starts on Settings with the reason; browsing still works', async () => {
    host = await startWebHost(data)
    const context = await browser.newContext({ viewport: { width: 1024, height: 700 } })
    let page = await context.newPage()
    await page.goto(host.url)
    await waitForSets(page, 300)
    await page.close()
    await stopProcess(host.child)
    // The demo profile's row now holds what an older version could save for a custom one.
    const db = new Database(join(data, 'studbook.db'))
    db.prepare(
      "UPDATE profiles SET kind = 'custom', base_url = 'http://brickset.example.com/api' WHERE kind = 'demo'"
    ).run()
    db.close()

    host = await startWebHost(data)
    page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(host.url)
    const reason = page.getByTestId('profile-problem')
    await reason.waitFor()
    expect(await reason.textContent()).toContain('The service address must use https.')
    expect(page.url()).toContain('#/settings')
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'ui-profile-problem.png') })
    await page.getByRole('link', { name: 'Browse' }).first().click()
    await waitForSets(page, 300)
    expect(errors).toEqual([])
  }, 240_000)
})
