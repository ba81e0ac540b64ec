import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { tempDirsOfFile } from '../temp-dirs'

const tempDir = tempDirsOfFile()

type Listener = () => void

class FakeBrowserWindow {
  static created: FakeBrowserWindow[] = []
  readonly listeners = new Map<string, Listener[]>()
  readonly loaded: string[] = []
  shown = false
  maximized = false
  readonly webContents = { on: vi.fn(), setWindowOpenHandler: vi.fn() }
  constructor(readonly options: Record<string, unknown>) {
    FakeBrowserWindow.created.push(this)
  }
  on(name: string, listener: Listener) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener])
    return this
  }
  once(name: string, listener: Listener) {
    return this.on(name, listener)
  }
  emit(name: string) {
    for (const l of this.listeners.get(name) ?? []) l()
  }
  show() {
    this.shown = true
  }
  maximize() {
    this.maximized = true
  }
  isMaximized() {
    return this.maximized
  }
  getNormalBounds() {
    return { x: 40, y: 60, width: 1000, height: 700 }
  }
  loadURL(url: string) {
    this.loaded.push(url)
    return Promise.resolve()
  }
}

vi.mock('electron', () => ({
  BrowserWindow: FakeBrowserWindow,
  screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] }
}))

const { createMainWindow } = await import('../../src/main/shell/window-factory')
const { restoreWindowState } = await import('../../src/main/shell/window-state')

function create(stateFile: string) {
  const links = { allowedHosts: () => [], openExternal: () => Promise.resolve() }
  createMainWindow({
    preloadPath: '/app/out/preload/index.js',
    stateFile,
    url: 'app://studbook/index.html',
    title: 'Studbook',
    links
  })
  const window = FakeBrowserWindow.created.at(-1)
  if (!window) throw new Error('no window created')
  return window
}

beforeEach(() => {
  FakeBrowserWindow.created = []
})

describe('window factory', () => {
  it('creates a sandboxed, isolated window with every hardening option', () => {
    const window = create(join(tempDir('sb-win-'), 'state.json'))
    expect(window.options.webPreferences).toEqual({
      preload: '/app/out/preload/index.js',
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
    })
  })

  it('loads the given URL, hidden until ready-to-show', () => {
    const window = create(join(tempDir('sb-win-'), 'state.json'))
    expect(window.options.show).toBe(false)
    expect(window.shown).toBe(false)
    expect(window.loaded).toEqual(['app://studbook/index.html'])
    window.emit('ready-to-show')
    expect(window.shown).toBe(true)
  })

  it('hardens the window contents: navigation guarded and window.open denied', () => {
    const window = create(join(tempDir('sb-win-'), 'state.json'))
    const events = window.webContents.on.mock.calls.map((call: unknown[]) => call[0])
    expect(events).toEqual(expect.arrayContaining(['will-navigate', 'will-frame-navigate']))
    expect(window.webContents.setWindowOpenHandler).toHaveBeenCalledOnce()
  })

  it('remembers size, position and maximized state for the next start', () => {
    const stateFile = join(tempDir('sb-win-'), 'state.json')
    const first = create(stateFile)
    expect(first.options).toMatchObject({ width: 1280, height: 800 })
    expect(first.options).not.toHaveProperty('x')
    first.maximized = true
    first.emit('close')
    expect(JSON.parse(readFileSync(stateFile, 'utf8'))).toEqual({
      bounds: { x: 40, y: 60, width: 1000, height: 700 },
      maximized: true
    })
    const second = create(stateFile)
    expect(second.options).toMatchObject({ x: 40, y: 60, width: 1000, height: 700 })
    second.emit('ready-to-show')
    expect(second.maximized).toBe(true)
  })
})

describe('restoring window state', () => {
  const screen = [{ x: 0, y: 0, width: 1920, height: 1080 }]

  it('drops a position that is mostly off every display', () => {
    const saved = { bounds: { x: 3000, y: 100, width: 1000, height: 700 }, maximized: false }
    expect(restoreWindowState(saved, screen).bounds).toBeNull()
  })

  it('drops garbage and too-small sizes but keeps a valid one', () => {
    expect(restoreWindowState('nonsense', screen)).toEqual({ bounds: null, maximized: false })
    const tiny = { bounds: { x: 0, y: 0, width: 10, height: 10 } }
    expect(restoreWindowState(tiny, screen).bounds).toBeNull()
    const nan = { bounds: { x: 0, y: 0, width: Number.NaN, height: 900 } }
    expect(restoreWindowState(nan, screen).bounds).toBeNull()
    const good = { bounds: { x: 10, y: 20, width: 900, height: 600 }, maximized: true }
    expect(restoreWindowState(good, screen)).toEqual(good)
  })
})

describe('single window factory', () => {
  it('no other source file constructs a BrowserWindow', () => {
    const offenders: string[] = []
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name)
        if (statSync(path).isDirectory()) walk(path)
        else if (/\.(ts|js|mjs|cjs|svelte)$/.test(name)) {
          const text = readFileSync(path, 'utf8')
          if (/new\s+(?:electron\.)?(BrowserWindow|WebContentsView|BrowserView)\b/.test(text)) {
            offenders.push(path)
          }
        }
      }
    }
    walk(join(import.meta.dirname, '../../src'))
    expect(offenders.map((p) => p.replace(/.*\/src\//, 'src/'))).toEqual([
      'src/main/shell/window-factory.ts'
    ])
  })
})
