import { createServer } from 'node:http'
import type { ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll } from 'vitest'
import type { FetchLike } from '../../src/main/service/index'
import { closeNow } from './close-now'

/** How the picture server answers (`/moved` is always a picture; `/stuck…` never answers). */
export type PictureMode =
  | 'small'
  | 'huge-declared'
  | 'huge-chunked'
  | 'never'
  | 'headers-only'
  | 'redirect-home'
  | 'redirect-away'
  | 'html'

/** A 1×1 PNG. */
export const SMALL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64'
)

export const HUGE_BYTES = 300 * 1024 * 1024

export interface PictureServer {
  readonly url: string
  mode: PictureMode
  /** Where `redirect-away` sends the client: another origin. */
  elsewhere: string
  readonly requests: string[]
  /** Requests now open, and the most ever open at once. */
  readonly open: () => number
  readonly maxOpen: () => number
  /** Body bytes the server wrote, over all requests. */
  readonly written: () => number
  /** Requests whose connection the client closed before the server had finished. */
  readonly abandoned: () => number
  close(): Promise<void>
}

/**
 * A picture server on loopback. A huge picture is generated as it is sent (one 64 KB buffer
 * written again and again, with backpressure), so neither side of the test ever holds 300 MB.
 */
export async function pictureServer(): Promise<PictureServer> {
  let open = 0
  let maxOpen = 0
  let written = 0
  let abandoned = 0
  const requests: string[] = []
  const block = Buffer.alloc(64 * 1024)

  const stream = (res: ServerResponse, total: number): void => {
    let sent = 0
    const more = (): void => {
      while (sent < total && !res.destroyed) {
        const n = Math.min(block.length, total - sent)
        sent += n
        written += n
        if (!res.write(n === block.length ? block : block.subarray(0, n))) {
          res.once('drain', more)
          return
        }
      }
      if (!res.destroyed) res.end()
    }
    more()
  }

  const server = createServer((req, res) => {
    requests.push(req.url ?? '')
    open++
    maxOpen = Math.max(maxOpen, open)
    let finished = false
    res.on('finish', () => {
      finished = true
    })
    res.on('close', () => {
      open--
      if (!finished) abandoned++
    })
    const png = { 'content-type': 'image/png' }
    // A stuck picture never answers, whatever the mode.
    if (req.url?.startsWith('/stuck') === true) return
    if (req.url === '/moved') {
      res.writeHead(200, { ...png, 'content-length': SMALL_PNG.length }).end(SMALL_PNG)
      return
    }
    switch (s.mode) {
      case 'small':
        res.writeHead(200, { ...png, 'content-length': SMALL_PNG.length }).end(SMALL_PNG)
        return
      case 'huge-declared':
        res.writeHead(200, { ...png, 'content-length': HUGE_BYTES })
        stream(res, HUGE_BYTES)
        return
      case 'huge-chunked':
        res.writeHead(200, png)
        stream(res, HUGE_BYTES)
        return
      case 'never':
        return
      case 'headers-only':
        res.writeHead(200, png)
        res.flushHeaders()
        return
      case 'redirect-home':
        res.writeHead(302, { location: '/moved' }).end()
        return
      case 'redirect-away':
        res.writeHead(302, { location: s.elsewhere }).end()
        return
      case 'html':
        res.writeHead(200, { 'content-type': 'text/html' }).end('<p>not a picture</p>')
        return
    }
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const s: PictureServer = {
    url,
    mode: 'small',
    elsewhere: '',
    requests,
    open: () => open,
    maxOpen: () => maxOpen,
    written: () => written,
    abandoned: () => abandoned,
    close: () => closeNow(server)
  }
  return s
}

/**
 * A picture server and a second one its `redirect-away` answers lead to, open for the whole test
 * file: both listen before its first test (then `use` is given them) and close after its last.
 */
export function pictureServersForFile(
  use: (server: PictureServer, other: PictureServer) => void
): void {
  const open: PictureServer[] = []
  beforeAll(async () => {
    const server = await pictureServer()
    const other = await pictureServer()
    open.push(server, other)
    server.elsewhere = `${other.url}/elsewhere.png`
    use(server, other)
  })
  afterAll(async () => {
    for (const s of open.splice(0)) await s.close()
  })
}

/**
 * Real fetch, with the bytes each body hands to its reader counted as they are read (one chunk
 * per read, nothing read ahead): what the code under test has taken into memory.
 */
export function countingFetch(route: (req: Request) => string = (r) => r.url): {
  fetch: FetchLike
  bytesRead: () => number
  largestChunk: () => number
  /**
   * The most downloads this fetch held open at once, counted on the client's side: from the call
   * until its body ended, failed or was abandoned. (The server's own count lags: it sees a hang-up
   * only when the socket's close reaches it, after the client has already moved on.)
   */
  maxOpen: () => number
} {
  let read = 0
  let largest = 0
  let open = 0
  let maxOpen = 0
  const counted: FetchLike = async (req) => {
    open++
    maxOpen = Math.max(maxOpen, open)
    let closed = false
    const close = (): void => {
      if (closed) return
      closed = true
      open--
    }
    req.signal.addEventListener('abort', close, { once: true })
    let res: Response
    try {
      res = await fetch(route(req), {
        method: req.method,
        headers: req.headers,
        signal: req.signal,
        redirect: req.redirect
      })
    } catch (e) {
      close()
      throw e
    }
    if (res.body === null) {
      close()
      return res
    }
    const reader = (res.body as ReadableStream<Uint8Array>).getReader()
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(c) {
          let chunk: Awaited<ReturnType<typeof reader.read>>
          try {
            chunk = await reader.read()
          } catch (e) {
            close()
            throw e
          }
          const { done, value } = chunk
          if (done) {
            close()
            c.close()
            return
          }
          read += value.byteLength
          largest = Math.max(largest, value.byteLength)
          c.enqueue(value)
        },
        cancel(reason) {
          close()
          return reader.cancel(reason)
        }
      },
      { highWaterMark: 0 }
    )
    return new Response(body, { status: res.status, headers: res.headers })
  }
  return {
    fetch: counted,
    bytesRead: () => read,
    largestChunk: () => largest,
    maxOpen: () => maxOpen
  }
}
