import { stat } from 'node:fs/promises'
import { extname, isAbsolute, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Log } from '../logging/index'

/** The backup's extension, registered with the OS by electron-builder's fileAssociations. */
const BACKUP_EXT = '.studbook'

/**
 * The backup a launch names on its command line (Windows and Linux pass an opened file so): the
 * last argument ending in `.studbook`, a path (relative ones taken from the launch's working
 * folder) or a local `file:` URL.
 * argv[0] is the executable, and Chromium switches (`--x=a.studbook`) are never files.
 */
export function backupPathFromArgv(argv: readonly string[], cwd: string): string | null {
  for (const arg of argv.slice(1).reverse()) {
    if (arg.startsWith('-')) continue
    const path = /^[a-z][a-z0-9+.-]*:\/\//i.test(arg) ? localFileOf(arg) : arg
    if (path === null || extname(path).toLowerCase() !== BACKUP_EXT) continue
    return isAbsolute(path) ? path : resolve(cwd, path)
  }
  return null
}

/**
 * A `file:` URL on this computer as a path (the .desktop entry's Exec ends in %U, so a file
 * manager may pass one); any other URL, or a file on another host, is nothing to open.
 */
function localFileOf(arg: string): string | null {
  try {
    const url = new URL(arg)
    if (url.protocol !== 'file:' || (url.host !== '' && url.host !== 'localhost')) return null
    return fileURLToPath(url)
  } catch {
    return null
  }
}

/** Electron's app, as far as macOS's open-file goes. */
interface OpenFileSource {
  on(
    event: 'open-file',
    listener: (event: { preventDefault(): void }, path: string) => void
  ): unknown
}

interface OpenedBackupsDeps {
  readonly app: OpenFileSource
  /**
   * Tells the window to show the Restore preview of the opened file (a `restoreOpened` menu
   * command); false while there is no window (or no app) yet to tell.
   */
  readonly deliver: () => boolean
  readonly log: Pick<Log, 'warn'>
}

/**
 * Backups the OS opens with Studbook: macOS sends `open-file` (at launch, before the app is ready,
 * too); Windows and Linux start Studbook with the file in argv, and a second launch hands its argv
 * to this one. The path stays in main; the page asks for its preview (exchange:previewRestore
 * `opened`), which reads the file in the backup worker like any other: the file is hostile.
 */
export function createOpenedBackups(deps: OpenedBackupsDeps): {
  readonly fromArgv: (argv: readonly string[], cwd: string) => void
  readonly windowReady: () => void
  readonly take: () => string | null
  readonly waiting: () => boolean
} {
  let pending: string | null = null
  /** Whether the window was told of the pending file (else windowReady tells it). */
  let told = false
  let latest = 0

  const offer = (path: string): void => {
    const mine = ++latest
    if (extname(path).toLowerCase() !== BACKUP_EXT) {
      deps.log.warn('opened file is not a Studbook backup', { path })
      return
    }
    stat(path)
      .then((s) => {
        if (!s.isFile()) throw new Error('not a file')
        // A later open wins over one still being looked at.
        if (mine !== latest) return
        pending = path
        told = deps.deliver()
      })
      .catch((error: unknown) => {
        deps.log.warn('opened backup cannot be read', { path, error })
      })
  }

  deps.app.on('open-file', (event, path) => {
    // Handled here: macOS does not then report that Studbook cannot open documents.
    event.preventDefault()
    offer(path)
  })

  return {
    fromArgv: (argv, cwd) => {
      const path = backupPathFromArgv(argv, cwd)
      if (path !== null) offer(path)
    },
    windowReady: () => {
      if (pending !== null && !told) told = deps.deliver()
    },
    waiting: () => pending !== null,
    take: () => {
      const path = pending
      pending = null
      told = false
      return path
    }
  }
}
