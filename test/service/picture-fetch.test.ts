import { beforeEach, describe, expect, it } from 'vitest'
import { AppError } from '../../src/shared/errors'
import { createPictureFetcher } from '../../src/main/service/index'
import { PICTURE_MAX_BYTES } from '../../src/main/service/picture-fetch'
import { HUGE_BYTES, SMALL_PNG, countingFetch, pictureServersForFile } from './picture-server'
import type { PictureMode, PictureServer } from './picture-server'

/**
 * Picture downloads against a loopback picture server that misbehaves on purpose: a 300 MB
 * picture (declared or not), a server that never answers or never finishes, redirects.
 */
let server: PictureServer
let other: PictureServer
pictureServersForFile((s, o) => {
  server = s
  other = o
})
beforeEach(() => {
  server.mode = 'small'
})

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p
    return 'ok'
  } catch (e) {
    if (e instanceof AppError) return e.code
    throw e
  }
}

/** Waits until the server has seen the client hang up on `n` requests in all. */
async function abandoned(n: number): Promise<void> {
  while (server.abandoned() < n) await new Promise((r) => setTimeout(r, 5))
}

/**
 * Serves a 300 MB picture as `mode` says and expects it refused as too large; the fetch that
 * counted what was read, and the server's hang-ups before it was asked.
 */
async function refusedAsTooLarge(
  mode: PictureMode
): Promise<{ counting: ReturnType<typeof countingFetch>; before: number }> {
  server.mode = mode
  const counting = countingFetch()
  const pictures = createPictureFetcher({ fetch: counting.fetch })
  const before = server.abandoned()
  expect(await codeOf(pictures.get(new URL(`${server.url}/${mode}.png`)))).toBe('body_too_large')
  return { counting, before }
}

describe('a 300 MB picture', () => {
  it('declared as such is refused before its body is read', async () => {
    const { counting, before } = await refusedAsTooLarge('huge-declared')
    expect(counting.bytesRead()).toBe(0)
    await abandoned(before + 1)
    expect(server.written()).toBeLessThan(HUGE_BYTES)
  })

  it('sent without a length is refused once the cap is passed, holding no more than the cap', async () => {
    const { counting, before } = await refusedAsTooLarge('huge-chunked')
    // What was taken into memory: the cap, plus at most the one chunk that crossed it.
    expect(counting.bytesRead()).toBeGreaterThan(PICTURE_MAX_BYTES)
    expect(counting.bytesRead()).toBeLessThanOrEqual(PICTURE_MAX_BYTES + counting.largestChunk())
    expect(counting.largestChunk()).toBeLessThan(1024 * 1024)
    await abandoned(before + 1)
  })
})

describe('a picture server that never answers', () => {
  it('is answered with a timeout error, and the request is closed', async () => {
    server.mode = 'never'
    const deadline = new AbortController()
    const pictures = createPictureFetcher({
      fetch: countingFetch().fetch,
      deadline: () => deadline.signal
    })
    const before = server.abandoned()
    const asked = server.requests.length
    const got = pictures.get(new URL(`${server.url}/c.png`))
    while (server.requests.length === asked) await new Promise((r) => setTimeout(r, 5))
    deadline.abort(new DOMException('The deadline passed.', 'TimeoutError'))
    expect(await codeOf(got)).toBe('timeout')
    await abandoned(before + 1)
  })

  it('that sends headers and then nothing ends at the same deadline', async () => {
    server.mode = 'headers-only'
    const pictures = createPictureFetcher({ fetch: countingFetch().fetch, timeoutMs: 200 })
    const before = server.abandoned()
    expect(await codeOf(pictures.get(new URL(`${server.url}/d.png`)))).toBe('timeout')
    await abandoned(before + 1)
  })

  it('holds at most four downloads open; the others wait their turn, then run', async () => {
    server.mode = 'small'
    const deadlines: AbortController[] = []
    // Counted by this test's own fetch, on the client's side: the server's count is shared with
    // the other tests' abandoned requests and sees each hang-up late.
    const counting = countingFetch()
    const pictures = createPictureFetcher({
      fetch: counting.fetch,
      deadline: () => {
        const c = new AbortController()
        deadlines.push(c)
        return c.signal
      }
    })
    const asked = server.requests.length
    const stuck = Array.from({ length: 4 }, (_, i) =>
      codeOf(pictures.get(new URL(`${server.url}/stuck-${i}.png`)))
    )
    const waiting = Array.from({ length: 3 }, (_, i) =>
      pictures.get(new URL(`${server.url}/fine-${i}.png`))
    )
    while (server.requests.length < asked + 4) await new Promise((r) => setTimeout(r, 5))
    await new Promise((r) => setTimeout(r, 50))
    // Four stuck downloads fill every slot: nothing else has reached the server.
    expect(server.requests.length).toBe(asked + 4)
    for (const d of deadlines.slice(0, 4)) {
      d.abort(new DOMException('The deadline passed.', 'TimeoutError'))
    }
    expect(await Promise.all(stuck)).toEqual(['timeout', 'timeout', 'timeout', 'timeout'])
    for (const p of await Promise.all(waiting)) expect(Buffer.from(p.body)).toEqual(SMALL_PNG)
    expect(counting.maxOpen()).toBe(4)
  })
})

describe('redirects', () => {
  it('are followed within the picture server', async () => {
    server.mode = 'redirect-home'
    const pictures = createPictureFetcher({ fetch: countingFetch().fetch })
    const p = await pictures.get(new URL(`${server.url}/e.png`))
    expect(p.contentType).toBe('image/png')
    expect(Buffer.from(p.body)).toEqual(SMALL_PNG)
  })

  it('to another server are not followed', async () => {
    server.mode = 'redirect-away'
    const pictures = createPictureFetcher({ fetch: countingFetch().fetch })
    expect(await codeOf(pictures.get(new URL(`${server.url}/f.png`)))).toBe('service_moved')
    expect(other.requests).toEqual([])
  })
})

it('refuses an answer that is not a picture', async () => {
  server.mode = 'html'
  const pictures = createPictureFetcher({ fetch: countingFetch().fetch })
  expect(await codeOf(pictures.get(new URL(`${server.url}/g.png`)))).toBe('unexpected_content_type')
})
