import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createMediaCache } from '../../src/main/catalogue/media-cache'
import type { PictureFetchOptions } from '../../src/main/service/index'
import { PICTURE_MAX_BYTES } from '../../src/main/service/picture-fetch'
import {
  HUGE_BYTES,
  SMALL_PNG,
  countingFetch,
  pictureServersForFile
} from '../service/picture-server'
import type { PictureServer } from '../service/picture-server'
import { createHarness } from '../sync/sync-pull-harness'
import type { Harness } from '../sync/sync-pull-harness'
import { demoThumbnails } from './demo-thumbnails'

/**
 * The catalogue's pictures come from a picture server that misbehaves: what the user sees is a
 * missing picture, while the host keeps its memory, its connections and its cache clean.
 */
let server: PictureServer
let other: PictureServer
pictureServersForFile((s, o) => {
  server = s
  other = o
})

let h: Harness | null = null
afterEach(() => {
  h?.close()
  h = null
})

/** A synced catalogue whose pictures are all fetched from the loopback picture server. */
async function catalogue(pictures: Omit<PictureFetchOptions, 'fetch'> = {}) {
  h = await createHarness(40)
  await h.sync.run()
  const x = h
  const counting = countingFetch((r) => {
    const u = new URL(r.url)
    return `${server.url}${u.pathname}${u.search}`
  })
  const dir = join(x.dir, 'media')
  const cache = createMediaCache({
    store: x.store,
    dir,
    maxBytes: 64 * 1024 * 1024,
    source: () => ({
      profileId: x.profiles.active().id,
      baseUrl: x.profiles.active().baseUrl,
      fetch: counting.fetch
    }),
    pictures
  })
  const thumbs = await demoThumbnails(x)
  if (thumbs.length < 8) throw new Error('too few thumbnails in the demo catalogue')
  return { cache, dir, counting, thumbs }
}

async function hungUp(n: number): Promise<void> {
  while (server.abandoned() < n) await new Promise((r) => setTimeout(r, 5))
}

describe('catalogue pictures from a hostile picture server', () => {
  it('three 300 MB thumbnails are not shown, and the host never holds more than the cap', async () => {
    const { cache, dir, counting, thumbs } = await catalogue()
    for (const [mode, path] of [
      ['huge-declared', thumbs[0]],
      ['huge-chunked', thumbs[1]],
      ['huge-chunked', thumbs[2]]
    ] as const) {
      server.mode = mode
      const read = counting.bytesRead()
      expect(await cache.get(path ?? '')).toBeNull()
      expect(counting.bytesRead() - read).toBeLessThanOrEqual(
        PICTURE_MAX_BYTES + counting.largestChunk()
      )
    }
    expect(counting.largestChunk()).toBeLessThan(1024 * 1024)
    expect(counting.bytesRead()).toBeLessThan(3 * HUGE_BYTES)
    expect(readdirSync(dir)).toEqual([])
    // The next, ordinary picture is shown as before.
    server.mode = 'small'
    expect(Buffer.from((await cache.get(thumbs[3] ?? ''))?.body ?? [])).toEqual(SMALL_PNG)
  })

  it('a picture server that never answers is given up at the deadline', async () => {
    const { cache, dir, counting, thumbs } = await catalogue({ timeoutMs: 300 })
    server.mode = 'never'
    const before = server.abandoned()
    const asked = server.requests.length
    const shown = await Promise.all(thumbs.slice(0, 6).map((p) => cache.get(p)))
    expect(shown).toEqual([null, null, null, null, null, null])
    // Every request the host opened, it closed; never more than four at once (counted by this
    // test's own fetch: the server sees each hang-up late, after the next request has begun).
    const reached = server.requests.length - asked
    expect(reached).toBeGreaterThan(0)
    await hungUp(before + reached)
    expect(counting.maxOpen()).toBe(4)
    expect(readdirSync(dir)).toEqual([])
  })

  it('a picture that redirects to another server is not fetched from there', async () => {
    const { cache, thumbs } = await catalogue()
    server.mode = 'redirect-away'
    expect(await cache.get(thumbs[4] ?? '')).toBeNull()
    expect(other.requests).toEqual([])
    server.mode = 'redirect-home'
    expect(Buffer.from((await cache.get(thumbs[5] ?? ''))?.body ?? [])).toEqual(SMALL_PNG)
  })
})
