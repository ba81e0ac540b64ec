import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import { createApp } from '../../src/main/app/compose'
import type { AppContext } from '../../src/main/app/compose'
import { dispatch } from '../../src/main/ipc/dispatch'
import type { Result } from '../../src/shared/ipc/result'
import type { SyncStatus } from '../../src/shared/model/sync'

/**
 * The whole app started on a real data folder, stopped and started again as a user would: for
 * the tests of what survives a restart (a damaged file, a refused setting). Requests go through
 * the contract's dispatch, as the window's do.
 */
export interface AppRuns {
  /** A fresh data folder, removed after the test. */
  readonly folder: (prefix: string) => string
  /** Starts the app on `dir` (browser host, in-memory credentials, no automatic sync). */
  readonly start: (dir: string) => Promise<AppContext>
  /** Closes `app` now, as quitting does, rather than after the test. */
  readonly stop: (app: AppContext) => Promise<void>
}

/** Apps and folders of one test each: whatever is still open after a test is closed, then removed. */
export function appRunsEachTest(demoSets: number): AppRuns {
  let dirs: string[] = []
  let apps: AppContext[] = []
  afterEach(async () => {
    for (const a of apps) await a.close()
    for (const d of dirs) rmSync(d, { recursive: true, force: true })
    apps = []
    dirs = []
  })
  return {
    folder: (prefix) => {
      const dir = mkdtempSync(join(tmpdir(), prefix))
      dirs.push(dir)
      return dir
    },
    start: async (dir) => {
      const app = await startApp(dir, { demoSets })
      apps.push(app)
      return app
    },
    stop: async (app) => {
      apps = apps.filter((a) => a !== app)
      await app.close()
    }
  }
}

/**
 * Starts the app on `dir` (browser host, in-memory credentials, no automatic sync); the caller
 * closes it. `diskFullRetryMs` shortens the wait before a sync stopped by a full disk tries again.
 */
export function startApp(
  dir: string,
  options: { demoSets: number; diskFullRetryMs?: number }
): Promise<AppContext> {
  return createApp({
    dataDir: dir,
    host: 'browser',
    autoSync: false,
    credentials: 'memory',
    ...options
  })
}

/** A request through the contract, as the window sends it. */
export async function call<T = unknown>(
  app: AppContext,
  channel: string,
  input: unknown
): Promise<Result<T>> {
  return (await dispatch(app.handlers, channel, input)) as Result<T>
}

/** The value of a request that must succeed. */
export async function value<T>(app: AppContext, channel: string, input: unknown): Promise<T> {
  const r = await call<T>(app, channel, input)
  if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`)
  return r.value
}

/** Waits until the app's sync is not running. */
export async function syncIdle(app: AppContext): Promise<void> {
  while ((await value<{ running: boolean }>(app, 'sync:getStatus', {})).running) {
    await new Promise((r) => setTimeout(r, 20))
  }
}

/**
 * Polls the app's sync status until `check` holds, and returns that status. A status that never
 * comes fails naming `what` was awaited and the last status seen.
 */
export async function syncStatusUntil(
  app: AppContext,
  check: (s: SyncStatus) => boolean,
  what: string
): Promise<SyncStatus> {
  const status = () => value<SyncStatus>(app, 'sync:getStatus', {})
  for (let i = 0; i < 6000; i++) {
    const s = await status()
    if (check(s)) return s
    await new Promise((r) => setTimeout(r, 10))
  }
  throw new Error(`never: ${what}; last ${JSON.stringify(await status())}`)
}
