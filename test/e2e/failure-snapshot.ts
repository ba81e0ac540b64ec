import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import { ARTIFACTS_DIR, openPages } from './harness'

/**
 * A failed end-to-end test leaves what its pages showed when it failed: a screenshot and the
 * document, in test-results/e2e/failed/. A failure seen once under load (a dialog that never
 * opened, 2026-11-28) left only Playwright's call log, which says what was awaited, not what was
 * on the screen instead.
 */
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail' || openPages.size === 0) return
  const dir = join(ARTIFACTS_DIR, 'failed')
  mkdirSync(dir, { recursive: true })
  const name = `${task.file.name}-${task.name}`.replace(/[^\w.-]+/g, '-').slice(0, 120)
  let i = 0
  for (const page of openPages) {
    const base = join(dir, `${name}-${String(i++)}`)
    try {
      await page.screenshot({ path: `${base}.png`, fullPage: true })
      writeFileSync(`${base}.html`, await page.content())
    } catch (e) {
      // A page that closed or hung: the other pages and the failure itself still count.
      writeFileSync(`${base}.txt`, String(e))
    }
  }
})
