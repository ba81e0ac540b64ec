import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import { listen } from '../../src/emulator/listen'
import type { AppContext } from '../../src/main/app/compose'
import type { SyncStatus } from '../../src/shared/model/sync'
import { startApp, syncStatusUntil, value } from './app-runs'
import { mountSmallDisk } from './small-disk'
import type { SmallDisk } from './small-disk'

/**
 * Issue #26: a first sync cut by a full disk part way through the set pages. What it stored is
 * found by search as browsing lists it, and once space returns the sync starts again by itself
 * (as its message says) and ends with the whole catalogue findable.
 */
const disk = mountSmallDisk(24)
const svc = createReferenceService({ sets: 3000, seed: 41 })
let server: { url: string; close(): Promise<void> }
let app: AppContext | null = null

/** The app of the running test. */
const running = (): AppContext => {
  if (!app) throw new Error('no app started')
  return app
}
const until = (check: (s: SyncStatus) => boolean, what: string) =>
  syncStatusUntil(running(), check, what)

interface Page {
  readonly total: number
  readonly rows: readonly { readonly setID: number; readonly fullNumber: string }[]
}

/** How many sets browsing lists, and how many of the first and last 40 a search by number misses. */
async function counts(): Promise<{ browse: number; missed: number }> {
  const q = { sort: 'number', desc: false, limit: 40, facets: false, text: '' }
  const first = await value<Page>(running(), 'catalog:search', { ...q, offset: 0 })
  const last = await value<Page>(running(), 'catalog:search', {
    ...q,
    offset: Math.max(0, first.total - 40)
  })
  let missed = 0
  for (const row of [...first.rows, ...last.rows]) {
    const found = await value<Page>(running(), 'catalog:search', {
      ...q,
      text: row.fullNumber,
      limit: 100
    })
    if (!found.rows.some((r) => r.setID === row.setID)) missed++
  }
  return { browse: first.total, missed }
}

beforeAll(async () => {
  server = await listen(svc, { port: 0 })
})

afterAll(async () => {
  await server.close()
  svc.close()
  disk?.free()
  disk?.unmount()
})

/** Starts the app on a folder of the small disk, using the loopback service. */
async function startOnDisk(name: string): Promise<void> {
  const dir = join((disk as SmallDisk).dir, name)
  mkdirSync(dir)
  app = await startApp(dir, { demoSets: 30, diskFullRetryMs: 50 })
  await value(running(), 'account:saveProfile', { baseUrl: server.url, apiKey: svc.demo.apiKey })
}

afterEach(async () => {
  disk?.free()
  await app?.close()
  app = null
})

describe.skipIf(disk === null)(
  'a first sync cut by a full disk part way through the set pages',
  () => {
    it('syncs again by itself once space returns, search finding from its start what browsing lists', async () => {
      await startOnDisk('data')
      const d = disk as SmallDisk
      await value(running(), 'sync:start', { full: true })
      await until((s) => s.phase === 'sets' && s.done >= 1000, '1000 sets stored')
      d.fill()
      const failed = await until((s) => !s.running && s.error !== null, 'the sync to fail')
      expect(failed.error).toMatch(/disk.*full/i)
      expect((await counts()).browse).toBeLessThan(3000)

      // Space returns; nobody presses Sync. While the sync goes on with the pages, search finds
      // every set browsing lists.
      d.free()
      await until((s) => s.running && s.phase === 'sets', 'the load to go on')
      const during = await counts()
      expect(during.browse).toBeLessThan(3000)
      expect(during.missed).toBe(0)
      const done = await until(
        (s) => !s.running && s.error === null && s.lastSyncAt !== null,
        'a sync by itself to finish'
      )
      expect(done.catalogueSets).toBe(3000)
      expect(await counts()).toEqual({ browse: 3000, missed: 0 })
    })
  }
)
