import type { CrashLog } from './crash-handlers'

/** The part of electron-updater's autoUpdater used here. */
interface Updater {
  autoDownload: boolean
  autoInstallOnAppQuit: boolean
  setFeedURL(options: { provider: 'generic'; url: string }): void
  checkForUpdates(): Promise<{
    readonly isUpdateAvailable: boolean
    readonly updateInfo: { readonly version: string }
  } | null>
  downloadUpdate(): Promise<unknown>
  quitAndInstall(): void
}

/**
 * electron-updater's autoUpdater. The package is CommonJS and exports it through a getter, which
 * import() cannot see by name: from the built (CommonJS) main it arrives as `default.autoUpdater`.
 */
export async function loadElectronUpdater(): Promise<Updater> {
  // Typed by assignment, not a cast: the compiler checks electron-updater's types against Updater.
  const mod: { autoUpdater?: Updater; default?: { autoUpdater?: Updater } } =
    await import('electron-updater')
  const updater = 'autoUpdater' in mod ? mod.autoUpdater : mod.default?.autoUpdater
  if (updater === undefined) throw new Error('electron-updater offers no autoUpdater')
  return updater
}

const OS_FOLDER: Readonly<Record<string, string>> = { darwin: 'mac', win32: 'win', linux: 'linux' }

/**
 * Updates only in a packaged app: a development build has no app-update.yml and nothing to replace.
 * STUDBOOK_UPDATES=off turns them off (a managed install that updates by other means).
 */
export function updatesEnabled(isPackaged: boolean, env: NodeJS.ProcessEnv): boolean {
  return isPackaged && env['STUDBOOK_UPDATES'] !== 'off'
}

/** The feed a build carries in resources/app-update.yml, as electron-builder writes it. */
interface BuiltInFeed {
  readonly provider: string
  readonly url: string | null
}

/**
 * Reads app-update.yml's top-level `provider` and `url` (flat `key: value` lines, as
 * electron-builder writes them); null when the file is missing or names no provider.
 */
