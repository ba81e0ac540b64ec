import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import type { AppContext } from '../../src/main/app/compose'
import { WAIT_MS } from '../limits'
import { startApp, value } from '../store/app-runs'

/** The whole main side as the browser host runs it, reached the way the renderer reaches it. */
export interface BrowserApp {
  /** The app's data folder. */
  readonly dir: string
  /** There once beforeAll has run. */
  readonly app: AppContext
  /** A call through dispatch, as the renderer makes it: its value, or a throw naming the error. */
  readonly call: <T>(channel: string, input: unknown) => Promise<T>
  /**
   * A full sync of the demo catalogue, waited for to its end (no time limit but the hook's). A
   * machine under heavy load may drop an attempt: up to three are made until one completes.
   */
  readonly syncDemo: () => Promise<void>
}

/**
 * An app over a fresh data folder named for the file, with a demo catalogue of `demoSets` sets,
 * secrets in memory and no sync of its own: created before the file's tests (before the file's
 * own beforeAll), closed and removed after them. With `synced`, the demo catalogue is synced
 * (syncDemo) before the tests too.
 */
export function browserApp(
  name: string,
  demoSets: number,
  options: { synced?: boolean } = {}
): BrowserApp {
  const dir = mkdtempSync(join(tmpdir(), `studbook-${name}-`))
  let created: AppContext | null = null
  const app = (): AppContext => {
    if (created === null) throw new Error('the browser app is used before beforeAll ran')
    return created
  }
  const call = <T>(channel: string, input: unknown): Promise<T> => value<T>(app(), channel, input)
  const syncDemo = async (): Promise<void> => {
    for (let attempt = 0; attempt < 3; attempt++) {
      await call('sync:start', { full: true })
      while ((await call<{ running: boolean }>('sync:getStatus', {})).running) {
        await new Promise((r) => setTimeout(r, 50))
      }
      if ((await call<{ outcome: string }>('sync:getStatus', {})).outcome === 'complete') return
    }
  }
  // A first sync of a few hundred sets at load 20 can outlast the hooks' usual 90 s.
  beforeAll(async () => {
    created = await startApp(dir, { demoSets })
    if (options.synced) await syncDemo()
  })
  afterAll(async () => {
    await created?.close()
    rmSync(dir, { recursive: true, force: true })
  })
  return {
    dir,
    get app() {
      return app()
    },
    call,
    syncDemo
  }
}

/**
 * Polls `check` until it holds: true, or false once a wait's limit has passed. The limit only
 * names a hang before the test's own; nothing is timed.
 */
export async function until(check: () => Promise<boolean>): Promise<boolean> {
  const end = Date.now() + WAIT_MS
  while (!(await check())) {
    if (Date.now() > end) return false
    await new Promise((r) => setTimeout(r, 50))
  }
  return true
}
