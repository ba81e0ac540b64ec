import type { BrowserWindowConstructorOptions, WebPreferences } from 'electron'
import { DEFAULT_SIZE, MIN_SIZE, type WindowState } from './window-state'

/** R-SEC-1: the one set of web preferences every Studbook window gets. */
export function hardenedWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    sandbox: true,
    contextIsolation: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: true,
    disableBlinkFeatures: 'Auxclick'
  }
}

export function mainWindowOptions(options: {
  readonly preloadPath: string
  readonly state: WindowState
  readonly title: string
  readonly icon?: string
}): BrowserWindowConstructorOptions {
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
    autoHideMenuBar: false,
    webPreferences: hardenedWebPreferences(options.preloadPath)
  }
}
