import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

export const TOKEN_COOKIE = 'studbook_token'

export type GuardVerdict = { ok: true } | { ok: false; status: 401 | 403; reason: string }

/** Host names the browser host answers to: loopback only, which defeats DNS rebinding. */
export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`])
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

export function cookieToken(req: IncomingMessage): string | null {
  const header = req.headers.cookie ?? ''
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name === TOKEN_COOKIE) return rest.join('=')
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
  const presented = queryToken ?? cookieToken(req)
  if (presented === null || !sameToken(presented, token)) {
    return { ok: false, status: 401, reason: 'missing or wrong token' }
  }
  return { ok: true }
}
