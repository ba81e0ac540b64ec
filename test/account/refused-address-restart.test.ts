import Database from 'better-sqlite3'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import { listen } from '../../src/emulator/listen'
import type { AppContext } from '../../src/main/app/compose'
import type { AccountStatus } from '../../src/shared/model/account'
import { appRunsEachTest, call, syncIdle } from '../store/app-runs'

/**
 * Issue #13 item 1: a refused service address must change nothing, and no stored setting may stop
 * the app from starting. Each case saves through the contract, closes the app, and starts it again.
 */
const { folder, start, stop } = appRunsEachTest(30)
const svc = createReferenceService({ sets: 40, seed: 13 })
let server: { url: string; close(): Promise<void> }

beforeAll(async () => {
  server = await listen(svc, { port: 0 })
})
afterAll(async () => {
  await server.close()
  svc.close()
})

async function status(app: AppContext): Promise<AccountStatus> {
  const r = await call(app, 'account:getStatus', {})
  if (!r.ok) throw new Error(r.error.message)
  return r.value as AccountStatus
}

function profileRows(dir: string): { base_url: string }[] {
  const db = new Database(join(dir, 'studbook.db'), { readonly: true })
  try {
    return db.prepare('SELECT base_url FROM profiles ORDER BY id').all() as { base_url: string }[]
  } finally {
    db.close()
  }
}

const REFUSED = [
  ['http on a non-loopback host', 'http://brickset.example.com/api'],
  ['a user name', 'https://alice@brickset.example.com'],
  ['a user name and password', 'https://alice:secret@brickset.example.com'],
  ['a query', 'https://brickset.example.com/api?key=1'],
  ['a fragment', 'https://brickset.example.com/api#top'],
  ['garbage', 'https://exa mple.com/%zz'],
  ['garbage that is no URL at all', 'not an address']
] as const

describe('a refused service address changes nothing and the app still starts', () => {
  it.each(REFUSED)(
    '%s, saved without an API key',
    async (_, baseUrl) => {
      const dir = folder('studbook-refused-')
      const first = await start(dir)
      const before = await status(first)
      const saved = await call(first, 'account:saveProfile', { baseUrl })
      expect(saved.ok).toBe(false)
      if (!saved.ok) expect(saved.error.detail?.field).toBe('baseUrl')
      // The profile in use did not change, in this run...
      expect(await status(first)).toEqual(before)
      await stop(first)

      // ...nor in the next: the app starts, on the profile it had, and nothing was stored.
      const second = await start(dir)
      expect(await status(second)).toEqual(before)
      expect(profileRows(dir).map((r) => r.base_url)).not.toContain(baseUrl)
      expect(profileRows(dir).some((r) => r.base_url.includes('example.com'))).toBe(false)
    },
    30_000
  )

  it('a refused address saved with an API key changes nothing either', async () => {
    const dir = folder('studbook-refused-')
    const app = await start(dir)
    const before = await status(app)
    const saved = await call(app, 'account:saveProfile', {
      baseUrl: 'http://brickset.example.com',
      apiKey: 'k-123'
    })
    expect(saved.ok).toBe(false)
    expect(await status(app)).toEqual(before)
    expect(profileRows(dir).some((r) => r.base_url.includes('example.com'))).toBe(false)
  })
})

describe('a profile already damaged in the database', () => {
  const DAMAGED = [
    ['http on a non-loopback host', 'http://brickset.example.com', 'auto', '{}'],
    ['a user name', 'https://alice@brickset.example.com', 'auto', '{}'],
    ['a query', 'https://brickset.example.com?x=1', 'auto', '{}'],
    ['garbage', 'no address', 'auto', '{}'],
    ['an unknown binding', 'https://brickset.example.com', 'carrier-pigeon', '{}'],
    [
      'a path that is not one',
      'https://brickset.example.com',
      'auto',
      '{"v2":"https://evil.test/api"}'
    ]
  ] as const

  it.each(DAMAGED)(
    '%s: the app starts, browsable, with the reason on the account',
    async (_, baseUrl, binding, paths) => {
      const dir = folder('studbook-damaged-')
      // A first run uses a working service and caches its catalogue.
      const first = await start(dir)
      const good = await call(first, 'account:saveProfile', {
        baseUrl: server.url,
        apiKey: svc.demo.apiKey
      })
      expect(good.ok).toBe(true)
      const synced = await call(first, 'sync:start', { full: true })
      expect(synced.ok).toBe(true)
      await syncIdle(first)
      await stop(first)

      // What an older version could leave behind: the active profile's settings refused today.
      const db = new Database(join(dir, 'studbook.db'))
      db.prepare(
        "UPDATE profiles SET base_url = ?, binding = ?, paths = ? WHERE kind = 'custom'"
      ).run(baseUrl, binding, paths)
      db.close()

      const app = await start(dir)
      const s = await status(app)
      expect(s.profile).toBe('custom')
      expect(s.problem).toMatch(/address|connection method|path/i)
      // The cached catalogue is still there to browse...
      const search = await call(app, 'catalog:search', { text: '', limit: 5 })
      expect(search.ok && (search.value as { total: number }).total).toBe(40)
      // ...and a sync ends with the same reason instead of taking the app down.
      await call(app, 'sync:start', { full: false })
      await syncIdle(app)
      const sync = await call(app, 'sync:getStatus', {})
      expect(sync.ok && (sync.value as { error: string | null }).error).toBe(s.problem)
      // The way out: a good address replaces it, and the reason goes.
      const fixed = await call(app, 'account:saveProfile', {
        baseUrl: 'https://brickset.example.com/api'
      })
      expect(fixed.ok).toBe(true)
      expect((await status(app)).problem).toBeNull()
    },
    30_000
  )

  it('inserted directly and made active, as an older version left it: the app starts and says why', async () => {
    const dir = folder('studbook-damaged-')
    await stop(await start(dir))
    const db = new Database(join(dir, 'studbook.db'))
    const id = db
      .prepare(
        `INSERT INTO profiles (kind, label, base_url, binding, paths, created_at)
         VALUES ('custom', 'old', 'http://alice@brickset.example.com/api?x=1#y', 'auto', '{}',
           '2026-01-01T00:00:00.000Z')`
      )
      .run().lastInsertRowid
    db.prepare("UPDATE settings SET value = ? WHERE key = 'active_profile'").run(String(id))
    db.close()

    const app = await start(dir)
    const s = await status(app)
    expect(s).toMatchObject({ profile: 'custom', apiKeySet: false, signedIn: false })
    expect(s.problem).toMatch(/address/)
    expect((await call(app, 'catalog:search', { text: '', limit: 5 })).ok).toBe(true)
    // The demo is one click away and clears the reason.
    expect((await call(app, 'account:useDemo', {})).ok).toBe(true)
    expect(await status(app)).toMatchObject({ profile: 'demo', problem: null })
  })
})
