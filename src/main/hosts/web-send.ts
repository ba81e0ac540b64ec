import type { IncomingMessage, ServerResponse } from 'node:http'
import { StringDecoder } from 'node:string_decoder'
import { EVENT_NAMES } from '../../shared/ipc/contract'

export const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin'
} as const

export const PLAIN = 'text/plain; charset=utf-8'

/** A whole answer, never cached. */
export function send(
  res: ServerResponse,
  status: number,
  type: string,
  body: string | Uint8Array
): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': type, 'Cache-Control': 'no-store' })
  res.end(body)
}

/**
 * Reads a request body through `take`, or resolves null once it passes `limit` bytes. The rest is
 * read and dropped, so the client, still sending, can read the 413 it is answered: a connection
 * closed under it ends in a reset instead. A client that sends on past `drainLimit` is cut off.
 */
function readWith<T>(
  req: IncomingMessage,
  limit: number,
  drainLimit: number,
  take: { push(chunk: Buffer): void; drop(): void; end(): T }
): Promise<T | null> {
  return new Promise((resolve, reject) => {
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > drainLimit) {
        req.destroy()
        return
      }
      if (size > limit) {
        take.drop()
        return
      }
      take.push(chunk)
    })
    req.on('end', () => {
      resolve(size > limit ? null : take.end())
    })
    req.on('error', reject)
    req.on('close', () => {
      if (!req.complete) reject(new Error('the request was cut off'))
    })
  })
}

/**
 * The request body as text, or null past `limit` bytes (see readWith).
 *
 * Each part is decoded as it comes, between other events. Joined into one buffer and decoded at
 * the end, a 24 MB body (a backup or import file in base64) held the main thread 25-80 ms for the
 * copy and 35-71 ms for the decoding, in one block (docs/benchmarks.md, 2026-11-27, 23:55 UTC).
 */
export function readBody(
  req: IncomingMessage,
  limit: number,
  drainLimit = limit * 4
): Promise<string | null> {
  const decoder = new StringDecoder('utf8')
  let parts: string[] = []
  return readWith(req, limit, drainLimit, {
    push: (chunk) => parts.push(decoder.write(chunk)),
    drop: () => (parts = []),
    end: () => {
      parts.push(decoder.end())
      return parts.join('')
    }
  })
}

/**
 * Size of the parts a file's bytes are gathered in: enough that a 24 MB file is 24 parts, whatever
 * the size of the chunks a client sends. The import copies each once more as it hands it to its
 * worker (import-thread.ts), a 1 MB copy a turn, so that moving it never detaches a caller's memory.
 */
const BYTES_PART = 1 << 20

/**
 * The request body as bytes, in parts of BYTES_PART (the last one shorter), or null past `limit`
 * (see readWith). Each chunk is copied into its part as it comes: never joined into one buffer
 * here, and never more parts than the size allows, however small the chunks a client sends.
 */
export function readParts(
  req: IncomingMessage,
  limit: number,
  drainLimit = limit * 4
): Promise<Uint8Array[] | null> {
  let parts: Uint8Array[] = []
  let part = new Uint8Array(0)
  let filled = 0
  return readWith(req, limit, drainLimit, {
    push: (chunk) => {
      for (let at = 0; at < chunk.length;) {
        if (filled === part.length) {
          if (part.length > 0) parts.push(part)
          part = new Uint8Array(BYTES_PART)
          filled = 0
        }
        const n = Math.min(chunk.length - at, part.length - filled)
        part.set(chunk.subarray(at, at + n), filled)
        filled += n
        at += n
      }
    },
    drop: () => {
      parts = []
      part = new Uint8Array(0)
      filled = 0
    },
    end: () =>
      filled === 0 ? parts : [...parts, filled === part.length ? part : part.slice(0, filled)]
  })
}

/** The open server-sent event streams (`GET /events`): every app event goes to each. */
export class EventStreams {
  private readonly open = new Set<ServerResponse>()

  add(res: ServerResponse): void {
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive'
    })
    res.write(`: connected ${EVENT_NAMES.join(' ')}\n\n`)
    this.open.add(res)
    res.on('close', () => this.open.delete(res))
  }

  broadcast(name: string, payload: unknown): void {
    const frame = `event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`
    for (const res of this.open) res.write(frame)
  }

  closeAll(): void {
    for (const res of this.open) res.end()
    this.open.clear()
  }
}
