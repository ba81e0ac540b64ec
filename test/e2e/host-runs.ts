import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchChromium } from './chromium'
import { startWebHost } from './harness'
import type { WebHost } from './harness'
import { WAIT_MS } from '../limits'
import { stopProcess } from './processes'
import { waitForSets } from './ui-helpers'

/** A browser host that a test stops and starts again on the same data folder, and one Chromium. */
export interface HostRuns {
  /** The host's data folder (studbook.db and the rest), kept from one run to the next. */
  readonly data: string
  readonly browser: Browser
  /** The run started last. */
  readonly host: WebHost
  /** Starts a run on the data folder (`port` 0 or absent: any free one). */
  start(options?: { port?: number; demoSets?: number }): Promise<WebHost>
  /** Stops the run started last, as a user quits the app. */
  stop(): Promise<void>
  /** A new page of `context` on the current run; its page errors are collected from the start. */
  open(context: BrowserContext): Promise<{ page: Page; errors: string[] }>
  /**
   * A whole run before the one under test: started, opened in `context` until the list shows the
   * demo catalogue, then stopped; the data folder is then one a user has used.
   */
  runOnce(context: BrowserContext): Promise<void>
}

/**
 * Registers the file's hooks: Chromium is launched before its tests; after them the browser is
 * closed, a host still running is stopped, and the folder (named from `prefix`) is removed.
 */
export function hostRuns(prefix: string): HostRuns {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  const data = join(dir, 'app')
  let host: WebHost | null = null
  let browser: Browser | null = null
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    if (host) await stopProcess(host.child)
    rmSync(dir, { recursive: true, force: true })
  })
  const running = (): WebHost => {
    if (host === null) throw new Error('no host is running')
    return host
  }
  return {
    data,
    get browser() {
      if (browser === null) throw new Error('Chromium is read before beforeAll ran')
      return browser
    },
    get host() {
      return running()
    },
    async start(options = {}) {
      host = await startWebHost(data, options)
      return host
    },
    async stop() {
      await stopProcess(running().child)
      host = null
    },
    async open(context) {
      const page = await context.newPage()
      page.setDefaultTimeout(WAIT_MS)
      const errors: string[] = []
      page.on('pageerror', (e) => errors.push(e.message))
      await page.goto(running().url)
      return { page, errors }
    },
    async runOnce(context) {
      await this.start()
      const { page } = await this.open(context)
      await waitForSets(page, 300)
      await page.close()
      await this.stop()
    }
  }
}
