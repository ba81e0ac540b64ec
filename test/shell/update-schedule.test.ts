import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/** electron-updater, mocked: its autoUpdater records each step and answers as a test sets it. */
const u = await vi.hoisted(async () => {
  const { fakeAutoUpdater } = await import('./fake-updater')
  const state = {
    loaded: 0,
    calls: [] as string[],
    available: null as string | null,
    fail: null as Error | null
  }
  const autoUpdater = fakeAutoUpdater(
    (step) => state.calls.push(step),
    () => state.fail ?? state.available,
    '1.0.0'
  )
  return Object.assign(state, { autoUpdater })
})
vi.mock('electron-updater', () => {
  u.loaded++
  return { default: { autoUpdater: u.autoUpdater } }
})

const { CHECK_EVERY_MS, CLOCK_LOOK_MS, FIRST_CHECK_DELAY_MS, setUpUpdates } =
  await import('../../src/main/shell/update-schedule')
const { loadElectronUpdater } = await import('../../src/main/shell/updates')

const resources = mkdtempSync(join(tmpdir(), 'studbook-resources-'))
afterAll(() => {
  rmSync(resources, { recursive: true, force: true })
})

function feed(url: string): void {
  writeFileSync(join(resources, 'app-update.yml'), `provider: generic\nurl: ${url}\n`)
}

/** Packaged Studbook 1.0.0 with the schedule running; answers are the user's, in order. */
function start(
  o: {
    answers?: boolean[]
    isPackaged?: boolean
    env?: NodeJS.ProcessEnv
    enabled?: () => Promise<boolean>
  } = {}
) {
  const said: string[] = []
  const logged: string[] = []
  const answers = o.answers ?? []
  const updates = setUpUpdates({
    isPackaged: o.isPackaged ?? true,
    env: o.env ?? {},
    resourcesPath: resources,
    load: loadElectronUpdater,
    currentVersion: '1.0.0',
    platform: 'darwin',
    arch: 'arm64',
    ask: (m) => (said.push(`? ${m}`), Promise.resolve(answers.shift() ?? false)),
    tell: (m) => said.push(`! ${m}`),
    enabled: o.enabled ?? (() => Promise.resolve(true)),
    now: () => Date.now(),
    log: {
      info: (m) => logged.push(`info ${m}`),
      warn: (m) => logged.push(`warn ${m}`),
      error: (m) => logged.push(`error ${m}`)
    }
  })
  stops.push(updates.stop)
  return { updates, said, logged }
}
const stops: (() => void)[] = []

/** Lets the timers fire; their checks read app-update.yml from disk, which fake time cannot hurry. */
async function pass(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms)
}

/** Turns the real event loop until `done` holds (the file reads finish), never by waiting a time. */
async function until(done: () => boolean): Promise<void> {
  for (let turn = 0; !done(); turn++) {
    if (turn > 100_000) throw new Error('never settled')
    await new Promise((r) => setImmediate(r))
    await vi.advanceTimersByTimeAsync(0)
  }
}

/** After `n` scheduled checks in all have finished. */
const finished = (logged: string[], n: number) =>
  until(() => logged.filter((l) => l === 'info scheduled update check done').length >= n)

beforeEach(() => {
  // Timers and the clock only: setImmediate stays real, so file reads can finish.
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date']
  })
  Object.assign(u, { calls: [], available: null, fail: null })
  u.autoUpdater.autoInstallOnAppQuit = true
  feed('https://updates.example.org/mac/arm64')
})
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  vi.useRealTimers()
})

const checks = () => u.calls.filter((c) => c === 'check').length

