import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeEach, vi } from 'vitest'
import { spawnTs } from '../hosts/host-process'
import type { Spawned } from '../hosts/host-process'

/**
 * The Electron entry (src/main/index.ts) run in Node: electron, electron-updater and the app
 * services are fakes that record what the entry does (`h`), reset before each test. Imported by
 * the entry's test files before anything imports electron: each `startEntry()` imports the entry
 * afresh, and with it these mocks.
 */

export type Fn = (...args: unknown[]) => unknown

/** A fake of the electron module, rebuilt for each test, recording what the entry does. */
export const h = (() => {
  const state = {
    calls: [] as string[],
    isPackaged: true,
    lock: true,
    appListeners: new Map<string, Fn>(),
    ipc: new Map<string, Fn>(),
    windows: [] as {
      loaded: string[]
      listeners: Map<string, Fn>
      webContents: { sent: unknown[][]; listeners: Map<string, Fn>; openHandler: Fn | undefined }
    }[],
    menu: [] as unknown[],
    opened: [] as string[],
    schemes: [] as unknown[],
    permissionRequest: undefined as Fn | undefined,
    closed: 0,
    created: 0,
    root: '',
    paths: new Map<string, string>(),
    clipboard: [] as string[],
    shown: [] as string[],
    openedPaths: [] as string[],
    aboutPanel: null as unknown,
    /** Settings › Updates, as the app services answer it; and what the updater was asked. */
    updateChecks: true,
    updater: [] as string[],
    /** The data-folder port the entry gave the app services. */
    dataFolder: null as { takeOpenedBackup?: () => string | null } | null
  }
  return state
})()

vi.mock('electron', () => {
  class BrowserWindow {
    static getAllWindows = () => h.windows
    readonly listeners = new Map<string, Fn>()
    readonly loaded: string[] = []
    readonly webContents = {
      sent: [] as unknown[][],
      listeners: new Map<string, Fn>(),
      openHandler: undefined as Fn | undefined,
      url: 'app://studbook/index.html#/owned',
      reloaded: [] as string[],
      on(name: string, l: Fn) {
        this.listeners.set(name, l)
      },
      getURL() {
        return this.url
      },
      loadURL(url: string) {
        this.reloaded.push(url)
        return Promise.resolve()
      },
      setWindowOpenHandler(fn: Fn) {
        this.openHandler = fn
      },
      send(...args: unknown[]) {
        this.sent.push(args)
      },
      isDestroyed: () => false,
      isLoading: () => false,
      once(name: string, l: Fn) {
        this.listeners.set(name, l)
      }
    }
    isMinimized = () => false
    isDestroyed = () => false
    restore = () => undefined
    show = () => undefined
    focus = () => undefined
    constructor(readonly options: unknown) {
      h.calls.push('new BrowserWindow')
      h.windows.push(this)
    }
    on(name: string, l: Fn) {
      this.listeners.set(name, l)
      return this
    }
    once(name: string, l: Fn) {
      return this.on(name, l)
    }
    loadURL(url: string) {
      this.loaded.push(url)
      return Promise.resolve()
    }
  }
  const session = {
    setPermissionRequestHandler: (fn: Fn) => (h.permissionRequest = fn),
    setPermissionCheckHandler: vi.fn(),
    setDevicePermissionHandler: vi.fn(),
    webRequest: { onHeadersReceived: vi.fn() }
  }
  return {
    app: {
      get isPackaged() {
        return h.isPackaged
      },
      getPath: (name: string) => h.paths.get(name) ?? join(h.root, name),
      setPath: (name: string, path: string) => {
        h.calls.push(`setPath ${name}`)
        h.paths.set(name, path)
      },
      getName: () => 'Studbook',
      getVersion: () => '0.1.0',
      setAboutPanelOptions: (o: unknown) => (h.aboutPanel = o),
      requestSingleInstanceLock: () => (h.calls.push('requestSingleInstanceLock'), h.lock),
      on: (name: string, l: Fn) => h.appListeners.set(name, l),
      whenReady: () => {
        h.calls.push('whenReady')
        return Promise.resolve()
      },
      quit: () => h.calls.push('quit'),
      exit: () => h.calls.push('exit')
    },
    BrowserWindow,
    dialog: {
      showErrorBox: (...a: unknown[]) => h.calls.push(`error ${String(a[1])}`),
      showMessageBox: (...a: unknown[]) => {
        const o = a.at(-1) as { message: string }
        h.shown.push(o.message)
        return Promise.resolve({ response: 1 })
      }
    },
    clipboard: { writeText: (t: string) => h.clipboard.push(t) },
    ipcMain: { handle: (c: string, fn: Fn) => h.ipc.set(c, fn), removeHandler: vi.fn() },
    Menu: {
      buildFromTemplate: (t: unknown[]) => t,
      setApplicationMenu: (m: unknown[]) => (h.menu = m)
    },
    protocol: {
      registerSchemesAsPrivileged: (s: unknown[]) => {
        h.calls.push('registerSchemesAsPrivileged')
        h.schemes = s
      },
      handle: () => h.calls.push('protocol.handle')
    },
    session: { defaultSession: session },
    shell: {
      openExternal: (u: string) => (h.opened.push(u), Promise.resolve()),
      openPath: (p: string) => (h.openedPaths.push(p), Promise.resolve(''))
    },
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] }
  }
})

