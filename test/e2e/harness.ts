import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { tokenCookieName } from '../../src/main/hosts/web-guard'
import { WAIT_MS } from '../limits'
import { launchChromium } from './chromium'
import { startProcess, stopProcess } from './processes'
import type { Started } from './processes'
import { waitForSets, waitForSyncEnd } from './ui-helpers'

export const ROOT = join(__dirname, '../..')
export const ARTIFACTS_DIR = join(ROOT, 'test-results/e2e')

/** The pages of the apps started and not yet stopped: a failed test's snapshot shows each. */
export const openPages = new Set<Page>()

/** A browser host as started by the tests: its address parts and its process. */
export interface WebHost {
  readonly child: Started['child']
  /** The address it printed, token included: what a user opens. */
  readonly url: string
  /** `http://127.0.0.1:<port>` */
  readonly origin: string
  readonly port: number
  readonly token: string
  readonly output: () => string
}

/**
 * Starts the built browser host (`out/main/web.js`) on a data folder with the demo catalogue,
 * credentials in memory and no browser opened; port 0 picks a free one.
 */
export async function startWebHost(
  dataDir: string,
  options: { demoSets?: number; port?: number } = {}
): Promise<WebHost> {
  const started = await startProcess(
    process.execPath,
    [
      join(ROOT, 'out/main/web.js'),
      '--port',
      String(options.port ?? 0),
      '--data-dir',
      dataDir,
      '--demo-sets',
      String(options.demoSets ?? 300)
    ],
    /running at ((http:\/\/127\.0\.0\.1:(\d+))\/\?token=(\S+))/,
    { cwd: ROOT, env: { STUDBOOK_NO_OPEN: '1', STUDBOOK_CREDENTIALS: 'memory' } }
  )
  const [, url = '', origin = '', port = '0', token = ''] = started.match
  return { child: started.child, url, origin, port: Number(port), token, output: started.output }
}

export interface ExternalService {
  readonly url: string
  readonly apiKey: string
  readonly username: string
  readonly password: string
  /** Stops the service process; the app then sees it as unreachable. */
  stop(): Promise<void>
  /** Starts it again on the same port with the same data. */
  start(): Promise<void>
}

export interface AppUnderTest {
  readonly url: string
  readonly origin: string
  readonly page: Page
  readonly context: BrowserContext
  /** Console errors and uncaught page errors seen so far. */
  readonly consoleErrors: string[]
  readonly dataDir: string
  readonly artifactsDir: string
  readonly service?: ExternalService
  /** Calls the contract from the test itself, as the renderer would (same cookie, same origin). */
  rpc<T = unknown>(channel: string, input?: unknown): Promise<T>
  stop(): Promise<void>
}

export interface StartOptions {
  demoSets?: number
  colorScheme?: 'light' | 'dark'
  /** Run against a reference service in its own loopback process (stoppable), not the demo. */
  externalService?: boolean | { sets?: number }
  viewport?: { width: number; height: number }
  /** Runs before the first navigation, e.g. to add init scripts. */
  beforeGoto?: (page: Page) => Promise<void>
}

const TSX = join(ROOT, 'node_modules/.bin/tsx')

/**
 * The reference service in its own loopback process, its data in `dir`; stoppable and restartable.
 * `setsLatencyMs` makes each getSets answer wait, so a sync can be watched or cut off mid-way.
 */
export async function startService(
  sets: number,
  dir: string,
  seed = 1,
  options: { setsLatencyMs?: number } = {}
): Promise<ExternalService> {
  const db = join(dir, 'service.db')
  let port = 0
  let running: Started | null = null
  const launch = (): Promise<Started> =>
    startProcess(
      TSX,
      [
        'src/emulator/cli.ts',
        '--port',
        String(port),
        '--sets',
        String(sets),
        '--seed',
        String(seed),
        '--db',
        db,
        ...(options.setsLatencyMs === undefined
          ? []
          : ['--sets-latency-ms', String(options.setsLatencyMs)])
      ],
      /base URL\s+(http:\/\/127\.0\.0\.1:(\d+))[\s\S]*demo apiKey\s+(\S+)[\s\S]*demo login\s+(\S+) \/ (\S+)/,
      { cwd: ROOT }
    )
  running = await launch()
  const [, url = '', portText = '', apiKey = '', username = '', password = ''] = running.match
  port = Number(portText)
  return {
    url,
    apiKey,
    username,
    password,
    stop: async () => {
      if (running) await stopProcess(running.child)
      running = null
    },
    start: async () => {
      running ??= await launch()
    }
  }
}

