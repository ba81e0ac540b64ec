import type { App, BrowserWindow } from 'electron'

/**
 * One Studbook per user: a second launch hands over to the running one, which comes to the front.
 * Returns false when this process is the second one and should quit.
 */
export function claimSingleInstance(
  app: Pick<App, 'requestSingleInstanceLock' | 'on'>,
  window: () => BrowserWindow | null
): boolean {
  if (!app.requestSingleInstanceLock()) return false
  app.on('second-instance', () => {
    const current = window()
    if (current === null || current.isDestroyed()) return
    if (current.isMinimized()) current.restore()
    current.show()
    current.focus()
  })
  return true
}
