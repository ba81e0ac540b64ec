import { createHash } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

/**
 * How the browser host answers for a cached picture. The browser may keep it for a while and then
 * revalidates by ETag: a thumbnail shown again (the same set in the next query, a row scrolled
 * back) costs neither a request to this one-thread host nor a second decode in the page.
 */
export const MEDIA_MAX_AGE_S = 600

/**
 * A picture opened directly (not as an <img>) is a document on the app's origin: an SVG from a
 * catalogue service must not run script or load anything there.
 */
export const MEDIA_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:"

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