describe('scheduled update checks (mocked electron-updater)', () => {
  it('check once after the start-up delay, then once a day, quietly', async () => {
    const { said, logged } = start()
    await pass(FIRST_CHECK_DELAY_MS - 1)
    expect(checks()).toBe(0)
    await pass(1)
    await finished(logged, 1)
    expect(u.calls).toEqual(['feed generic https://updates.example.org/mac/arm64', 'check'])
    // Hourly looks at the clock do not check again before a day has gone by.
    await pass(CHECK_EVERY_MS - CLOCK_LOOK_MS)
    expect(checks()).toBe(1)
    await pass(CLOCK_LOOK_MS)
    await finished(logged, 2)
    expect(checks()).toBe(2)
    await pass(CHECK_EVERY_MS)
    await finished(logged, 3)
    expect(checks()).toBe(3)
    // None newer: the user is not interrupted; the log has it.
    expect(said).toEqual([])
    expect(logged.filter((l) => l === 'info update check: none newer')).toHaveLength(3)
  })

  it('say nothing when the check fails (offline), and log it', async () => {
    u.fail = new Error('net::ERR_INTERNET_DISCONNECTED')
    const { said, logged } = start()
    await pass(FIRST_CHECK_DELAY_MS)
    await finished(logged, 1)
    expect(checks()).toBe(1)
    expect(said).toEqual([])
    expect(logged).toContain('warn scheduled update check failed')
  })

  it('tell the user of an update and ask before downloading, then before restarting', async () => {
    u.available = '1.1.0'
    const { said, logged } = start({ answers: [true, true] })
    await pass(FIRST_CHECK_DELAY_MS)
    await finished(logged, 1)
    expect(said).toEqual([
      '? Studbook 1.1.0 is available (you have 1.0.0). Download it now?',
      '? Studbook 1.1.0 is ready. Restart Studbook to install it? Your edits are saved.'
    ])
    expect(u.calls.slice(1)).toEqual(['check', 'download', 'install'])
  })

  it('download nothing when declined, and not ask again about that version', async () => {
    u.available = '1.1.0'
    const { said, logged } = start({ answers: [false] })
    await pass(FIRST_CHECK_DELAY_MS)
    await finished(logged, 1)
    expect(u.calls.slice(1)).toEqual(['check'])
    await pass(CHECK_EVERY_MS)
    await finished(logged, 2)
    expect(checks()).toBe(2)
    expect(said).toHaveLength(1)
    // A newer one is asked about.
    u.available = '1.2.0'
    await pass(CHECK_EVERY_MS)
    await finished(logged, 3)
    expect(said.at(-1)).toBe('? Studbook 1.2.0 is available (you have 1.0.0). Download it now?')
    expect(u.calls).not.toContain('download')
  })

  it('leave a downloaded update uninstalled when the restart is declined', async () => {
    u.available = '1.1.0'
    const { logged } = start({ answers: [true, false] })
    await pass(FIRST_CHECK_DELAY_MS)
    await finished(logged, 1)
    expect(u.calls.slice(1)).toEqual(['check', 'download'])
    expect(u.autoUpdater.autoInstallOnAppQuit).toBe(false)
  })

  it('check nothing while the setting is off, and again once it is on', async () => {
    let on = false
    const { said, logged } = start({ enabled: () => Promise.resolve(on) })
    await pass(FIRST_CHECK_DELAY_MS + 3 * CHECK_EVERY_MS)
    expect(u.calls).toEqual([])
    expect(logged).toEqual([])
    on = true
    await pass(CLOCK_LOOK_MS)
    await finished(logged, 1)
    expect(checks()).toBe(1)
    expect(said).toEqual([])
  })

  it('refuse a feed that is not https: nothing is fetched, and the log says why', async () => {
    feed('http://updates.example.org/mac/arm64')
    const { said, logged } = start()
    await pass(FIRST_CHECK_DELAY_MS)
    await finished(logged, 1)
    expect(u.calls).toEqual([])
    expect(said).toEqual([])
    expect(logged).toContain('warn scheduled update check failed')
    const env = start({ env: { STUDBOOK_UPDATE_URL: 'http://mirror.example.org/studbook' } })
    env.updates.checkNow?.()
    await until(() => env.said.length > 0)
    expect(env.said).toEqual([
      '! Studbook could not check for updates: STUDBOOK_UPDATE_URL must be an https address.'
    ])
    expect(u.calls).toEqual([])
  })

  it('do nothing at all when not packaged or turned off for a managed install', async () => {
    const before = u.loaded
    for (const o of [{ isPackaged: false }, { env: { STUDBOOK_UPDATES: 'off' } }]) {
      const { updates } = start(o)
      expect(updates.checkNow).toBeNull()
      expect(vi.getTimerCount()).toBe(0)
    }
    await pass(FIRST_CHECK_DELAY_MS + CHECK_EVERY_MS)
    expect(u.calls).toEqual([])
    expect(u.loaded).toBe(before)
  })

  it("the menu's check tells the user there is nothing newer", async () => {
    const { updates, said } = start()
    updates.checkNow?.()
    await until(() => said.length > 0)
    expect(said).toEqual(['! Studbook 1.0.0 is the newest version.'])
  })
})
