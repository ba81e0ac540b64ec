import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../src/main/app/compose'
import type { AppContext } from '../../src/main/app/compose'
import { cacheDirFor, defaultCacheDir } from '../../src/main/hosts/data-dir'
import { dispatch } from '../../src/main/ipc/dispatch'
import type { Result } from '../../src/shared/ipc/result'

/**
 * Issue #29: pictures (up to 200 MB) live in the OS's cache folder, not in the data folder (on
 * Windows the roaming profile). A data folder of an earlier version has them in `media/`: they
 * move once. The cache holds nothing else, so deleting it loses nothing.
 */
describe('the cache folder of each OS', () => {
  const home = '/home/ann'
  it.each([
    ['linux', {}, '/home/ann/.cache/Studbook'],
    ['linux', { XDG_CACHE_HOME: '/xdg/cache' }, '/xdg/cache/Studbook'],
    ['darwin', {}, '/home/ann/Library/Caches/Studbook'],
    [
      'win32',
      { LOCALAPPDATA: 'C:/Users/ann/AppData/Local' },
      'C:/Users/ann/AppData/Local/Studbook/Cache'
    ]
  ] as const)('%s %j: %s', (platform, env, expected) => {
    expect(defaultCacheDir(env, platform, home).replace(/\\/g, '/')).toBe(expected)
    // The standard data folder's cache is the OS's one.
    const data =
      platform === 'win32'
        ? join('C:/Users/ann/AppData/Roaming', 'Studbook')
        : platform === 'darwin'
          ? join(home, 'Library', 'Application Support', 'Studbook')
          : join(home, '.config', 'Studbook')
    expect(
      cacheDirFor(
        data,
        { ...env, APPDATA: 'C:/Users/ann/AppData/Roaming' },
        platform,
        home
      ).replace(/\\/g, '/')
    ).toBe(expected)
  })

  it('a data folder chosen with --data-dir keeps its own cache inside it (never shared)', () => {
    expect(cacheDirFor('/tmp/x', {}, 'linux', home)).toBe('/tmp/x/cache')
    expect(cacheDirFor('/tmp/x', { STUDBOOK_CACHE_DIR: '/c' }, 'linux', home)).toBe('/c')
  })
})

const saved = {
  HOME: process.env.HOME,
  XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME,
  XDG_CACHE_HOME: process.env.XDG_CACHE_HOME
}
const fakeHome = mkdtempSync(join(tmpdir(), 'studbook-fake-home-'))
const dataDir = join(fakeHome, '.config', 'Studbook')
const cacheMedia = join(fakeHome, '.cache', 'Studbook', 'media')
const oldMedia = join(dataDir, 'media')
let app: AppContext | null = null

async function call<T>(channel: string, input: unknown): Promise<T> {
  if (!app) throw new Error('the app is not running')
  const r = (await dispatch(app.handlers, channel, input)) as Result<T>
  if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`)
  return r.value
}

async function start(): Promise<AppContext> {
  app = await createApp({
    dataDir,
    host: 'browser',
    demoSets: 30,
    autoSync: false,
    credentials: 'memory'
  })
  return app
}

async function thumbnail(): Promise<string> {
  const { rows } = await call<{ rows: { thumbnail: string | null }[] }>('catalog:search', {
    text: '',
    limit: 10
  })
  const path = rows.find((r) => r.thumbnail !== null)?.thumbnail
  if (!path) throw new Error('no thumbnail in the demo catalogue')
  return path
}

const inodes = (dir: string): number[] =>
  readdirSync(dir)
    .map((f) => statSync(join(dir, f)).ino)
    .sort((a, b) => a - b)

beforeAll(() => {
  process.env.HOME = fakeHome
  delete process.env.XDG_CONFIG_HOME
  delete process.env.XDG_CACHE_HOME
  mkdirSync(dataDir, { recursive: true })
})

afterAll(async () => {
  await app?.close()
  process.env.HOME = saved.HOME
  if (saved.XDG_CONFIG_HOME !== undefined) process.env.XDG_CONFIG_HOME = saved.XDG_CONFIG_HOME
  if (saved.XDG_CACHE_HOME !== undefined) process.env.XDG_CACHE_HOME = saved.XDG_CACHE_HOME
  rmSync(fakeHome, { recursive: true, force: true })
})

describe('pictures in the cache folder (a fake home)', () => {
  it('go to ~/.cache/Studbook, move there once from an older data folder, and can be deleted', async () => {
    const first = await start()
    await call('sync:start', { full: true })
    while ((await call<{ running: boolean }>('sync:getStatus', {})).running) {
      await new Promise((r) => setTimeout(r, 50))
    }
    const path = await thumbnail()
    const picture = await first.media(path)
    expect(picture?.body.byteLength).toBeGreaterThan(0)
    expect(readdirSync(cacheMedia)).toHaveLength(1)
    expect(existsSync(oldMedia)).toBe(false)
    await first.close()
    app = null

    // As an earlier version left it: the pictures in the data folder.
    renameSync(cacheMedia, oldMedia)
    const before = inodes(oldMedia)
    const second = await start()
    expect(existsSync(oldMedia)).toBe(false)
    // Moved, not fetched again: the very files.
    expect(inodes(cacheMedia)).toEqual(before)
    expect((await second.media(path))?.body).toEqual(picture?.body)
    expect(inodes(cacheMedia)).toEqual(before)
    const owned = await call<{ total: number }>('catalog:search', {
      text: '',
      owned: true,
      limit: 1
    })

    // Deleted while the app runs: the picture comes back, nothing else changes.
    rmSync(join(fakeHome, '.cache'), { recursive: true, force: true })
    expect((await second.media(path))?.body).toEqual(picture?.body)
    expect(readdirSync(cacheMedia)).toHaveLength(1)
    await second.close()
    app = null

    // Deleted while it does not: the next start begins an empty cache and fetches again.
    rmSync(join(fakeHome, '.cache'), { recursive: true, force: true })
    const third = await start()
    expect((await third.media(path))?.body).toEqual(picture?.body)
    expect(readdirSync(cacheMedia)).toHaveLength(1)
    expect(
      (await call<{ total: number }>('catalog:search', { text: '', owned: true, limit: 1 })).total
    ).toBe(owned.total)
    // And the data folder never holds pictures again.
    expect(existsSync(oldMedia)).toBe(false)
  })
})
