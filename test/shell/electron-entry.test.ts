import { beforeEach, describe, expect, it, vi } from 'vitest'
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
      webContents: { sent: unknown[][]; listeners: Map<string, Fn>; openHandler?: Fn }
    }[],
    menu: [] as unknown[],
    opened: [] as string[],
    schemes: [] as unknown[],
    permissionRequest: undefined as Fn | undefined,
    closed: 0
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
      on(name: string, l: Fn) {
        this.listeners.set(name, l)
      },
      setWindowOpenHandler(fn: Fn) {
        this.openHandler = fn
      },
      send(...args: unknown[]) {
        this.sent.push(args)
      },
      isDestroyed: () => false
    }
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
      getPath: () => '/tmp/studbook-entry-test',
      getName: () => 'Studbook',
      requestSingleInstanceLock: () => h.lock,
      on: (name: string, l: Fn) => h.appListeners.set(name, l),
      whenReady: () => {
        h.calls.push('whenReady')
        return Promise.resolve()
      },
      quit: () => h.calls.push('quit'),
      exit: () => h.calls.push('exit')
    },
    BrowserWindow,
    dialog: { showErrorBox: (...a: unknown[]) => h.calls.push(`error ${String(a[1])}`) },
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
    shell: { openExternal: (u: string) => (h.opened.push(u), Promise.resolve()) },
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] }
  }
})

vi.mock('../../src/main/app/compose', async () => {
  const { createEventBus } = await import('../../src/main/ipc/event-bus')
  return {
    createApp: () =>
      Promise.resolve({
        handlers: {},
        events: createEventBus(),
        media: () => Promise.resolve(null),
        allowedExternalHosts: () => ['allowed.example'],
        close: () => {
          h.closed++
          return Promise.resolve()
        }
      })
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

beforeEach(() => {
  Object.assign(h, {
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
    closed: 0
  })
  vi.unstubAllEnvs()
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

  it('loads app:// in a packaged app even when ELECTRON_RENDERER_URL is set (R-SEC-7)', async () => {
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

  it('quits at once when another instance holds the lock', async () => {
    h.lock = false
    await startEntry()
    expect(h.calls).toContain('quit')
    expect(h.calls).not.toContain('whenReady')
    expect(h.windows).toEqual([])
  })
})