/**
 * The host's log folder goes to the artifacts before its data folder is removed: a failure seen
 * once on a loaded CI machine then shows what the app logged (warnings, failed handlers).
 */
function keepHostLogs(host: WebHost): void {
  const dir = /^Logs: (.+)$/m.exec(host.output())?.[1]?.trim()
  if (dir === undefined) return
  try {
    cpSync(dir, join(ARTIFACTS_DIR, 'host-logs', `port-${String(host.port)}`), { recursive: true })
  } catch {
    // No log written yet, or the folder went with the process: nothing to keep.
  }
}

/** Builds nothing: `npm test` builds first. Starts the browser host on a fresh data folder. */
export async function startApp(options: StartOptions = {}): Promise<AppUnderTest> {
  const dataDir = mkdtempSync(join(tmpdir(), 'studbook-e2e-'))
  mkdirSync(ARTIFACTS_DIR, { recursive: true })
  const external = options.externalService
  const service = external
    ? await startService(typeof external === 'object' ? (external.sets ?? 2000) : 2000, dataDir)
    : undefined
  const host = await startWebHost(join(dataDir, 'app'), { demoSets: options.demoSets ?? 2000 })
  const { origin, token } = host
  const browser: Browser = await launchChromium()
  const context = await browser.newContext({
    colorScheme: options.colorScheme ?? 'light',
    viewport: options.viewport ?? { width: 1440, height: 900 }
  })
  const page = await context.newPage()
  openPages.add(page)
  // Playwright's own waits give up after 30 s.
  page.setDefaultTimeout(WAIT_MS)
  const consoleErrors: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text())
  })
  page.on('pageerror', (err) => consoleErrors.push(`pageerror: ${err.message}`))

  const rpc = async <T>(channel: string, input: unknown = {}): Promise<T> => {
    const res = await fetch(`${origin}/rpc/${channel}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Cookie: `${tokenCookieName(Number(new URL(origin).port))}=${token}`
      },
      body: JSON.stringify(input)
    })
    const result = (await res.json()) as {
      ok: boolean
      value?: T
      error?: { code: string; message: string }
    }
    if (!result.ok)
      throw new Error(`${channel}: ${result.error?.code ?? '?'} ${result.error?.message ?? ''}`)
    return result.value as T
  }

  if (service) {
    await rpc('account:saveProfile', { baseUrl: service.url, apiKey: service.apiKey })
    await rpc('account:signIn', { username: service.username, password: service.password })
  }
  await options.beforeGoto?.(page)
  await page.goto(`${origin}/?token=${token}`)

  return {
    url: `${origin}/`,
    origin,
    page,
    context,
    consoleErrors,
    dataDir,
    artifactsDir: ARTIFACTS_DIR,
    ...(service ? { service } : {}),
    rpc,
    stop: async () => {
      openPages.delete(page)
      await browser.close()
      await stopProcess(host.child)
      keepHostLogs(host)
      if (service) await service.stop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}

/**
 * startApp, then waits until the list shows the catalogue and the first sync has ended: the demo's
 * collection (its figures and copies too) comes after the catalogue in that sync, so a test that
 * counts or edits what the user holds starts from here. With an external service it asks for a
 * full sync from that service first, and waits for the service's sets.
 */
export async function startSyncedApp(
  options: StartOptions & { demoSets: number }
): Promise<AppUnderTest> {
  const app = await startApp(options)
  const external = options.externalService
  if (external) await app.rpc('sync:start', { full: true })
  const serviceSets = typeof external === 'object' ? (external.sets ?? 2000) : 2000
  await waitForSets(app.page, external ? serviceSets : options.demoSets)
  await waitForSyncEnd(app)
  return app
}
