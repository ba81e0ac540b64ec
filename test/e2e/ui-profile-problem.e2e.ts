import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { ARTIFACTS_DIR } from './harness'
import { hostRuns } from './host-runs'
import { waitForSets } from './ui-helpers'

/**
 * Issue #13 item 1 as a person meets it: the stored profile has an address refused today (as an
 * older version could save). The app starts anyway, opens Settings with the reason, and the
 * catalogue is still there to browse.
 */
const run = hostRuns('studbook-profile-problem-')

describe('a stored service address refused today', () => {
  it('starts on Settings with the reason; browsing still works', async () => {
    const context = await run.browser.newContext({ viewport: { width: 1024, height: 700 } })
    await run.runOnce(context)
    // The demo profile's row now holds what an older version could save for a custom one.
    const db = new Database(join(run.data, 'studbook.db'))
    db.prepare(
      "UPDATE profiles SET kind = 'custom', base_url = 'http://brickset.example.com/api' WHERE kind = 'demo'"
    ).run()
    db.close()

    await run.start()
    const { page, errors } = await run.open(context)
    const reason = page.getByTestId('profile-problem')
    await reason.waitFor()
    expect(await reason.textContent()).toContain('The service address must use https.')
    expect(page.url()).toContain('#/settings')
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'ui-profile-problem.png') })
    await page.getByRole('link', { name: 'Browse' }).first().click()
    await waitForSets(page, 300)
    expect(errors).toEqual([])
  })
})
