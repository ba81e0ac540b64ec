import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { ARTIFACTS_DIR } from './harness'
import { hostRuns } from './host-runs'
import { waitForSets } from './ui-helpers'
import { WAIT_MS } from '../limits'

/**
 * Issue #14 item 8: the browser host is stopped and started again (same port, same data, a new
 * per-run token) under an open tab. The tab says what happened and how to carry on; its Try
 * again really tries again, and works once the new address has been opened in this browser.
 */

const run = hostRuns('studbook-refused-')

beforeAll(async () => {
  await run.start()
})

describe('a restarted browser host', () => {
  it('explains the refused tab, and Try again works once the new address is open', async () => {
    const context = await run.browser.newContext({ viewport: { width: 1024, height: 700 } })
    const { page, errors } = await run.open(context)
    const port = run.host.port
    await waitForSets(page, 300)

    // Restart on the same port: a new token, so this tab's pass (its cookie) is stale.
    await run.stop()
    const host = await run.start({ port })
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
    fresh.setDefaultTimeout(WAIT_MS)
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
