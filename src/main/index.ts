import { release } from 'node:os'
import { join } from 'node:path'
import {
  app,
  BrowserWindow,
  clipboard,
  dialog,
  ipcMain,
  Menu,
  protocol,
  session,
  shell
} from 'electron'
import { buildCsp } from '../shared/csp'
import { AppError, toAppErrorData } from '../shared/errors'
import { createApp } from './app/compose'
import type { AppContext } from './app/compose'
import type { DataFolderPort } from './exchange/deps'
import { defaultDataDir, unwritableDataDirMessage } from './hosts/data-dir'
import { acquireInstanceLock, lockHeldMessage } from './hosts/instance-lock'
import type { InstanceLock } from './hosts/instance-lock'
import { keepDataPrivate } from './hosts/private-files'
import { dispatch } from './ipc/dispatch'
import {
  createLogger,
  diagnosticsText,
  handlersTellingLog,
  logAppEvents,
  logProcessErrors
} from './logging/index'
import { APP_ORIGIN, APP_SCHEME, resolveRendererUrl } from './shell/app-origin'
import { APP_SCHEME_PRIVILEGES, createAppRequestHandler } from './shell/app-protocol'
import { forwardEvents } from './shell/event-forwarder'
import { createNativeFileChooser } from './shell/file-dialogs'
import { registerIpcGate } from './shell/ipc-gate'
import { createNativeReportPdf } from './shell/report-pdf'
import { buildMenuTemplate } from './shell/menu'
import type { ExternalLinkPolicy } from './shell/navigation'
import { applyDevServerCsp, applyGlobalPolicy } from './shell/session-policy'
import { claimSingleInstance } from './shell/single-instance'
import { watchChildProcesses, watchRenderer } from './shell/crash-handlers'
import { DOCS_URL, helpActions } from './shell/help'
import { logRendererErrors } from './shell/renderer-log'
import { loadElectronUpdater } from './shell/updates'
import { setUpUpdates } from './shell/update-schedule'
import { createOpenedBackups } from './shell/open-file'
import { createMainWindow } from './shell/window-factory'

// The Electron composition root: the only module that wires electron to the app services.
// Credentials: keytar (archived upstream) sits behind the app's CredentialStore; Electron's
// safeStorage is its likely successor once the shell can be run and tested with the real binary.

let mainWindow: BrowserWindow | null = null
let context: AppContext | null = null
let closing = false
// The data folder's lock, shared with the browser host: Electron's single-instance lock keeps out
// a second Electron only, and the two hosts must never open one database at once.
let folderLock: InstanceLock | null = null
let stopUpdates = (): void => undefined

function releaseFolder(): void {
  folderLock?.release()
  folderLock = null
}

// One data folder for both hosts and every OS (hosts/data-dir.ts), set before anything reads it:
// the single-instance lock, the logs path and the database all live under it.
app.setPath('userData', defaultDataDir())
/**
 * Before anything writes there: the folder and every file made in it private to this user. A folder
 * Studbook cannot write to (read-only, another user's) is said in words once the app is ready,
 * not thrown at load as a raw `EROFS…`; any other failure is a fault and still thrown.
 */
function prepareDataFolder(dir: string): string | null {
  try {
    keepDataPrivate(dir)
    return null
  } catch (error) {
    const words = unwritableDataDirMessage(error, dir)
    if (words === null) throw error
    return words
  }
}
const unwritableFolder = prepareDataFolder(app.getPath('userData'))
const log = createLogger({ dir: app.getPath('logs'), source: 'main' })
logProcessErrors(process, log)
watchChildProcesses(app, log)

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

/**
 * A `.studbook` the OS opened Studbook with goes to the window as a `restoreOpened` command once the
 * page can hear it; the page then asks for its Restore preview. Listening from here on: macOS sends
 * open-file before the app is ready when a double-click starts it.
 */
const openedBackups = createOpenedBackups({
  app,
  deliver: () => {
    const events = context?.events
    // Not started yet: start() tells the window once it has opened it.
    if (events === undefined) return false
    // macOS keeps running with its window closed: a backup opened then opens the window.
    if (mainWindow === null) openWindow()
    const window = mainWindow
    if (window === null) return false
    const send = () => {
      events.emit('menu:command', { command: 'restoreOpened' })
    }
    if (window.webContents.isLoading()) window.webContents.once('did-finish-load', send)
    else send()
    if (window.isMinimized()) window.restore()
    window.focus()
    return true
  },
  log
})

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
    },
    takeOpenedBackup: () => openedBackups.take(),
    hasOpenedBackup: () => openedBackups.waiting()
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
  logRendererErrors(mainWindow.webContents, log.scoped('renderer'))
  watchRenderer(mainWindow.webContents, {
    log,
    onGiveUp: (reason) => {
      dialog.showErrorBox(
        'Studbook stopped',
        `Studbook's window stopped again while reloading (${reason}). Your saved edits are safe; ` +
          'please restart Studbook. The log folder (Help › Open Logs Folder) has the details.'
      )
    }
  })
  mainWindow.on('closed', () => {
    mainWindow = null
  })
}

