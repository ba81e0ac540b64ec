import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ARTIFACTS_DIR } from './harness'
import { hostRuns } from './host-runs'
import { waitForSets } from './ui-helpers'
import { damageMiddlePage } from '../store/crash-copies'

/**
 * Issue #13 item 5 as a person meets it: the browser host starts on a data file damaged in the
 * middle; the tab shows the recovery screen instead of a list of failing reads, and restoring the
 * automatic backup brings the app back.
 */
const run = hostRuns('studbook-recovery-')

describe('a data file damaged between two runs', () => {
  it('shows the recovery screen; restoring the automatic backup brings the app back', async () => {
    const context = await run.browser.newContext({ viewport: { width: 1024, height: 700 } })
    // Two runs: the first start's new file is not backed up, the second start takes the backup.
    await run.runOnce(context)
    await run.runOnce(context)
    damageMiddlePage(join(run.data, 'studbook.db'))

    await run.start()
    const { page, errors } = await run.open(context)
    await page.getByRole('heading', { name: 'Your Studbook data file is damaged' }).waitFor()
    expect(await page.locator('main').textContent()).toContain('damaged file is kept')
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'ui-recovery.png') })

    await page.getByRole('button', { name: 'Restore' }).first().click()
    // The app starts over on the restored file and syncs the catalogue again.
    await waitForSets(page, 300)
    await page.getByText(/Restored the backup of .* The damaged file was kept as /).waitFor()
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'ui-recovery-restored.png') })
    expect(errors).toEqual([])
  })
})
