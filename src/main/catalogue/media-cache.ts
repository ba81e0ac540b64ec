import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, renameSync } from 'node:fs'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { Store } from '../store/connection'
import {
  clearMedia,
  deleteMedia,
  findMedia,
  mediaTotalSize,
  oldestMedia,
  putMedia,
  touchMedia
} from './media-repo'
import { extraImageUrl, getSetUrls } from './set-detail-repo'
import { minifigPictureUrl } from './minifigs-repo'
import { createPictureFetcher } from '../service/index'
import type { FetchLike, PictureFetchOptions } from '../service/index'

export interface MediaFile {
  contentType: string
  body: Uint8Array
}

interface MediaCacheOptions {
  readonly store: Store
  /** In the OS's cache folder (hosts/data-dir.ts): anything in it may go at any time. */
  readonly dir: string
  /** Where an earlier version kept the pictures (`media/` in the data folder): moved once. */
  readonly legacyDir?: string
  /** Bytes kept on disk; least recently used images are evicted beyond it. */
  readonly maxBytes: number
  /** The active profile's id, base URL and how to fetch from it (the demo fetches in-process). */
  readonly source: () => { profileId: number; baseUrl: string; fetch: FetchLike }
  readonly now?: () => number
  /** Picture download limits (size, deadline, downloads at once); docs/protocol.md §8c by default. */
  readonly pictures?: Omit<PictureFetchOptions, 'fetch'>
}

/** Resolves an app-local `media/...` path to the remote URL it stands for; null when unknown. */
function resolveMediaPath(store: Store, path: string): { profileId: number; url: string } | null {
  const set = /^media\/(thumb|large|image)\/(\d+)\/(\d+)$/.exec(path)
  if (set) {
    const profileId = Number(set[2])
    const urls = getSetUrls(store.read, profileId, Number(set[3]))
    const url =
      set[1] === 'thumb' ? urls?.thumbnail : set[1] === 'large' ? urls?.large : urls?.image
    return url ? { profileId, url } : null
  }
  const fig = /^media\/fig\/(\d+)\/([A-Za-z0-9._-]{1,50})\/(thumb|image)$/.exec(path)
  if (fig) {
    const profileId = Number(fig[1])
    const kind = fig[3] === 'thumb' ? 'thumb' : 'image'
    const url = minifigPictureUrl(store.read, profileId, fig[2] ?? '', kind)
    return url ? { profileId, url } : null
  }
  const extra = /^media\/extra\/(\d+)\/(\d+)\/(\d+)\/(thumb|image)$/.exec(path)
  if (extra) {
    const profileId = Number(extra[1])
    const url = extraImageUrl(
      store.read,
      profileId,
      Number(extra[2]),
      Number(extra[3]),
      extra[4] === 'thumb' ? 'thumb' : 'image'
    )
    return url ? { profileId, url } : null
  }
  return null
}

export interface MediaCache {
  get(path: string): Promise<MediaFile | null>
}

/** The on-disk image cache: files named by URL hash, an index row per file, LRU eviction by size. */
/** A cached picture's last use is written at most this often (ms). */
const TOUCH_EVERY_MS = 60_000

/**
 * Makes `dir` the cache's folder: the pictures of an earlier version's `legacyDir` are moved
 * there (a rename: one step, the very files), once, since the old folder is gone after. When that
 * cannot be (another disk, the new folder there already) the old pictures are deleted in the
 * background and fetched again when shown. A folder that is not there (never made, or deleted by
 * the user or the OS) starts empty, and so does the index that listed its files.
 */
function prepareFolder(store: Store, dir: string, legacyDir: string | undefined): void {
  const had = existsSync(dir)
  if (legacyDir !== undefined && legacyDir !== dir && existsSync(legacyDir)) {
    try {
      if (had) throw new Error('the cache folder is there already')
      mkdirSync(dirname(dir), { recursive: true })
      renameSync(legacyDir, dir)
      return
    } catch {
      void rm(legacyDir, { recursive: true, force: true }).catch(() => undefined)
    }
  }
  mkdirSync(dir, { recursive: true })
  if (!had) clearMedia(store.write)
}

export function createMediaCache(options: MediaCacheOptions): MediaCache {
  const { store, dir } = options
  const now = options.now ?? (() => Date.now())
  const touched = new Map<string, number>()
  prepareFolder(store, dir, options.legacyDir)
  // One fetcher for every profile: its cap on downloads at once holds across profile switches.
  const pictures = createPictureFetcher({
    ...options.pictures,
    fetch: (r) => options.source().fetch(r)
  })

  async function evict(): Promise<void> {
    let total = mediaTotalSize(store.read)
    while (total > options.maxBytes) {
      const victims = oldestMedia(store.read, 16)
      if (victims.length === 0) return
      for (const v of victims) {
        if (total <= options.maxBytes) return
        deleteMedia(store.write, v.key)
        await rm(join(dir, v.file), { force: true })
        total -= v.size
      }
    }
  }

  /** Bounded, timed, same-origin (service/picture-fetch.ts); throws why a picture is refused. */
  async function fetchImage(url: string): Promise<MediaFile> {
    const picture = await pictures.get(new URL(url, options.source().baseUrl))
    return { contentType: picture.contentType, body: picture.body }
  }

  return {
    async get(path) {
      const resolved = resolveMediaPath(store, path)
      if (!resolved) return null
      const key = createHash('sha256').update(resolved.url).digest('hex').slice(0, 32)
      const hit = findMedia(store.read, key)
      if (hit) {
        try {
          const body = new Uint8Array(await readFile(join(dir, hit.file)))
          // The LRU needs only a rough age: one write per picture a minute, not one per request.
          const at = now()
          if (at - (touched.get(key) ?? -Infinity) >= TOUCH_EVERY_MS) {
            touchMedia(store.write, key, at)
            touched.set(key, at)
          }
          return { contentType: hit.contentType, body }
        } catch {
          deleteMedia(store.write, key)
        }
      }
      if (options.source().profileId !== resolved.profileId) return null
      let file: MediaFile
      try {
        file = await fetchImage(resolved.url)
      } catch {
        return null
      }
      // The folder may have been deleted meanwhile (it is a cache): made again, never an error.
      await mkdir(dir, { recursive: true })
      await writeFile(join(dir, key), file.body)
      putMedia(
        store.write,
        {
          key,
          url: resolved.url,
          file: key,
          contentType: file.contentType,
          size: file.body.byteLength
        },
        now()
      )
      await evict()
      return file
    }
  }
}
