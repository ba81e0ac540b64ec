import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { createExchangeHandlers } from '../../src/main/exchange/handlers'
import { exchangeHarness } from '../exchange/store-fixtures'
import type { ExchangeHarness } from '../exchange/store-fixtures'

vi.mock('electron', () => ({}))

const { backupPathFromArgv, createOpenedBackups } = await import('../../src/main/shell/open-file')

const dir = mkdtempSync(join(tmpdir(), 'studbook-open-'))
const backup = join(dir, 'mine.studbook')
writeFileSync(backup, 'not read here')
mkdirSync(join(dir, 'folder.studbook'))
afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

type Fn = (...args: unknown[]) => unknown

/** Electron's app as the handler uses it: listeners by event name. */
function fakeApp() {
  const listeners = new Map<string, Fn>()
  return {
    listeners,
    app: {
      on: (name: string, l: (event: { preventDefault(): void }, path: string) => void) =>
        listeners.set(name, l as Fn)
    }
  }
}

/** Turns the event loop until `done` holds: the opened path is looked at on disk first. */
async function until(done: () => boolean): Promise<void> {
  for (let turn = 0; !done(); turn++) {
    if (turn > 100_000) throw new Error('never settled')
    await new Promise((r) => setImmediate(r))
  }
}

function opened(ready = true) {
  const { app, listeners } = fakeApp()
  const delivered: string[] = []
  const warned: string[] = []
  let shown = ready
  let tries = 0
  const handler = createOpenedBackups({
    app,
    deliver: () => {
      tries++
      if (!shown) return false
      delivered.push('restoreOpened')
      return true
    },
    log: { warn: (m) => warned.push(m) }
  })
  return {
    handler,
    listeners,
    delivered,
    warned,
    tries: () => tries,
    show: () => {
      shown = true
      handler.windowReady()
    }
  }
}

describe('a .studbook file opens Studbook at its Restore preview (mocked electron)', () => {
  it('macOS: open-file before the window exists is held, then shown once it is', async () => {
    const o = opened(false)
    const event = { preventDefault: vi.fn() }
    o.listeners.get('open-file')?.(event, backup)
    // Handled: macOS does not then try to open it as a document of its own.
    expect(event.preventDefault).toHaveBeenCalled()
    // Looked at, held, and not yet told (there is no window).
    await until(() => o.tries() === 1)
    expect(o.delivered).toEqual([])
    o.show()
    expect(o.delivered).toEqual(['restoreOpened'])
    expect(o.handler.waiting()).toBe(true)
    expect(o.handler.take()).toBe(backup)
    // Taken once: a later preview does not reopen it.
    expect(o.handler.waiting()).toBe(false)
    expect(o.handler.take()).toBeNull()
  })

  it('macOS: open-file while running goes straight to the window', async () => {
    const o = opened()
    o.listeners.get('open-file')?.({ preventDefault: vi.fn() }, backup)
    await until(() => o.delivered.length > 0)
    expect(o.delivered).toEqual(['restoreOpened'])
    expect(o.handler.take()).toBe(backup)
  })

  it('Windows and Linux: a second launch hands its file over through argv', async () => {
    const o = opened()
    o.handler.fromArgv(['C:\\Studbook\\studbook.exe', '--flag', 'mine.studbook'], dir)
    await until(() => o.delivered.length > 0)
    expect(o.delivered).toEqual(['restoreOpened'])
    expect(o.handler.take()).toBe(backup)
  })

  it('the first launch takes its file from its own argv', () => {
    expect(backupPathFromArgv(['/opt/Studbook/studbook', backup], '/')).toBe(backup)
    expect(backupPathFromArgv(['/opt/Studbook/studbook', 'MINE.STUDBOOK'], '/home/u')).toBe(
      '/home/u/MINE.STUDBOOK'
    )
    // The .desktop entry's Exec ends in %U: a file manager may pass a file: URL.
    expect(
      backupPathFromArgv(['/opt/Studbook/studbook', 'file:///home/u/My%20Sets.studbook'], '/')
    ).toBe('/home/u/My Sets.studbook')
    expect(backupPathFromArgv(['studbook', 'https://evil.example/x.studbook'], '/')).toBeNull()
    expect(backupPathFromArgv(['studbook', 'file://server/share/x.studbook'], '/')).toBeNull()
    // Chromium switches and anything else are not backups.
    expect(backupPathFromArgv(['studbook', '--no-sandbox', 'notes.txt'], '/')).toBeNull()
    expect(backupPathFromArgv(['studbook', '--x=a.studbook'], '/')).toBeNull()
    expect(backupPathFromArgv(['studbook'], '/')).toBeNull()
  })

  it('refuses what is not a file: a folder, a missing path, another extension', async () => {
    const o = opened()
    o.listeners.get('open-file')?.({ preventDefault: vi.fn() }, join(dir, 'folder.studbook'))
    o.listeners.get('open-file')?.({ preventDefault: vi.fn() }, join(dir, 'gone.studbook'))
    o.listeners.get('open-file')?.({ preventDefault: vi.fn() }, join(dir, 'notes.txt'))
    await until(() => o.warned.length === 3)
    expect(o.delivered).toEqual([])
    expect(o.handler.take()).toBeNull()
    expect(o.warned).toHaveLength(3)
  })
})

describe('exchange:previewRestore { opened }', () => {
  let t: ExchangeHarness
  afterEach(() => {
    t.close()
  })

  it('previews the opened file through the backup worker, once', async () => {
    t = await exchangeHarness()
    await t.h.handlers['collection:updateSet']({ setID: t.id('10179-1'), patch: { qtyOwned: 2 } })
    const made = await t.x['exchange:backup']({ saveWithDialog: false })
    let pending: string | null = made.path
    const x = createExchangeHandlers({
      ...t.h.deps,
      files: null,
      dataFolder: {
        chooseBackupTarget: () => Promise.resolve(null),
        chooseBackupSource: () => Promise.reject(new Error('no dialog for an opened file')),
        openFolder: () => Promise.resolve(),
        takeOpenedBackup: () => {
          const p = pending
          pending = null
          return p
        },
        hasOpenedBackup: () => pending !== null
      }
    })
    expect(await x['exchange:openedBackup']({})).toEqual({ waiting: true })
    const preview = await x['exchange:previewRestore']({ opened: true })
    expect(await x['exchange:openedBackup']({})).toEqual({ waiting: false })
    expect(preview?.name).toMatch(/\.studbook$/)
    expect(preview?.holds.setsOwned).toBe(1)
    // Nothing opened any more: nothing to show, as for a cancelled dialog.
    expect(await x['exchange:previewRestore']({ opened: true })).toBeNull()
    // The browser host has no opened files.
    expect(await t.x['exchange:openedBackup']({})).toEqual({ waiting: false })
    expect(await t.x['exchange:previewRestore']({ opened: true })).toBeNull()
  })
})
