import type { BrowserWindowConstructorOptions } from 'electron'
import { DEFAULT_SIZE, MIN_SIZE, type WindowState } from './window-state'

/**
 * Everything about the main window except its web preferences, which stay written out literally
 * where the window is constructed, so that reviewers and Electronegativity see them in place.
 */
export function mainWindowChrome(options: {
  readonly state: WindowState
  readonly title: string
  readonly icon?: string
}): Omit<BrowserWindowConstructorOptions, 'webPreferences'> {
  const bounds = options.state.bounds ?? DEFAULT_SIZE
  return {
    ...bounds,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    title: options.title,
    ...(options.icon === undefined ? {} : { icon: options.icon }),
    // Shown on ready-to-show, so the user never sees a blank white frame.
    show: false,
    backgroundColor: '#1f2329',
    autoHideMenuBar: false
  }
}
