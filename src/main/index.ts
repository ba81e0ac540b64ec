import { join } from 'node:path'
import { app, BrowserWindow, dialog, ipcMain, Menu, protocol, session, shell } from 'electron'
import { buildCsp } from '../shared/csp'
import { AppError, toAppErrorData } from '../shared/errors'
import { createApp } from './app/compose'
import type { AppContext } from './app/compose'
import type { DataFolderPort } from './app/exchange-handlers'
import { dispatch } from './ipc/dispatch'
import { APP_ORIGIN, APP_SCHEME, resolveRendererUrl } from './shell/app-origin'
import { APP_SCHEME_PRIVILEGES, createAppRequestHandler } from './shell/app-protocol'
import { forwardEvents } from './shell/event-forwarder'
import { createNativeFileChooser } from './shell/file-dialogs'
import { registerIpcGate } from './shell/ipc-gate'
import { buildMenuTemplate } from './shell/menu'
import type { ExternalLinkPolicy } from './shell/navigation'
import { applyDevServerCsp, applyGlobalPolicy } from './shell/session-policy'
import { claimSingleInstance } from './shell/single-instance'
import { createMainWindow } from './shell/window-factory'

// The Electron composition root: the only module that wires electron to the app services.
// Credentials: keytar (archived upstream) sits behind the app's CredentialStore; Electron's
// safeStorage is its likely successor once the shell can be run and tested with the real binary.

let mainWindow: BrowserWindow | null = null
let context: AppContext | null = null
let closing = false

// Privileged schemes must be registered before 'ready'.
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES])

const renderer = resolveRendererUrl({
  isPackaged: app.isPackaged,
  devServerUrl: process.env.ELECTRON_RENDERER_URL
})

const links: ExternalLinkPolicy = {
  allowedHosts: () => context?.allowedExternalHosts() ?? [],
  openExternal: (url) => shell.openExternal(url)
}

/** Linux takes the window icon from here; Windows and macOS from the executable and bundle. */
function iconPath(): string | undefined {
  if (process.platform !== 'linux') return undefined
  return app.isPackaged
    ? join(process.resourcesPath, 'icon.png')
    : join(__dirname, '../../resources/icon.png')
}

/**
 * Backups are binary files, so the app services take a path from these dialogs and do the reading
 * and writing themselves; the data folder opens in the system's file manager.
 */
function nativeDataFolder(): DataFolderPort {
  const filters = [{ name: 'Studbook backup', extensions: ['studbook'] }]
  return {
    async chooseBackupTarget(suggestedPath) {
      const options = { defaultPath: suggestedPath, filters }
      const r = await (mainWindow
        ? dialog.showSaveDialog(mainWindow, options)
        : dialog.showSaveDialog(options))
      return r.canceled || r.filePath === '' ? null : r.filePath
    },
    async chooseBackupSource(folder) {
      const options = { defaultPath: folder, filters, properties: ['openFile' as const] }
      const r = await (mainWindow
        ? dialog.showOpenDialog(mainWindow, options)
        : dialog.showOpenDialog(options))
      return r.canceled ? null : (r.filePaths[0] ?? null)
    },
    async openFolder(path) {
      const failed = await shell.openPath(path)
      if (failed !== '') {
        throw new AppError('file_error', `The data folder could not be opened: ${failed}`)
      }
    }
  }
}

function openWindow(): void {
  const icon = iconPath()
  mainWindow = createMainWindow({
    preloadPath: join(__dirname, '../preload/index.js'),
    stateFile: join(app.getPath('userData'), 'window-state.json'),
    url: renderer.url,
    title: app.getName(),
    ...(icon === undefined ? {} : { icon }),
    links
  })
  mainWindow.on('closed', () => {
    mainWindow = null
  })
}

async function start(): Promise<void> {
  applyGlobalPolicy(app, session.defaultSession, links)
  if (renderer.devOrigin !== null) {
    applyDevServerCsp(
      session.defaultSession,
      renderer.devOrigin,
      buildCsp({ devServerOrigin: renderer.devOrigin })
    )
  }
  const dataDir = app.getPath('userData')
  protocol.handle(
    APP_SCHEME,
    createAppRequestHandler({
      rendererDir: join(__dirname, '../renderer'),
      media: (path) => context?.media(path) ?? Promise.resolve(null)
    })
  )
  context = await createApp({
    dataDir,
    host: 'electron',
    files: createNativeFileChooser(dialog, () => mainWindow),
    dataFolder: nativeDataFolder()
  })
  registerIpcGate(ipcMain, {
    handlers: context.handlers,
    dispatch,
    trustedOrigins: renderer.devOrigin === null ? [APP_ORIGIN] : [APP_ORIGIN, renderer.devOrigin]
  })
  forwardEvents(context.events, () => mainWindow?.webContents ?? null)
  const events = context.events
  const template = buildMenuTemplate({
    platform: process.platform,
    appName: app.getName(),
    isPackaged: app.isPackaged,
    onCommand: (command) => {
      events.emit('menu:command', { command })
    }
  })
  Menu.setApplicationMenu(Menu.buildFromTemplate(template))
  openWindow()
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow()
  })
}

if (!claimSingleInstance(app, () => mainWindow)) {
  app.quit()
} else {
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  app.on('before-quit', (event) => {
    // Close the database and finish pending writes before the process goes away.
    if (context === null || closing) return
    event.preventDefault()
    closing = true
    const finishing = context
    context = null
    finishing
      .close()
      .catch((error: unknown) => {
        console.error('Studbook did not shut down cleanly:', error)
      })
      .finally(() => {
        app.quit()
      })
  })
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      // Only an AppError's message is known to be safe to show; anything else gets a neutral one.
      dialog.showErrorBox('Studbook could not start', toAppErrorData(error).message)
      app.exit(1)
    })
}