function notify(message: string): void {
  const options = { type: 'info' as const, message, buttons: ['OK'] }
  void (mainWindow === null
    ? dialog.showMessageBox(options)
    : dialog.showMessageBox(mainWindow, options))
}

async function ask(message: string, yes: string): Promise<boolean> {
  const options = { type: 'question' as const, message, buttons: [yes, 'Not now'], cancelId: 1 }
  const answer = await (mainWindow === null
    ? dialog.showMessageBox(options)
    : dialog.showMessageBox(mainWindow, options))
  return answer.response === 0
}

async function diagnostics(current: AppContext): Promise<string> {
  const h = current.handlers
  const [info, account, sync] = await Promise.all([
    h['app:getInfo']({}),
    h['account:getStatus']({}),
    h['sync:getStatus']({})
  ])
  return log.clean(
    diagnosticsText({
      version: info.version,
      host: 'electron',
      packaged: app.isPackaged,
      platform: process.platform,
      arch: process.arch,
      osRelease: release(),
      versions: process.versions,
      dataDir: app.getPath('userData'),
      logsDir: log.dir,
      account,
      sync,
      logTail: log.tail(200)
    })
  )
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
  const lock = acquireInstanceLock(dataDir, 'electron')
  if ('heldBy' in lock) throw new AppError('conflict', lockHeldMessage(lock, dataDir))
  folderLock = lock
  context = await createApp({
    dataDir,
    host: 'electron',
    files: createNativeFileChooser(dialog, () => mainWindow),
    dataFolder: nativeDataFolder(),
    reportPdf: createNativeReportPdf(dialog, () => mainWindow),
    log
  })
  const current = context
  logAppEvents(current.events, log)
  registerIpcGate(ipcMain, {
    handlers: handlersTellingLog(current.handlers, log),
    dispatch: (handlers, channel, input) => dispatch(handlers, channel, input, log),
    trustedOrigins: renderer.devOrigin === null ? [APP_ORIGIN] : [APP_ORIGIN, renderer.devOrigin]
  })
  forwardEvents(current.events, () => mainWindow?.webContents ?? null)
  const events = current.events
  app.setAboutPanelOptions({
    applicationName: app.getName(),
    applicationVersion: app.getVersion(),
    copyright: 'Copyright © Studbook',
    website: DOCS_URL
  })
  // Packaged builds only: the menu's check, and a quiet one at start and once a day (the setting).
  const updates = setUpUpdates({
    isPackaged: app.isPackaged,
    env: process.env,
    resourcesPath: process.resourcesPath,
    load: loadElectronUpdater,
    currentVersion: app.getVersion(),
    platform: process.platform,
    arch: process.arch,
    ask,
    tell: notify,
    enabled: async () => (await current.handlers['app:getUpdateChecks']({})).enabled,
    now: () => Date.now(),
    log
  })
  stopUpdates = updates.stop
  const template = buildMenuTemplate({
    platform: process.platform,
    appName: app.getName(),
    isPackaged: app.isPackaged,
    onCommand: (command) => {
      events.emit('menu:command', { command })
    },
    help: helpActions({
      shell,
      clipboard,
      logsDir: log.dir,
      diagnostics: () => diagnostics(current),
      notify,
      log,
      checkForUpdates: updates.checkNow
    })
  })
  Menu.setApplicationMenu(Menu.buildFromTemplate(template))
  openWindow()
  openedBackups.windowReady()
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow()
  })
}

/** Shown once the app is ready (on Linux an earlier error box only reaches stderr), then exits. */
function refuseToStart(words: string): void {
  void app.whenReady().then(() => {
    dialog.showErrorBox('Studbook could not start', words)
    releaseFolder()
    app.exit(1)
  })
}

if (unwritableFolder !== null) {
  log.error('Studbook could not start', unwritableFolder)
  refuseToStart(unwritableFolder)
} else if (
  !claimSingleInstance(
    app,
    () => mainWindow,
    (argv, cwd) => {
      openedBackups.fromArgv(argv, cwd)
    }
  )
) {
  app.quit()
} else {
  // Windows and Linux start Studbook with the file the user opened on its command line.
  openedBackups.fromArgv(process.argv, process.cwd())
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  app.on('before-quit', (event) => {
    // Close the database and finish pending writes before the process goes away.
    if (closing) return
    stopUpdates()
    if (context === null) {
      releaseFolder()
      return
    }
    event.preventDefault()
    closing = true
    const finishing = context
    context = null
    finishing
      .close()
      .catch((error: unknown) => {
        log.error('Studbook did not shut down cleanly', error)
      })
      .finally(() => {
        releaseFolder()
        app.quit()
      })
  })
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      log.error('Studbook could not start', error)
      // Only an AppError's message, or the words for a folder it cannot write to (the lock is the
      // first write), is known to be safe to show; anything else gets a neutral one.
      const words =
        unwritableDataDirMessage(error, app.getPath('userData')) ?? toAppErrorData(error).message
      dialog.showErrorBox('Studbook could not start', words)
      releaseFolder()
      app.exit(1)
    })
}
