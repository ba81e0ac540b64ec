import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchChromium } from './chromium'
import { ARTIFACTS_DIR, startWebHost } from './harness'
import type { WebHost } from './harness'
import { stopProcess } from './processes'
import { waitForSets } from './ui-helpers'

/**
 * Issue #14 item 8: the browser host is stopped and started again (same port, same data, a new
 * per-run token) under an open tab. The tab says what happened and how to carry on; its Try
 * again really tries again, and works once the new address has been opened in this browser.
 */

const dir = mkdtempSync(join(tmpdir(), 'studbook-refused-'))
let host: WebHost | null = null
let browser: Browser

const startHost = (port: number): Promise<WebHost> => startWebHost(join(dir, 'app'), { port })

beforeAll(async () => {
  host = await startHost(0)
  browser = await launchChromium()
})

afterAll(async () => {
  await browser.close()
  if (host) await stopProcess(host.child)
  rmSync(dir, { recursive: true, force: true })
})

describe('a restarted browser host', () => {
  it('explains the refused tab, and Try again works once the new address is open', async () => {
    if (!host) throw new Error('no host')
    const context = await browser.newContext({ viewport: { width: 1024, height: 700 } })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    const port = host.port
    await page.goto(host.url)
    await waitForSets(page, 300)

    // Restart on the same port: a new token, so this tab's pass (its cookie) is stale.
    await stopProcess(host.child)
    host = await startHost(port)
    expect(host.token).not.toBe('')

    // The next thing the user does is refused: one clear screen, not "no sets" or a dead button.
    await page.getByLabel('Search sets').fill('a')
    const title = page.getByRole('heading', { name: 'This tab lost its connection to Studbook' })
    await title.waitFor()
    expect(await page.locator('main').textContent()).toContain('?token=')
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'ui-refused.png') })

    // Try again before anything changed: it asks the host, which still refuses, and says so.
    await page.getByRole('button', { name: 'Try again' }).click()
    await page.getByRole('status').filter({ hasText: 'Still refused' }).waitFor()

    // The user opens the address the new run printed (another tab, same browser)…
    const fresh = await context.newPage()
    await fresh.goto(`${host.origin}/?token=${host.token}`)
    await waitForSets(fresh, 300)
    await fresh.close()

    // …and Try again in the old tab brings it back, working.
    await page.getByRole('button', { name: 'Try again' }).click()
    await waitForSets(page, 300)
    await page.getByLabel('Search sets').fill('tower')
    await page.getByTestId('result-count').filter({ hasText: '“tower”' }).waitFor()
    expect(await title.count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })
})
