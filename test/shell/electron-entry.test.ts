import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defaultDataDir } from '../../src/main/hosts/data-dir'
import { FIRST_CHECK_DELAY_MS } from '../../src/main/shell/update-schedule'
import { spawnTs } from '../hosts/host-process'
import type { Spawned } from '../hosts/host-process'
import { CHANNEL_NAMES } from '../../src/shared/ipc/contract'

type Fn = (...args: unknown[]) => unknown

/** A fake of the electron module, rebuilt for each test, recording what the entry does. */
const h = vi.hoisted(() => {
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
})

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
vi.mock('electron-updater', () => ({
  default: {
    autoUpdater: {
      autoDownload: true,
      autoInstallOnAppQuit: true,
      setFeedURL: (o: { url: string }) => h.updater.push(`feed ${o.url}`),
      checkForUpdates: () => {
        h.updater.push('check')
        return Promise.resolve(null)
      },
      downloadUpdate: () => Promise.resolve([]),
      quitAndInstall: () => h.updater.push('install')
    }
  }
}))

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

async function startEntry(): Promise<void> {
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
async function otherHost(dir: string): Promise<'held' | 'refused'> {
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

describe('Electron entry', () => {
  it('registers app:// as a privileged standard, secure scheme before the app is ready', async () => {
    await startEntry()
    expect(h.calls.indexOf('registerSchemesAsPrivileged')).toBeLessThan(
      h.calls.indexOf('whenReady')
    )
    expect(h.schemes).toEqual([
      expect.objectContaining({
        scheme: 'app',
        privileges: expect.objectContaining({ standard: true, secure: true }) as unknown
      })
    ])
    expect(h.calls).toContain('protocol.handle')
  })

  it('loads app:// in a packaged app even when ELECTRON_RENDERER_URL is set', async () => {
    vi.stubEnv('ELECTRON_RENDERER_URL', 'http://localhost:5173/')
    await startEntry()
    expect(h.windows.map((w) => w.loaded)).toEqual([['app://studbook/index.html']])
    expect(h.calls).not.toContain('exit')
  })

  it('uses the dev server only when unpackaged, and trusts its origin for IPC', async () => {
    vi.stubEnv('ELECTRON_RENDERER_URL', 'http://localhost:5173/')
    h.isPackaged = false
    await startEntry()
    expect(h.windows[0]?.loaded).toEqual(['http://localhost:5173/'])
    const frame = {
      senderFrame: { url: 'http://localhost:5173/', origin: 'http://localhost:5173', parent: null }
    }
    const result = (await h.ipc.get('app:getInfo')?.(frame, { unexpected: 1 })) as {
      error: { code: string }
    }
    expect(result.error.code).toBe('invalid_input')
  })

  it('puts every contract channel behind the gate and denies permissions', async () => {
    await startEntry()
    expect([...h.ipc.keys()].sort()).toEqual([...CHANNEL_NAMES].sort())
    const evil = { senderFrame: { url: 'https://evil/', origin: 'https://evil', parent: null } }
    await expect(h.ipc.get('app:getInfo')?.(evil, {})).resolves.toMatchObject({
      ok: false,
      error: { code: 'forbidden' }
    })
    const callback = vi.fn()
    h.permissionRequest?.({}, 'media', callback)
    expect(callback).toHaveBeenCalledWith(false)
  })

  it('opens only allowlisted profile links externally', async () => {
    await startEntry()
    const contents = h.windows[0]?.webContents
    expect(contents?.openHandler?.({ url: 'https://allowed.example/set/1' })).toEqual({
      action: 'deny'
    })
    expect(contents?.openHandler?.({ url: 'https://allowed.example.evil.com/' })).toEqual({
      action: 'deny'
    })
    expect(h.opened).toEqual(['https://allowed.example/set/1'])
  })

  it('sends menu commands to the window as menu:command events', async () => {
    await startEntry()
    const items = (h.menu as { submenu?: { label?: string; click?: () => void }[] }[]).flatMap(
      (m) => m.submenu ?? []
    )
    items.find((i) => i.label === 'Import…')?.click?.()
    expect(h.windows[0]?.webContents.sent).toEqual([['event:menu:command', { command: 'import' }]])
  })

  it('closes the app services before quitting', async () => {
    await startEntry()
    const preventDefault = vi.fn()
    h.appListeners.get('before-quit')?.({ preventDefault })
    expect(preventDefault).toHaveBeenCalled()
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r))
    expect(h.closed).toBe(1)
    expect(h.calls.at(-1)).toBe('quit')
  })

  it('puts its data in the folder the browser host uses, before taking the lock', async () => {
    await startEntry()
    expect(h.paths.get('userData')).toBe(defaultDataDir())
    expect(h.calls.indexOf('setPath userData')).toBeLessThan(
      h.calls.indexOf('requestSingleInstanceLock')
    )
    vi.stubEnv('STUDBOOK_DATA_DIR', join(h.root, 'elsewhere'))
    await startEntry()
    expect(h.paths.get('userData')).toBe(join(h.root, 'elsewhere'))
  })

  it('reloads the window at the same route with a notice when its renderer crashes', async () => {
    await startEntry()
    const contents = h.windows[0]?.webContents as unknown as {
      listeners: Map<string, Fn>
      reloaded: string[]
    }
    contents.listeners.get('render-process-gone')?.({}, { reason: 'crashed', exitCode: 139 })
    expect(contents.reloaded).toEqual(['app://studbook/index.html?recovered=crashed#/owned'])
    const logged = readFileSync(join(h.root, 'logs', 'studbook.log'), 'utf8')
    expect(logged).toContain('ERROR [main] window content stopped; reloading it')
  })

  it('logs renderer errors and dying child processes in the logs folder', async () => {
    await startEntry()
    const contents = h.windows[0]?.webContents
    contents?.listeners.get('console-message')?.({
      level: 'error',
      message: 'Uncaught TypeError: x is undefined',
      lineNumber: 3,
      sourceId: 'app://studbook/assets/index.js'
    })
    contents?.listeners.get('console-message')?.({
      level: 'info',
      message: 'just chatter',
      lineNumber: 1,
      sourceId: ''
    })
    h.appListeners.get('child-process-gone')?.({}, { type: 'GPU', reason: 'crashed', exitCode: 5 })
    const logged = readFileSync(join(h.root, 'logs', 'studbook.log'), 'utf8')
    expect(logged).toContain('ERROR [renderer] Uncaught TypeError: x is undefined')
    expect(logged).not.toContain('just chatter')
    expect(logged).toContain('WARN  [main] GPU process stopped {"type":"GPU","reason":"crashed"')
  })

  it('Help opens the logs folder and copies diagnostics without secrets', async () => {
    await startEntry()
    const items = (h.menu as { submenu?: { label?: string; click?: () => void }[] }[]).flatMap(
      (m) => m.submenu ?? []
    )
    items.find((i) => i.label === 'Open Logs Folder')?.click?.()
    expect(h.openedPaths).toEqual([join(h.root, 'logs')])
    expect(existsSync(join(h.root, 'logs'))).toBe(true)
    items.find((i) => i.label === 'Copy Diagnostics')?.click?.()
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r))
    expect(h.clipboard).toHaveLength(1)
    expect(h.clipboard[0]).toContain('Studbook 0.1.0 (electron)')
    expect(h.clipboard[0]).toContain(`Logs folder: ${join(h.root, 'logs')}`)
    expect(h.clipboard[0]).toContain('Keychain: memory, not remembered — Sign-ins kept in memory')
    expect(h.shown.at(-1)).toMatch(/^Diagnostics copied/)
    expect(h.aboutPanel).toMatchObject({ applicationName: 'Studbook', applicationVersion: '0.1.0' })
  })

  it('opens a .studbook the launch names at its Restore preview, once (Windows, Linux)', async () => {
    const file = join(h.root, 'mine.studbook')
    writeFileSync(file, 'hostile bytes, read by the backup worker')
    const argv = process.argv
    process.argv = ['/opt/Studbook/studbook', file]
    try {
      await startEntry()
    } finally {
      process.argv = argv
    }
    const sent = () => h.windows[0]?.webContents.sent ?? []
    for (let i = 0; i < 100_000 && sent().length === 0; i++) {
      await new Promise((r) => setImmediate(r))
    }
    expect(sent()).toEqual([['event:menu:command', { command: 'restoreOpened' }]])
    expect(h.dataFolder?.takeOpenedBackup?.()).toBe(file)
    expect(h.dataFolder?.takeOpenedBackup?.()).toBeNull()
  })

  it('hands a second launch’s file and macOS open-file to the running window', async () => {
    const file = join(h.root, 'other.studbook')
    writeFileSync(file, 'x')
    await startEntry()
    const sent = () => h.windows[0]?.webContents.sent ?? []
    const settle = async (n: number) => {
      for (let i = 0; i < 100_000 && sent().length < n; i++) {
        await new Promise((r) => setImmediate(r))
      }
    }
    h.appListeners.get('second-instance')?.({}, ['studbook', 'other.studbook'], h.root)
    await settle(1)
    expect(h.dataFolder?.takeOpenedBackup?.()).toBe(file)
    const event = { preventDefault: vi.fn() }
    h.appListeners.get('open-file')?.(event, file)
    expect(event.preventDefault).toHaveBeenCalled()
    await settle(2)
    expect(sent()).toEqual([
      ['event:menu:command', { command: 'restoreOpened' }],
      ['event:menu:command', { command: 'restoreOpened' }]
    ])
    expect(h.dataFolder?.takeOpenedBackup?.()).toBe(file)
  })

  it('checks for updates quietly after start, as the setting allows, when packaged', async () => {
    vi.stubEnv('STUDBOOK_UPDATE_URL', 'https://updates.example.org/studbook')
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
    try {
      const run = async (packaged: boolean, on: boolean) => {
        h.isPackaged = packaged
        h.updateChecks = on
        h.updater = []
        await startEntry()
        await vi.advanceTimersByTimeAsync(FIRST_CHECK_DELAY_MS)
        // Until the check is done; where none may run, turns enough for one to have shown.
        const turns = packaged && on ? 100_000 : 200
        for (let i = 0; i < turns && h.updater.length < 2; i++) {
          await new Promise((r) => setImmediate(r))
        }
        h.appListeners.get('before-quit')?.({ preventDefault: vi.fn() })
        return h.updater
      }
      const os = { darwin: 'mac', win32: 'win' }[process.platform as string] ?? process.platform
      expect(await run(true, true)).toEqual([
        `feed https://updates.example.org/studbook/${os}/${process.arch}`,
        'check'
      ])
      expect(h.shown).toEqual([])
      expect(await run(true, false)).toEqual([])
      expect(await run(false, true)).toEqual([])
    } finally {
      vi.useRealTimers()
    }
  })

  it('offers Check for Updates in a packaged app only', async () => {
    const labels = () =>
      (h.menu as { submenu?: { label?: string }[] }[]).flatMap((m) =>
        (m.submenu ?? []).map((i) => i.label)
      )
    await startEntry()
    expect(labels()).toContain('Check for Updates…')
    h.isPackaged = false
    await startEntry()
    expect(labels()).not.toContain('Check for Updates…')
  })

  it('quits at once when another instance holds the lock', async () => {
    h.lock = false
    await startEntry()
    expect(h.calls).toContain('quit')
    expect(h.calls).not.toContain('whenReady')
    expect(h.windows).toEqual([])
  })

  it('takes the data folder lock the browser host takes, and gives it back on quit', async () => {
    await startEntry()
    expect(h.created).toBe(1)
    expect(await otherHost(h.root)).toBe('refused')
    h.appListeners.get('before-quit')?.({ preventDefault: vi.fn() })
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r))
    expect(h.closed).toBe(1)
    expect(await otherHost(h.root)).toBe('held')
  }, 30_000)

  it('does not open the data while the browser host holds its folder, and says why', async () => {
    expect(await otherHost(h.root)).toBe('held')
    await startEntry()
    expect(h.created).toBe(0)
    expect(h.windows).toEqual([])
    expect(h.calls).toContainEqual(
      expect.stringMatching(
        /^error The Studbook browser host is already running on this data folder/
      )
    )
    expect(h.calls.at(-1)).toBe('exit')
  }, 30_000)

  it.runIf(process.platform !== 'win32')(
    'makes the data folder private before anything is written there',
    async () => {
      const umask = process.umask(0o022)
      try {
        chmodSync(h.root, 0o755)
        writeFileSync(join(h.root, 'window-state.json'), '{}', { mode: 0o644 })
        await startEntry()
        const mode = (p: string) => (statSync(p).mode & 0o777).toString(8)
        expect(mode(h.root)).toBe('700')
        expect(mode(join(h.root, 'window-state.json'))).toBe('600')
        // Files made from now on are private too, whoever makes them.
        writeFileSync(join(h.root, 'new-file'), 'x')
        expect(mode(join(h.root, 'new-file'))).toBe('600')
      } finally {
        process.umask(umask)
      }
    }
  )
})