// electron-updater, mocked: what the entry's update schedule asks of it.
vi.mock('electron-updater', async () => {
  const { fakeAutoUpdater } = await import('./fake-updater')
  // Never anything newer: the entry's tests see only that a check runs, and when.
  const autoUpdater = fakeAutoUpdater(
    (step) => h.updater.push(step),
    () => null,
    '1.0.0'
  )
  return { default: { autoUpdater } }
})

vi.mock('../../src/main/app/compose', async () => {
  const { createEventBus } = await import('../../src/main/ipc/event-bus')
  return {
    createApp: (options: { dataFolder: typeof h.dataFolder }) =>
      Promise.resolve(h.created++)
        .then(() => (h.dataFolder = options.dataFolder))
        .then(() => ({
          handlers: {
            'app:getInfo': () => ({
              version: '0.1.0',
              host: 'electron',
              profile: { kind: 'demo', label: 'Demo catalogue' }
            }),
            'account:getStatus': () => ({
              profile: 'demo',
              baseUrl: 'https://demo.invalid',
              binding: 'auto',
              apiKeySet: true,
              signedIn: true,
              signInNeeded: null,
              username: 'demo',
              keychain: 'memory',
              remembered: false,
              keychainMessage: 'Sign-ins kept in memory: the system keychain is locked (x).',
              problem: null
            }),
            'app:getUpdateChecks': () => ({ enabled: h.updateChecks }),
            'sync:getStatus': () => ({
              running: false,
              phase: 'done',
              done: 0,
              total: 0,
              lastSyncAt: null,
              outcome: null,
              online: true,
              connected: false,
              error: null,
              pending: 0,
              needsAttention: 0,
              conflicts: 0,
              allowance: { limit: null, used: 0, remaining: null },
              catalogueSets: 20,
              catalogueIncomplete: null
            })
          },
          events: createEventBus(),
          media: () => Promise.resolve(null),
          allowedExternalHosts: () => ['allowed.example'],
          close: () => {
            h.closed++
            return Promise.resolve()
          }
        }))
  }
})

export async function startEntry(): Promise<void> {
  // Electron defines it in every main process; plain Node does not.
  Object.assign(process, { resourcesPath: '/opt/Studbook/resources' })
  vi.resetModules()
  await import('../../src/main/index')
  // Let whenReady().then(start) and createApp settle.
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r))
}

const roots: string[] = []
const holders: Spawned[] = []
// The entry sets the process's umask (private files); the tests get theirs back.
const umask = process.umask(0o022)
process.umask(umask)
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true })
})
afterEach(async () => {
  process.umask(umask)
  for (const holder of holders.splice(0)) await holder.stop()
})

/** Another process (a browser host) trying the data folder's lock: 'held' or 'refused'. */
export async function otherHost(dir: string): Promise<'held' | 'refused'> {
  const holder = spawnTs('test/hosts/fixtures/hold-lock.ts', [dir, 'browser'])
  holders.push(holder)
  const [answer] = await holder.waitFor(/^(held|refused)$/m)
  return answer === 'held' ? 'held' : 'refused'
}

beforeEach(() => {
  const root = mkdtempSync(join(tmpdir(), 'studbook-entry-'))
  roots.push(root)
  // Each import of the entry adds its monitor; earlier imports' are stale.
  process.removeAllListeners('uncaughtExceptionMonitor')
  Object.assign(h, {
    root,
    paths: new Map(),
    clipboard: [],
    shown: [],
    openedPaths: [],
    aboutPanel: null,
    dataFolder: null,
    updateChecks: true,
    updater: [],
    calls: [],
    isPackaged: true,
    lock: true,
    appListeners: new Map(),
    ipc: new Map(),
    windows: [],
    menu: [],
    opened: [],
    schemes: [],
    permissionRequest: undefined,
    closed: 0,
    created: 0
  })
  vi.unstubAllEnvs()
  // The entry takes the data folder's lock: never in the real home folder.
  vi.stubEnv('STUDBOOK_DATA_DIR', root)
})
