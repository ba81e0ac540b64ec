import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import type { ReferenceService } from '../../src/emulator/index'
import { createProfiles, defaultClientFactory } from '../../src/main/account/profiles'
import { createMemoryStore } from '../../src/main/credentials/index'
import { createEventBus } from '../../src/main/ipc/event-bus'
import { openStore } from '../../src/main/store/connection'
import type { Store } from '../../src/main/store/connection'
import { createReachability } from '../../src/main/sync/reachability'
import { createSyncRunner } from '../../src/main/sync/runner'
import { resumeWhenReachable } from '../../src/main/sync/triggers'
import type { Timers } from '../../src/main/sync/triggers'
import { createHarness } from './sync-pull-harness'
import type { Harness } from './sync-pull-harness'

/**
 * Issue #14: a sync says how it ended (a cut-off catalogue is not "synced"), picks up a sign-in
 * made while it runs, and resumes by itself when the service can be reached again.
 */

let h: Harness | null = null
let svc: ReferenceService | null = null
let store: Store | null = null
let dir = ''
afterEach(() => {
  h?.close()
  h = null
  store?.close()
  store = null
  svc?.close()
  svc = null
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = ''
})

const count = (db: Store, table: string): number =>
  (db.read.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n

describe('how a sync ended', () => {
  it('a catalogue cut off mid-way says how far it got, never "synced", and resumes to the end', async () => {
    h = await createHarness(1500)
    h.failPage = 2
    const cut = await h.sync.run()
    expect(cut.outcome).toBe('failed')
    expect(cut.online).toBe(false)
    expect(cut.lastSyncAt).toBeNull()
    expect(cut.catalogueIncomplete).toEqual({ got: cut.catalogueSets, expected: 1500 })
    expect(cut.catalogueSets).toBeLessThan(1500)

    h.failPage = null
    const resumed = await h.sync.run()
    expect(resumed).toMatchObject({
      outcome: 'complete',
      online: true,
      error: null,
      catalogueSets: 1500,
      catalogueIncomplete: null
    })
    expect(resumed.lastSyncAt).not.toBeNull()
  })

  it('the sets a cut-off first download stored can be found by their words at once', async () => {
    h = await createHarness(1500)
    h.failPage = 2
    await h.sync.run()
    const all = await h.search({ limit: 5 })
    expect(all.total).toBeGreaterThan(0)
    for (const row of all.rows) {
      const found = await h.search({ text: row.name, limit: 100 })
      expect(found.rows.map((r) => r.setID)).toContain(row.setID)
    }
  })

  it('a failed sync after a complete one keeps the complete one as the last sync', async () => {
    let clock = Date.parse('2026-11-20T10:00:00Z')
    h = await createHarness(300, () => new Date(clock))
    const ok = await h.sync.run()
    expect(ok.outcome).toBe('complete')
    clock += 3_600_000
    h.online = false
    const failed = await h.sync.run()
    expect(failed.outcome).toBe('failed')
    expect(failed.lastSyncAt).toBe(ok.lastSyncAt)
  })

  it('a sync asked for while one runs runs again after it', async () => {
    h = await createHarness(300)
    const first = h.sync.run()
    h.sync.request()
    await first
    expect(h.sync.status().running).toBe(true)
    await h.sync.idle()
    expect(h.sync.status()).toMatchObject({ running: false, outcome: 'complete' })
  })
})

describe('signing in while the catalogue downloads', () => {
  it('the collection arrives with that sync', async () => {
    dir = mkdtempSync(join(tmpdir(), 'studbook-resume-'))
    const service = createReferenceService({ sets: 1200, seed: 5 })
    svc = service
    const db = await openStore(join(dir, 'studbook.db'))
    store = db
    let signIn: (() => Promise<void>) | null = null
    const fetch = async (req: Request): Promise<Response> => {
      const body = decodeURIComponent((await req.clone().text()).replace(/\+/g, ' '))
      // The second catalogue page: the user signs in now, while the download goes on.
      if (signIn && /pageNumber(?:=|>|"\s*:\s*)2\b/.test(body) && !/owned/.test(body)) {
        const go = signIn
        signIn = null
        await go()
      }
      return service.handle(req)
    }
    const profiles = await createProfiles({
      store: db,
      credentials: createMemoryStore(),
      createClient: (input) => defaultClientFactory({ ...input, fetch }),
      demo: () => Promise.resolve({ fetch, ...service.demo })
    })
    const sync = createSyncRunner({ store: db, profiles, events: createEventBus() })
    signIn = async () => {
      const userHash = await profiles.client().v2.login({
        username: service.demo.username,
        password: service.demo.password
      })
      await profiles.updateSecrets({ userHash, username: service.demo.username })
    }
    expect(profiles.secrets().userHash).toBeUndefined()
    const status = await sync.run()
    expect(status.error).toBeNull()
    expect(profiles.secrets().userHash).toBeTruthy()
    expect(count(db, 'set_state')).toBeGreaterThan(0)
  })
})

/** Timers fired by the test, never by the clock. */
function manualTimers(): Timers & { waits: number[]; fire(): void } {
  let next: (() => void) | null = null
  const waits: number[] = []
  return {
    waits,
    set(fn, ms) {
      waits.push(ms)
      next = fn
      return fn
    },
    clear(handle) {
      if (next === handle) next = null
    },
    fire() {
      const fn = next
      next = null
      fn?.()
    }
  }
}

describe('resuming when the service is back', () => {
  function fakeRunner() {
    const finished = new Set<(s: { online: boolean }) => void>()
    return {
      requests: 0,
      running: false,
      request() {
        this.requests++
      },
      status() {
        return { running: this.running, online: true }
      },
      onFinished(l: (s: { online: boolean }) => void) {
        finished.add(l)
        return () => finished.delete(l)
      },
      finish(online: boolean) {
        for (const l of finished) l({ online })
      }
    }
  }

  /** The trigger over a fresh reachability and runner, its timers fired by hand. */
  function watching() {
    const reach = createReachability()
    const runner = fakeRunner()
    const timers = manualTimers()
    const stop = resumeWhenReachable({ reachability: reach, runner, timers })
    return { reach, runner, timers, stop }
  }

  it('tries again after 2, 4, 8 … seconds up to a minute while the service cannot be reached', () => {
    const { reach, runner, timers } = watching()
    reach.unreachable()
    runner.finish(false)
    for (let i = 0; i < 8; i++) {
      timers.fire()
      runner.finish(false)
    }
    expect(timers.waits).toEqual([2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000, 60000])
    expect(runner.requests).toBe(8)
  })

  it('starts at once when any call reaches the service, and stops retrying', () => {
    const { reach, runner, timers } = watching()
    reach.unreachable()
    runner.finish(false)
    expect(timers.waits).toEqual([2000])
    // A picture, a test of the connection…: any answer from the service.
    reach.reached()
    expect(runner.requests).toBe(1)
    timers.fire()
    expect(runner.requests).toBe(1)
    // The next cut starts the waits from 2 s again.
    reach.unreachable()
    runner.finish(false)
    expect(timers.waits).toEqual([2000, 2000])
  })

  it('a cut outside any sync (a background push) is tried again; one inside waits for its end', () => {
    const { reach, runner, timers } = watching()
    reach.unreachable()
    expect(timers.waits).toEqual([2000])
    reach.reached()
    runner.requests = 0
    runner.running = true
    reach.unreachable()
    // The running sync ends on its own and reports offline: the waits start from there.
    expect(timers.waits).toEqual([2000])
    runner.running = false
    runner.finish(false)
    expect(timers.waits).toEqual([2000, 2000])
  })

  it('back while a sync runs: that sync goes on, no second one is asked for', () => {
    const { reach, runner } = watching()
    runner.running = true
    reach.unreachable()
    reach.reached()
    expect(runner.requests).toBe(0)
  })

  it('a sync that ends online stops the retries, and so does closing', () => {
    const { reach, runner, timers, stop } = watching()
    runner.finish(false)
    runner.finish(true)
    timers.fire()
    expect(runner.requests).toBe(0)
    stop()
    runner.finish(false)
    reach.unreachable()
    reach.reached()
    timers.fire()
    expect(runner.requests).toBe(0)
    expect(timers.waits).toEqual([2000])
  })

  it('a watched fetch reports both ways; a call the user cancelled proves nothing', async () => {
    const reach = createReachability()
    let up = true
    const fetch = reach.watch(() =>
      up ? Promise.resolve(new Response('ok')) : Promise.reject(new TypeError('fetch failed'))
    )
    expect([reach.online(), reach.answered()]).toEqual([true, false])
    up = false
    await expect(fetch(new Request('http://127.0.0.1:9/'))).rejects.toThrow('fetch failed')
    expect(reach.online()).toBe(false)
    const cancelled = new AbortController()
    cancelled.abort()
    up = true
    reach.reached()
    up = false
    await expect(
      fetch(new Request('http://127.0.0.1:9/', { signal: cancelled.signal }))
    ).rejects.toThrow()
    expect(reach.online()).toBe(true)
    up = true
    reach.unreachable()
    await fetch(new Request('http://127.0.0.1:9/'))
    expect([reach.online(), reach.answered()]).toEqual([true, true])
    reach.reset()
    expect([reach.online(), reach.answered()]).toEqual([true, false])
  })
})
