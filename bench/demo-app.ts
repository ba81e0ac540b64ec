import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../src/main/app/compose'
import type { AppContext } from '../src/main/app/compose'

/**
 * The app as the browser host runs it (secrets in memory, no sync of its own) over a fresh data
 * folder, its demo catalogue synced whole: what the benches of a whole app start from. The demo
 * holds `demoSets` sets (STUDBOOK_DEMO_SETS overrides, as in the app). The caller closes the app
 * and removes `dir`.
 */
export async function syncedDemoApp(
  name: string,
  demoSets?: number
): Promise<{ dir: string; app: AppContext }> {
  const dir = mkdtempSync(join(tmpdir(), `studbook-bench-${name}-`))
  try {
    const app = await createApp({
      dataDir: dir,
      host: 'browser',
      autoSync: false,
      credentials: 'memory',
      ...(demoSets === undefined ? {} : { demoSets })
    })
    await app.handlers['sync:start']({ full: true })
    while ((await app.handlers['sync:getStatus']({})).running) {
      await new Promise((r) => setTimeout(r, 50))
    }
    return { dir, app }
  } catch (e) {
    rmSync(dir, { recursive: true, force: true })
    throw e
  }
}

/** The middle value of `xs` (the upper one of an even count). */
export const median = (xs: readonly number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
