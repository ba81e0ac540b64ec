import { describe, expect, it, vi } from 'vitest'
import { fakeAutoUpdater } from './fake-updater'

// As the built main sees it: CommonJS whose getter export reaches import() only as default.
const fromPackage = vi.hoisted(() => ({ autoUpdater: { autoDownload: true, marker: 'real' } }))
vi.mock('electron-updater', () => ({ default: fromPackage }))

const { createUpdateCheck, loadElectronUpdater, parseBuiltInFeed, updatesEnabled } =
  await import('../../src/main/shell/updates')
type Updater = Awaited<ReturnType<typeof loadElectronUpdater>>

/** Studbook 0.1.0's updater, `available` on the feed (or `fail` on checking), its steps in `calls`. */
function fakeUpdater(available: string | null, fail?: Error) {
  const calls: string[] = []
  const updater = fakeAutoUpdater(
    (step) => calls.push(step),
    () => fail ?? available,
    '0.1.0'
  )
  return { updater, calls }
}

const BUILT_IN = { provider: 'generic', url: 'https://updates.example.org/win/arm64' }

function check(
  updater: Updater,
  answers: boolean[],
  feedUrl?: string,
  builtIn: { provider: string; url: string | null } | null = BUILT_IN
) {
  const said: string[] = []
  const logged: string[] = []
  const run = createUpdateCheck({
    load: () => Promise.resolve(updater),
    currentVersion: '0.1.0',
    feedUrl,
    builtInFeed: () => Promise.resolve(builtIn),
    platform: 'win32',
    arch: 'arm64',
    ask: (m) => {
      said.push(`? ${m}`)
      return Promise.resolve(answers.shift() ?? false)
    },
    tell: (m) => said.push(`! ${m}`),
    log: {
      info: (m) => logged.push(`info ${m}`),
      warn: (m) => logged.push(`warn ${m}`),
      error: (m) => logged.push(`error ${m}`)
    }
  })
  return { run, said, logged }
}

