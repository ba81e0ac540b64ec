import { AppError } from '../../shared/errors'
import type { ErrorDetail } from '../../shared/errors'
import { isPictureType } from '../mime-types'
import { raceAbort, readCapped, redirectTarget } from './transport'
import type { FetchLike } from './transport'

/** The picture limits of docs/protocol.md §8c. */
export const PICTURE_MAX_BYTES = 8 * 1024 * 1024
const PICTURE_TIMEOUT_MS = 15_000
const PICTURES_IN_FLIGHT = 4
const MAX_REDIRECTS = 3

interface Picture {
  readonly contentType: string
  readonly body: Uint8Array
}

export interface PictureFetchOptions {
  readonly fetch: FetchLike
  /** Largest picture kept; checked on Content-Length and again on every chunk read. */
  readonly maxBytes?: number
  /** Deadline of one picture, from asking (a wait for a free slot included) to the last byte. */
  readonly timeoutMs?: number
  /** The clock behind that deadline (tests fire it themselves). Default `AbortSignal.timeout`. */
  readonly deadline?: (ms: number) => AbortSignal
  /** Downloads at once; further pictures wait their turn. */
  readonly inFlight?: number
}

interface PictureFetcher {
  /** The picture at `url`, or an AppError saying why not; never more than the cap in memory. */
  get(url: URL): Promise<Picture>
}

/**
 * Picture downloads that a hostile or broken picture server cannot turn against the host: each is
 * capped in size before and while it streams, ends at one deadline, follows redirects only within
 * its own origin, and only a few run at once.
 */
export function createPictureFetcher(options: PictureFetchOptions): PictureFetcher {
  const maxBytes = options.maxBytes ?? PICTURE_MAX_BYTES
  const timeoutMs = options.timeoutMs ?? PICTURE_TIMEOUT_MS
  const deadlineOf = options.deadline ?? ((ms: number) => AbortSignal.timeout(ms))
  const slots = createSlots(options.inFlight ?? PICTURES_IN_FLIGHT)

  async function download(url: URL, signal: AbortSignal): Promise<Picture> {
    const detail: ErrorDetail = { operation: 'picture' }
    let at = url
    for (let hop = 0; ; hop++) {
      const response = await raceAbort(
        options.fetch(new Request(at, { signal, redirect: 'manual' })),
        signal,
        detail
      )
      const next = redirectTarget(response, at)
      if (next === null) return read(response, signal, detail)
      await discard(response)
      // A picture may move within its own server; it is never fetched from another one.
      if (next.origin !== url.origin) {
        throw new AppError('service_moved', 'The picture moved to another server.', detail)
      }
      if (hop >= MAX_REDIRECTS) {
        throw new AppError('server_error', 'The picture redirected too many times.', detail)
      }
      at = next
    }
  }

  async function read(response: Response, signal: AbortSignal, d: ErrorDetail): Promise<Picture> {
    const detail = { ...d, status: response.status }
    const contentType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? ''
    if (!response.ok || !isPictureType(contentType)) {
      await discard(response)
      throw new AppError(
        response.ok ? 'unexpected_content_type' : 'server_error',
        'The picture server did not answer with a picture.',
        detail
      )
    }
    const declared = Number(response.headers.get('content-length') ?? '0')
    if (declared > maxBytes) {
      await discard(response)
      throw tooLarge(detail)
    }
    const body = await readCapped(response, signal, maxBytes, detail, {
      tooLarge: () => tooLarge(detail),
      failed: () => new AppError('truncated_body', 'The picture was cut off.', detail)
    })
    return { contentType, body }
  }

  return {
    async get(url) {
      if (url.protocol !== 'https:' && url.protocol !== 'http:') {
        throw new AppError('insecure_url', 'A picture address must be http or https.')
      }
      const signal = deadlineOf(timeoutMs)
      const release = await slots.take(signal)
      try {
        return await download(url, signal)
      } finally {
        release()
      }
    }
  }
}

function tooLarge(detail: ErrorDetail): AppError {
  return new AppError('body_too_large', 'The picture is larger than Studbook keeps.', detail)
}

async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined)
}

/** A counting semaphore in arrival order; a waiter whose deadline passes leaves the line. */
function createSlots(size: number): { take(signal: AbortSignal): Promise<() => void> } {
  let free = size
  const line: (() => void)[] = []
  const release = (): void => {
    const next = line.shift()
    if (next === undefined) free++
    else next()
  }
  return {
    take(signal) {
      if (free > 0) {
        free--
        return Promise.resolve(release)
      }
      return raceAbort(
        new Promise<() => void>((resolve) => {
          const go = (): void => {
            // The slot passes on untouched if this waiter has already given up.
            if (signal.aborted) release()
            else resolve(release)
          }
          line.push(go)
          signal.addEventListener(
            'abort',
            () => {
              const i = line.indexOf(go)
              if (i !== -1) line.splice(i, 1)
            },
            { once: true }
          )
        }),
        signal,
        { operation: 'picture' }
      )
    }
  }
}
