import type { App, BrowserWindow } from 'electron'

/**
 * One Studbook per user: a second launch hands over to the running one (with its command line),
 * which comes to the front.
 * Returns false when this process is the second one and should quit.
 */
export function claimSingleInstance(
  app: Pick<App, 'requestSingleInstanceLock' | 'on'>,
  window: () => BrowserWindow | null,
  /** The second launch's command line: on Windows and Linux, the file it was asked to open. */
  onArgs: (argv: readonly string[], cwd: string) => void = () => undefined
): boolean {
  if (!app.requestSingleInstanceLock()) return false
  app.on('second-instance', (_event, argv, workingDirectory) => {
    onArgs(argv, workingDirectory)
    const current = window()
    if (current === null || current.isDestroyed()) return
    if (current.isMinimized()) current.restore()
    current.show()
    current.focus()
  })
  return true
}