describe('updates', () => {
  it('are on only in a packaged app, unless STUDBOOK_UPDATES=off', () => {
    expect(updatesEnabled(false, {})).toBe(false)
    expect(updatesEnabled(true, {})).toBe(true)
    expect(updatesEnabled(true, { STUDBOOK_UPDATES: 'off' })).toBe(false)
  })

  it("load electron-updater's autoUpdater through its CommonJS default", async () => {
    await expect(loadElectronUpdater()).resolves.toBe(fromPackage.autoUpdater)
  })

  it('say so when this is the newest version, and download nothing', async () => {
    const { updater, calls } = fakeUpdater(null)
    const { run, said } = check(updater, [])
    await expect(run()).resolves.toBe('current')
    expect(said).toEqual(['! Studbook 0.1.0 is the newest version.'])
    expect(calls).toEqual(['feed generic https://updates.example.org/win/arm64', 'check'])
    expect(updater.autoDownload).toBe(false)
    // Nothing installs without a yes, not even when Studbook quits.
    expect(updater.autoInstallOnAppQuit).toBe(false)
  })

  it('ask before downloading and again before restarting to install', async () => {
    const { updater, calls } = fakeUpdater('0.2.0')
    const { run, said } = check(updater, [true, true])
    await expect(run()).resolves.toBe('installing')
    expect(said).toEqual([
      '? Studbook 0.2.0 is available (you have 0.1.0). Download it now?',
      '? Studbook 0.2.0 is ready. Restart Studbook to install it? Your edits are saved.'
    ])
    expect(calls.slice(1)).toEqual(['check', 'download', 'install'])
  })

  it('leave everything as it is when the user says not now', async () => {
    const { updater, calls } = fakeUpdater('0.2.0')
    await expect(check(updater, [false]).run()).resolves.toBe('declined')
    expect(calls.slice(1)).toEqual(['check'])
  })

  it('read the feed from STUDBOOK_UPDATE_URL, one folder per platform and architecture', async () => {
    const { updater, calls } = fakeUpdater(null)
    await check(updater, [], 'https://downloads.example.org/studbook/').run()
    expect(calls[0]).toBe('feed generic https://downloads.example.org/studbook/win/arm64')
  })

  it('refuse a STUDBOOK_UPDATE_URL that is not https, and fetch nothing from it', async () => {
    for (const url of ['http://downloads.example.org/studbook', 'file:///tmp/feed', 'not a url']) {
      const { updater, calls } = fakeUpdater('0.2.0')
      const { run, said } = check(updater, [true, true], url)
      await expect(run()).resolves.toBe('failed')
      expect(calls, url).toEqual([])
      expect(said, url).toEqual([
        '! Studbook could not check for updates: STUDBOOK_UPDATE_URL must be an https address.'
      ])
    }
  })

  it('download but do not install when the user declines the restart', async () => {
    const { updater, calls } = fakeUpdater('0.2.0')
    const { run, said } = check(updater, [true, false])
    await expect(run()).resolves.toBe('declined')
    expect(said).toHaveLength(2)
    expect(calls.slice(1)).toEqual(['check', 'download'])
    expect(updater.autoInstallOnAppQuit).toBe(false)
  })

  it('refuse a built-in feed that is not https, or none at all, and fetch nothing', async () => {
    for (const [feed, why] of [
      [
        { provider: 'generic', url: 'http://updates.example.org/win/arm64' },
        'the update feed built in is not an https address (http://updates.example.org/win/arm64).'
      ],
      [
        { provider: 'generic', url: null },
        'the update feed built in is not an https address (null).'
      ],
      [null, 'this build names no update feed (app-update.yml).']
    ] as const) {
      const { updater, calls } = fakeUpdater('0.2.0')
      const { run, said } = check(updater, [true, true], undefined, feed)
      await expect(run()).resolves.toBe('failed')
      expect(calls).toEqual([])
      expect(said).toEqual([`! Studbook could not check for updates: ${why}`])
    }
  })

  it('read app-update.yml as electron-builder writes it', () => {
    expect(
      parseBuiltInFeed(
        'provider: generic\nurl: https://dl.example.org/studbook/linux/x64\nupdaterCacheDirName: studbook-updater\n'
      )
    ).toEqual({ provider: 'generic', url: 'https://dl.example.org/studbook/linux/x64' })
    expect(parseBuiltInFeed('provider: \'generic\'\r\nurl: "http://x.example/"\r\n')).toEqual({
      provider: 'generic',
      url: 'http://x.example/'
    })
    expect(parseBuiltInFeed('owner: someone\n')).toBeNull()
    expect(parseBuiltInFeed(null)).toBeNull()
  })

  it("answer the user's check made while a quiet one runs, without checking twice", async () => {
    const { updater, calls } = fakeUpdater(null)
    let finish = (): void => undefined
    const original = updater.checkForUpdates.bind(updater)
    updater.checkForUpdates = () =>
      new Promise((resolve) => {
        finish = () => {
          resolve(original())
        }
      })
    const { run, said } = check(updater, [])
    const quiet = run({ quiet: true })
    await new Promise((r) => setImmediate(r))
    const mine = run({ quiet: false })
    finish()
    await expect(quiet).resolves.toBe('current')
    await expect(mine).resolves.toBe('current')
    expect(said).toEqual(['! Studbook 0.1.0 is the newest version.'])
    expect(calls.filter((c) => c === 'check')).toHaveLength(1)
  })

  it('try again aloud when the user asks during a quiet check that fails', async () => {
    const { updater, calls } = fakeUpdater(null, new Error('net::ERR_TIMED_OUT'))
    const { run, said } = check(updater, [])
    const quiet = run({ quiet: true })
    const mine = run({ quiet: false })
    await expect(quiet).resolves.toBe('failed')
    await expect(mine).resolves.toBe('failed')
    expect(calls.filter((c) => c === 'check')).toHaveLength(2)
    expect(said).toEqual(['! Studbook could not check for updates: net::ERR_TIMED_OUT'])
  })

  it('report a failed check to the user and the log, not silently', async () => {
    const { updater } = fakeUpdater(null, new Error('net::ERR_NAME_NOT_RESOLVED'))
    const { run, said, logged } = check(updater, [])
    await expect(run()).resolves.toBe('failed')
    expect(said).toEqual(['! Studbook could not check for updates: net::ERR_NAME_NOT_RESOLVED'])
    expect(logged).toEqual(['error update check failed'])
  })
})
