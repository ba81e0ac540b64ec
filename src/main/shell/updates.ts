import type { CrashLog } from './crash-handlers'

/** The part of electron-updater's autoUpdater used here. */
interface Updater {
  autoDownload: boolean
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
  const mod = (await import('electron-updater')) as unknown as {
    autoUpdater?: Updater
    default?: { autoUpdater?: Updater }
  }
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

interface UpdateCheckOptions {
  readonly load: () => Promise<Updater>
  readonly currentVersion: string
  /** STUDBOOK_UPDATE_URL at run time replaces the feed built in; same layout: <url>/<os>/<arch>. */
  readonly feedUrl: string | undefined
  readonly platform: string
  readonly arch: string
  /** Asks a yes/no question (a message box in Electron). */
  readonly ask: (message: string, yes: string) => Promise<boolean>
  readonly tell: (message: string) => void
  readonly log: CrashLog & { info(message: string, data?: unknown): void }
}

type UpdateOutcome = 'current' | 'declined' | 'installing' | 'failed'

function isHttps(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:'
  } catch {
    return false
  }
}

/** "Check for Updates…": asks before downloading and again before restarting; never silent. */
export function createUpdateCheck(options: UpdateCheckOptions): () => Promise<UpdateOutcome> {
  let busy: Promise<UpdateOutcome> | null = null
  const run = async (): Promise<UpdateOutcome> => {
    try {
      const updater = await options.load()
      updater.autoDownload = false
      if (options.feedUrl !== undefined && options.feedUrl !== '') {
        // What comes from this feed is run: it is taken over https only, as the built-in one is.
        if (!isHttps(options.feedUrl)) {
          throw new Error('STUDBOOK_UPDATE_URL must be an https address.')
        }
        const os = OS_FOLDER[options.platform] ?? options.platform
        updater.setFeedURL({
          provider: 'generic',
          url: `${options.feedUrl.replace(/\/+$/, '')}/${os}/${options.arch}`
        })
      }
      const result = await updater.checkForUpdates()
      if (result === null || !result.isUpdateAvailable) {
        options.log.info('update check: none newer', { version: options.currentVersion })
        options.tell(`Studbook ${options.currentVersion} is the newest version.`)
        return 'current'
      }
      const next = result.updateInfo.version
      options.log.info('update check: newer version available', { version: next })
      const download = await options.ask(
        `Studbook ${next} is available (you have ${options.currentVersion}). Download it now?`,
        'Download'
      )
      if (!download) return 'declined'
      await updater.downloadUpdate()
      const restart = await options.ask(
        `Studbook ${next} is ready. Restart Studbook to install it? Your edits are saved.`,
        'Restart'
      )
      if (!restart) return 'declined'
      updater.quitAndInstall()
      return 'installing'
    } catch (error) {
      options.log.error('update check failed', error)
      const why = error instanceof Error ? error.message : String(error)
      options.tell(`Studbook could not check for updates: ${why.slice(0, 300)}`)
      return 'failed'
    }
  }
  return () => {
    busy ??= run().finally(() => {
      busy = null
    })
    return busy
  }
}
