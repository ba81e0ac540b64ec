import { BrowserWindow, screen } from 'electron'
import { hardenWebContents, type ExternalLinkPolicy } from './navigation'
import { mainWindowChrome } from './window-options'
import { readWindowState, writeWindowState } from './window-state'

interface MainWindowOptions {
  readonly preloadPath: string
  /** JSON file (in userData) remembering size, position and maximized state. */
  readonly stateFile: string
  readonly url: string
  readonly title: string
  readonly icon?: string
  readonly links: ExternalLinkPolicy
}

/** The only place in Studbook that creates a BrowserWindow. */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const workAreas = screen.getAllDisplays().map((d) => d.workArea)
  const state = readWindowState(options.stateFile, workAreas)
  const window = new BrowserWindow({
    ...mainWindowChrome({
      state,
      title: options.title,
      ...(options.icon === undefined ? {} : { icon: options.icon })
    }),
    // Every option spelled out, defaults included, so a changed default cannot weaken it.
    webPreferences: {
      preload: options.preloadPath,
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
  })
  hardenWebContents(window.webContents, options.links)

  window.once('ready-to-show', () => {
    if (state.maximized) window.maximize()
    window.show()
  })
  window.on('close', () => {
    writeWindowState(options.stateFile, {
      bounds: window.getNormalBounds(),
      maximized: window.isMaximized()
    })
  })
  window.loadURL(options.url).catch((error: unknown) => {
    // The page failing to load is a packaging bug: say so on stderr rather than die silently.
    console.error('Studbook could not load its window content:', error)
  })
  return window
}
