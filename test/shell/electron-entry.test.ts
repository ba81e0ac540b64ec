import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { defaultDataDir } from '../../src/main/hosts/data-dir'
import { FIRST_CHECK_DELAY_MS } from '../../src/main/shell/update-schedule'
import { CHANNEL_NAMES } from '../../src/shared/ipc/contract'
import { h, otherHost, startEntry } from './entry-harness'
import type { Fn } from './entry-harness'

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
        `feed generic https://updates.example.org/studbook/${os}/${process.arch}`,
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
  })

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
  })

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