export function parseBuiltInFeed(text: string | null): BuiltInFeed | null {
  if (text === null) return null
  const fields = new Map<string, string>()
  for (const line of text.split(/\r?\n/)) {
    const m = /^([A-Za-z]+):\s*(.*?)\s*$/.exec(line)
    if (m?.[1] !== undefined && m[2] !== undefined) {
      fields.set(m[1], m[2].replace(/^(['"])(.*)\1$/, '$2'))
    }
  }
  const provider = fields.get('provider')
  if (provider === undefined || provider === '') return null
  return { provider, url: fields.get('url') ?? null }
}

interface UpdateCheckOptions {
  readonly load: () => Promise<Updater>
  readonly currentVersion: string
  /** STUDBOOK_UPDATE_URL at run time replaces the feed built in; same layout: <url>/<os>/<arch>. */
  readonly feedUrl: string | undefined
  /** The feed built into this package (app-update.yml), used when STUDBOOK_UPDATE_URL is unset. */
  readonly builtInFeed: () => Promise<BuiltInFeed | null>
  readonly platform: string
  readonly arch: string
  /** Asks a yes/no question (a message box in Electron). */
  readonly ask: (message: string, yes: string) => Promise<boolean>
  readonly tell: (message: string) => void
  readonly log: CrashLog & { info(message: string, data?: unknown): void }
}

type UpdateOutcome = 'current' | 'declined' | 'installing' | 'failed'

/**
 * How a check was started: by the user (Help › Check for Updates…), who is told every outcome; or
 * by the schedule, which is quiet: it speaks only when there is an update, and does not ask again
 * about a version the user said "Not now" to while Studbook runs.
 */
export interface UpdateRun {
  readonly quiet: boolean
}

function isHttps(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:'
  } catch {
    return false
  }
}

/**
 * Points the updater at a feed taken over https only: what comes from it is run. STUDBOOK_UPDATE_URL
 * replaces the built-in feed; a generic built-in feed is checked and set explicitly, so the address
 * checked is the address used.
 */
async function useHttpsFeed(updater: Updater, options: UpdateCheckOptions): Promise<void> {
  if (options.feedUrl !== undefined && options.feedUrl !== '') {
    if (!isHttps(options.feedUrl)) {
      throw new Error('STUDBOOK_UPDATE_URL must be an https address.')
    }
    const os = OS_FOLDER[options.platform] ?? options.platform
    updater.setFeedURL({
      provider: 'generic',
      url: `${options.feedUrl.replace(/\/+$/, '')}/${os}/${options.arch}`
    })
    return
  }
  const feed = await options.builtInFeed()
  if (feed === null) throw new Error('this build names no update feed (app-update.yml).')
  // github and the other hosted providers build their own https addresses.
  if (feed.provider !== 'generic') return
  if (feed.url === null || !isHttps(feed.url)) {
    throw new Error(`the update feed built in is not an https address (${String(feed.url)}).`)
  }
  updater.setFeedURL({ provider: 'generic', url: feed.url })
}

/** A check: asks before downloading and again before restarting; a user's check is never silent. */
export function createUpdateCheck(
  options: UpdateCheckOptions
): (run?: UpdateRun) => Promise<UpdateOutcome> {
  let busy: Promise<UpdateOutcome> | null = null
  /** Versions the user said "Not now" to: the schedule does not ask about them again. */
  const declined = new Set<string>()
  const run = async ({ quiet }: UpdateRun): Promise<UpdateOutcome> => {
    try {
      const updater = await options.load()
      updater.autoDownload = false
      // Nothing installs without the user's yes, not even at quit.
      updater.autoInstallOnAppQuit = false
      await useHttpsFeed(updater, options)
      const result = await updater.checkForUpdates()
      if (result === null || !result.isUpdateAvailable) {
        options.log.info('update check: none newer', { version: options.currentVersion, quiet })
        if (!quiet) options.tell(`Studbook ${options.currentVersion} is the newest version.`)
        return 'current'
      }
      const next = result.updateInfo.version
      options.log.info('update check: newer version available', { version: next, quiet })
      if (quiet && declined.has(next)) return 'declined'
      const download = await options.ask(
        `Studbook ${next} is available (you have ${options.currentVersion}). Download it now?`,
        'Download'
      )
      if (!download) {
        declined.add(next)
        return 'declined'
      }
      await updater.downloadUpdate()
      const restart = await options.ask(
        `Studbook ${next} is ready. Restart Studbook to install it? Your edits are saved.`,
        'Restart'
      )
      if (!restart) {
        declined.add(next)
        return 'declined'
      }
      updater.quitAndInstall()
      return 'installing'
    } catch (error) {
      // The schedule's failures (offline, feed down) go to the log only; the user's are said.
      if (quiet) options.log.warn('scheduled update check failed', error)
      else options.log.error('update check failed', error)
      const why = error instanceof Error ? error.message : String(error)
      if (!quiet) options.tell(`Studbook could not check for updates: ${why.slice(0, 300)}`)
      return 'failed'
    }
  }
  let busyQuiet = false
  const start = (how: UpdateRun): Promise<UpdateOutcome> => {
    busyQuiet = how.quiet
    const running = run(how).finally(() => {
      busy = null
    })
    busy = running
    return running
  }
  return (how = { quiet: false }) => {
    if (busy === null) return start(how)
    if (how.quiet || !busyQuiet) return busy
    // The user asks while the schedule is checking: its answer is theirs too, and said aloud.
    return busy.then((outcome) => {
      if (outcome === 'current') {
        options.tell(`Studbook ${options.currentVersion} is the newest version.`)
        return outcome
      }
      // A quiet failure was only logged: the user's own check tries again and says why.
      return outcome === 'failed' ? start(how) : outcome
    })
  }
}
