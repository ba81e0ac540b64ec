import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createMediaCache } from '../../src/main/catalogue/media-cache'
import type { MediaCache } from '../../src/main/catalogue/media-cache'
import { createHarness } from '../sync/sync-pull-harness'
import type { Harness } from '../sync/sync-pull-harness'
import { demoThumbnails } from './demo-thumbnails'

let h: Harness | null = null
afterEach(() => {
  h?.close()
  h = null
})

let clock = Date.now()

function cacheFor(x: Harness, maxBytes: number, sub = 'media'): { cache: MediaCache; dir: string } {
  const dir = join(x.dir, sub)
  const cache = createMediaCache({
    store: x.store,
    dir,
    maxBytes,
    source: () => ({
      profileId: x.profiles.active().id,
      baseUrl: x.profiles.active().baseUrl,
      fetch: (r) => {
        if (!x.online) return Promise.reject(new TypeError('fetch failed'))
        return x.svc.handle(r)
      }
    }),
    // A minute passes between uses: the cache records a use at most once a minute per picture.
    now: () => (clock += 61_000)
  })
  return { cache, dir }
}

const diskBytes = (dir: string) =>
  readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0)

describe('media cache', () => {
  it('serves set images from the service once, then from disk even offline', async () => {
    h = await createHarness(100)
    await h.sync.run()
    const { cache, dir } = cacheFor(h, 10 * 1024 * 1024)
    const [path] = await demoThumbnails(h, 1)
    if (!path) throw new Error('no thumbnail in the demo catalogue')
    expect(path).toMatch(/^media\/thumb\/\d+\/\d+$/)
    const first = await cache.get(path)
    expect(first?.contentType).toMatch(/^image\//)
    expect(first?.body.byteLength).toBeGreaterThan(0)
    expect(readdirSync(dir)).toHaveLength(1)
    h.online = false
    const again = await cache.get(path)
    expect(again?.body).toEqual(first?.body)
    const detail = await h.catalogue['catalog:getSet']({ setID: Number(path.split('/')[3]) })
    if (detail.image) expect(await cache.get(detail.image)).toBeNull()
  })

  it('keeps the cache under its size limit, evicting the least recently used', async () => {
    h = await createHarness(100)
    await h.sync.run()
    const paths = await demoThumbnails(h, 8)
    const probe = cacheFor(h, 1024 * 1024, 'probe')
    const sizes: number[] = []
    for (const p of paths) sizes.push((await probe.cache.get(p))?.body.byteLength ?? 0)
    h.store.write.exec('DELETE FROM media_cache')
    const limit = Math.max(...sizes) * 3
    const { cache, dir } = cacheFor(h, limit)
    const [keep, ...rest] = paths
    if (!keep) throw new Error('no thumbnails')
    await cache.get(keep)
    for (const p of rest) {
      await cache.get(p)
      await cache.get(keep) // used again and again: never the least recently used
      expect(diskBytes(dir)).toBeLessThanOrEqual(limit)
    }
    h.online = false
    expect(await cache.get(keep)).not.toBeNull()
    expect(await cache.get(rest[0] ?? '')).toBeNull()
  })

  it('answers null for paths that name nothing it knows', async () => {
    h = await createHarness(50)
    await h.sync.run()
    const { cache } = cacheFor(h, 1024 * 1024)
    for (const p of [
      'media/thumb/1/999999',
      'media/../studbook.db',
      'media/thumb/x/1',
      '/etc/passwd',
      ''
    ]) {
      expect(await cache.get(p)).toBeNull()
    }
  })
})
