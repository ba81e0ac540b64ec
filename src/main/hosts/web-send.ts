import type { IncomingMessage, ServerResponse } from 'node:http'
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
 * The request body, or null once it passes `limit` bytes. The rest is read and dropped, so the
 * client, still sending, can read the 413 it is answered: a connection closed under it ends in a
 * reset instead. A client that sends on past `drainLimit` is cut off.
 */
export function readBody(
  req: IncomingMessage,
  limit: number,
  drainLimit = limit * 4
): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > drainLimit) {
        req.destroy()
        return
      }
      if (size > limit) {
        chunks.length = 0
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => {
      resolve(size > limit ? null : Buffer.concat(chunks))
    })
    req.on('error', reject)
    req.on('close', () => {
      if (!req.complete) reject(new Error('the request was cut off'))
    })
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
