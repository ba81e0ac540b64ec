import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

/**
 * The token cookie's name for a host on `port`. Browsers keep one cookie jar for 127.0.0.1 whatever
 * the port (RFC 6265 §8.5): under one shared name, a second host's cookie replaced the first one's
 * and signed its tab out. Every server on 127.0.0.1 still receives these cookies; each host reads
 * only its own.
 */
export function tokenCookieName(port: number): string {
  return `studbook_token_${String(port)}`
}

type GuardVerdict = { ok: true } | { ok: false; status: 401 | 403; reason: string }

/** Host names the browser host answers to: loopback only, which defeats DNS rebinding. */
function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`])
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

function cookieToken(req: IncomingMessage, port: number): string | null {
  const wanted = tokenCookieName(port)
  const header = req.headers.cookie ?? ''
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name === wanted) return rest.join('=')
  }
  return null
}

/**
 * Host and Origin first (403: a foreign page or a rebound DNS name), then the per-run token (401).
 * `queryToken` is the token from `?token=` on the first navigation.
 */
export function checkRequest(
  req: IncomingMessage,
  port: number,
  token: string,
  queryToken: string | null
): GuardVerdict {
  const hosts = allowedHosts(port)
  const host = req.headers.host ?? ''
  if (!hosts.has(host)) return { ok: false, status: 403, reason: 'foreign Host' }
  const origin = req.headers.origin
  if (origin !== undefined && origin !== 'null') {
    let originHost: string
    try {
      const u = new URL(origin)
      originHost = u.protocol === 'http:' ? u.host : ''
    } catch {
      originHost = ''
    }
    if (!hosts.has(originHost)) return { ok: false, status: 403, reason: 'foreign Origin' }
  } else if (origin === 'null') {
    return { ok: false, status: 403, reason: 'opaque Origin' }
  }
  const presented = queryToken ?? cookieToken(req, port)
  if (presented === null || !sameToken(presented, token)) {
    return { ok: false, status: 401, reason: 'missing or wrong token' }
  }
  return { ok: true }
}
