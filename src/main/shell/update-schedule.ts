import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createUpdateCheck, parseBuiltInFeed, updatesEnabled } from './updates'
import type { loadElectronUpdater, UpdateRun } from './updates'
import type { Log } from '../logging/index'

/** The first check waits for start-up to settle: the window, the first sync, the daily backup. */
export const FIRST_CHECK_DELAY_MS = 60_000
export const CHECK_EVERY_MS = 24 * 60 * 60 * 1000
/**
 * How often the schedule looks at the clock. A timer of a day would drift by every hour the
 * computer sleeps; an hourly look at the wall clock checks about a day after the last check.
 */
export const CLOCK_LOOK_MS = 60 * 60 * 1000

type ScheduleLog = Pick<Log, 'info' | 'warn'>

interface ScheduleOptions {
  readonly check: () => Promise<unknown>
  /** The user's setting (Settings › Updates); read before every check, so a change applies at once. */
  readonly enabled: () => Promise<boolean>
  readonly now: () => number
  readonly log: ScheduleLog
}

/** Checks once FIRST_CHECK_DELAY_MS after start, then once a day, while the setting allows. */
function scheduleUpdateChecks(options: ScheduleOptions): () => void {
  let last: number | null = null
  let stopped = false
  const tick = async (): Promise<void> => {
    if (stopped) return
    if (last !== null && options.now() - last < CHECK_EVERY_MS) return
    let on: boolean
    try {
      on = await options.enabled()
    } catch (error) {
      // The setting unreadable (the database closing): no check, and the next look tries again.
      options.log.warn('update checks: the setting could not be read', error)
      return
    }
    if (!on) return
    last = options.now()
    const outcome = await options.check()
    options.log.info('scheduled update check done', { outcome })
  }
  const run = () => {
    tick().catch((error: unknown) => {
      options.log.warn('scheduled update check failed', error)
    })
  }
  let every: ReturnType<typeof setInterval> | null = null
  // Unreferenced: a pending check never keeps a quitting process alive.
  const first = setTimeout(() => {
    run()
    every = setInterval(run, CLOCK_LOOK_MS)
    every.unref()
  }, FIRST_CHECK_DELAY_MS)
  first.unref()
  return () => {
    stopped = true
    clearTimeout(first)
    if (every !== null) clearInterval(every)
  }
}

type Check = ReturnType<typeof createUpdateCheck>

interface UpdatesOptions {
  readonly isPackaged: boolean
  readonly env: NodeJS.ProcessEnv
  readonly resourcesPath: string
  readonly load: typeof loadElectronUpdater
  readonly currentVersion: string
  readonly platform: string
  readonly arch: string
  readonly ask: (message: string, yes: string) => Promise<boolean>
  readonly tell: (message: string) => void
  readonly enabled: () => Promise<boolean>
  readonly now: () => number
  readonly log: ScheduleLog & { error(message: string, data?: unknown): void }
}

/** The update feed this package carries; null where it has none (a build without `publish`). */
async function readBuiltInFeed(resourcesPath: string) {
  const text = await readFile(join(resourcesPath, 'app-update.yml'), 'utf8').catch(() => null)
  return parseBuiltInFeed(text)
}

/**
 * Updates in a packaged app: the menu's check, and the quiet schedule. Nothing at all where updates
 * are off (development builds, STUDBOOK_UPDATES=off): no menu item, no timer, no electron-updater.
 */
export function setUpUpdates(options: UpdatesOptions): {
  readonly checkNow: (() => void) | null
  readonly stop: () => void
} {
  if (!updatesEnabled(options.isPackaged, options.env)) {
    return { checkNow: null, stop: () => undefined }
  }
  const check: Check = createUpdateCheck({
    load: options.load,
    currentVersion: options.currentVersion,
    feedUrl: options.env['STUDBOOK_UPDATE_URL'],
    builtInFeed: () => readBuiltInFeed(options.resourcesPath),
    platform: options.platform,
    arch: options.arch,
    ask: options.ask,
    tell: options.tell,
    log: options.log
  })
  const quiet: UpdateRun = { quiet: true }
  const stop = scheduleUpdateChecks({
    check: () => check(quiet),
    enabled: options.enabled,
    now: options.now,
    log: options.log
  })
  return {
    checkNow: () => {
      void check({ quiet: false })
    },
    stop
  }
}
