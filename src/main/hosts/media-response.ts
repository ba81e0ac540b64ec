import { createHash } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

/**
 * A cached picture's validator: after MEDIA_MAX_AGE_S the browser revalidates by ETag, so a
 * thumbnail shown again costs neither a transfer from this one-thread host nor a second decode.
 */
export function mediaEtag(body: Uint8Array): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`
}

export function notModified(req: IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match']
  if (header === undefined) return false
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

/** A long RPC (a sync, an import) holds pictures back no longer than this. */
const MAX_WAIT_MS = 100

/**
 * RPC first: a picture request waits while an RPC is being answered, so a keystroke's search
 * does not queue behind a page of thumbnails on the host's single thread.
 */
export class MediaGate {
  private rpcs = 0
  private waiting: (() => void)[] = []

  rpcStarted(): void {
    this.rpcs++
  }

  rpcEnded(): void {
    this.rpcs--
    if (this.rpcs > 0) return
    const ready = this.waiting
    this.waiting = []
    for (const go of ready) go()
  }

  /** Resolves once no RPC is in flight (or after MAX_WAIT_MS), requests already read go first. */
  async turn(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve))
    if (this.rpcs === 0) return
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, MAX_WAIT_MS)
      this.waiting.push(() => {
        clearTimeout(timer)
        resolve()
      })
    })
  }
}
