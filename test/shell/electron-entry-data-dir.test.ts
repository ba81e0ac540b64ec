import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type * as InstanceLock from '../../src/main/hosts/instance-lock'
import type * as PrivateFiles from '../../src/main/hosts/private-files'

/**
 * The Electron entry on a data folder it cannot write to (issue 26: a read-only data folder showed
 * a raw `EROFS…studbook.lock`). Electron cannot run here: the electron module is a fake recording
 * what the entry does, and the file system's refusal is made where the entry meets it (making the
 * folder private at load, taking its lock at start), since no read-only mount can be made in CI.
 */
const h = vi.hoisted(() => ({
  calls: [] as string[],
  errors: [] as [string, string][],
  root: '',
  paths: new Map<string, string>(),
  created: 0,
  /** Where the file system says EROFS: making the folder private, or writing the lock. */
  refuse: null as 'private' | 'lock' | null
}))

const erofs = (path: string, op: string): Error =>
  Object.assign(new Error(`EROFS: read-only file system, ${op} '${path}'`), {
    code: 'EROFS',
    errno: -30,
    syscall: op,
    path
  })

vi.mock('../../src/main/hosts/private-files', async (original) => {
  const real = await original<typeof PrivateFiles>()
  return {
    ...real,
    keepDataPrivate: (dir: string) => {
      if (h.refuse === 'private') throw erofs(dir, 'mkdir')
      real.keepDataPrivate(dir)
    }
  }
})

vi.mock('../../src/main/hosts/instance-lock', async (original) => {
  const real = await original<typeof InstanceLock>()
  return {
    ...real,
    acquireInstanceLock: (dir: string, host: 'electron' | 'browser') => {
      if (h.refuse === 'lock') throw erofs(join(dir, 'studbook.lock'), 'open')
      return real.acquireInstanceLock(dir, host)
    }
  }
})

vi.mock('electron', () => {
  class BrowserWindow {
    static getAllWindows = () => []
    readonly webContents = {
      on: () => undefined,
      getURL: () => '',
      loadURL: () => Promise.resolve(),
      setWindowOpenHandler: () => undefined,
      send: () => undefined,
      isDestroyed: () => false
    }
    constructor() {
      h.calls.push('new BrowserWindow')
    }
    on() {
      return this
    }
    once() {
      return this
    }
    loadURL() {
      return Promise.resolve()
    }
  }
  return {
    app: {
      isPackaged: true,
      getPath: (name: string) => h.paths.get(name) ?? join(h.root, name),
      setPath: (name: string, path: string) => h.paths.set(name, path),
      getName: () => 'Studbook',
      getVersion: () => '0.1.0',
      setAboutPanelOptions: () => undefined,
      requestSingleInstanceLock: () => true,
      on: () => undefined,
      whenReady: () => {
        h.calls.push('whenReady')
        return Promise.resolve()
      },
      quit: () => h.calls.push('quit'),
      exit: (code?: number) => h.calls.push(`exit ${String(code)}`)
    },
    BrowserWindow,
    dialog: {
      showErrorBox: (title: string, text: string) => {
        h.calls.push('showErrorBox')
        h.errors.push([title, text])
      },
      showMessageBox: () => Promise.resolve({ response: 1 })
    },
    clipboard: { writeText: () => undefined },
    ipcMain: { handle: () => undefined, removeHandler: () => undefined },
    Menu: { buildFromTemplate: (t: unknown) => t, setApplicationMenu: () => undefined },
    protocol: { registerSchemesAsPrivileged: () => undefined, handle: () => undefined },
    session: {
      defaultSession: {
        setPermissionRequestHandler: () => undefined,
        setPermissionCheckHandler: () => undefined,
        setDevicePermissionHandler: () => undefined,
        webRequest: { onHeadersReceived: () => undefined }
      }
    },
    shell: { openExternal: () => Promise.resolve(), openPath: () => Promise.resolve('') },
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] }
  }
})

vi.mock('../../src/main/app/compose', async () => {
  const { createEventBus } = await import('../../src/main/ipc/event-bus')
  return {
    createApp: () => {
      h.created++
      return Promise.resolve({
        handlers: {},
        events: createEventBus(),
        media: () => Promise.resolve(null),
        allowedExternalHosts: () => [],
        close: () => Promise.resolve()
      })
    }
  }
})

/** Loads the entry as Electron would; resolves with what loading it threw, if anything. */
async function startEntry(): Promise<unknown> {
  Object.assign(process, { resourcesPath: '/opt/Studbook/resources' })
  vi.resetModules()
  let thrown: unknown = null
  try {
    await import('../../src/main/index')
  } catch (e) {
    thrown = e
  }
  // Let whenReady().then(...) settle.
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r))
  return thrown
}

const roots: string[] = []
const umask = process.umask(0o022)
process.umask(umask)
const crashes: unknown[] = []
const onCrash = (e: unknown): void => {
  crashes.push(e)
}

beforeEach(() => {
  h.root = mkdtempSync(join(tmpdir(), 'studbook-entry-ro-'))
  roots.push(h.root)
  Object.assign(h, { calls: [], errors: [], paths: new Map(), created: 0, refuse: null })
  process.removeAllListeners('uncaughtExceptionMonitor')
  crashes.length = 0
  process.on('unhandledRejection', onCrash)
  vi.stubEnv('STUDBOOK_DATA_DIR', h.root)
})
afterEach(() => {
  process.off('unhandledRejection', onCrash)
  process.umask(umask)
  vi.unstubAllEnvs()
})
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true })
})

const CLEAR =
  /^Studbook cannot write to its data folder .+: it is on a read-only file system\. Start it with --data-dir/

describe('Electron entry on a read-only data folder', () => {
  it.each(['private', 'lock'] as const)(
    'EROFS while %s: one clear error box naming the folder, then exit 1, no crash',
    async (where) => {
      h.refuse = where
      const thrown = await startEntry()
      expect(thrown).toBeNull()
      expect(crashes).toEqual([])
      expect(h.errors).toHaveLength(1)
      const [title, text] = h.errors[0] ?? ['', '']
      expect(title).toBe('Studbook could not start')
      expect(text).toMatch(CLEAR)
      expect(text).toContain(h.root)
      expect(text).not.toContain('EROFS')
      // Shown once the app is ready (on Linux an earlier box goes to stderr only), then gone.
      expect(h.calls.indexOf('whenReady')).toBeLessThan(h.calls.indexOf('showErrorBox'))
      expect(h.calls.at(-1)).toBe('exit 1')
      expect(h.created).toBe(0)
      expect(h.calls).not.toContain('new BrowserWindow')
    }
  )

  it('a writable folder starts as before: no error box, one window', async () => {
    const thrown = await startEntry()
    expect(thrown).toBeNull()
    expect(h.errors).toEqual([])
    expect(h.created).toBe(1)
    expect(h.calls).toContain('new BrowserWindow')
    expect(h.calls.some((c) => c.startsWith('exit'))).toBe(false)
  })
})
