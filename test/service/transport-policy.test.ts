import { afterAll, describe, expect, it } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import { createServiceClient } from '../../src/main/service/index'
import type { ServiceClient } from '../../src/main/service/index'
import type { Binding } from '../../src/shared/protocol/operations'
import type { AppError } from '../../src/shared/errors'
import { rejectedError } from './error-codes'

/**
 * What the client does with answers production may give besides the recorded ones: redirects,
 * "slow down" (429), and how it keeps the password out of URLs.
 */
const svc = createReferenceService({ sets: 60, seed: 3 })
afterAll(() => {
  svc.close()
})
const BASE = 'https://catalogue.example'

type Wrap = (req: Request, next: (r: Request) => Promise<Response>) => Promise<Response>

function client(
  wrap: Wrap,
  options: { binding?: 'auto' | Binding; seen?: Request[] } = {}
): ServiceClient {
  return createServiceClient({
    profile: { baseUrl: BASE, binding: options.binding ?? 'auto' },
    secrets: () => ({ apiKey: svc.demo.apiKey }),
    retryDelayMs: 1,
    fetch: (req) => {
      options.seen?.push(req.clone())
      return wrap(req, (r) => svc.handle(r))
    }
  })
}

const failure = (p: Promise<unknown>): Promise<AppError> => rejectedError(p, 'the call succeeded')

const moved = (to: string, status = 307): Response =>
  new Response(null, { status, headers: { location: to } })

describe('redirects', () => {
  it('follows a redirect to the same origin, with the same method and body', async () => {
    const c = client(async (req, next) => {
      const url = new URL(req.url)
      if (url.pathname === '/api/v2.asmx/getThemes') return moved('/v2moved/getThemes')
      if (url.pathname === '/v2moved/getThemes') {
        return next(new Request(`${BASE}/api/v2.asmx/getThemes`, req))
      }
      return next(req)
    })
    expect((await c.v2.getThemes()).length).toBeGreaterThan(0)
  })

  it('reports a redirect to another host as a move, naming where, without following it', async () => {
    const seen: Request[] = []
    const c = client(
      async (req, next) =>
        new URL(req.url).pathname.endsWith('/getThemes')
          ? moved('https://elsewhere.example/api/v2.asmx/getThemes', 301)
          : next(req),
      { seen }
    )
    const e = await failure(c.v2.getThemes())
    expect(e.code).toBe('service_moved')
    expect(e.message).toContain('elsewhere.example')
    expect(seen.some((r) => r.url.includes('elsewhere.example'))).toBe(false)
  })
})

describe('429 Too Many Requests', () => {
  it('waits as long as Retry-After says and tries again', async () => {
    let calls = 0
    const c = client(async (req, next) => {
      if (!new URL(req.url).pathname.endsWith('/getThemes')) return next(req)
      calls++
      return calls === 1
        ? new Response('slow down', { status: 429, headers: { 'retry-after': '0' } })
        : next(req)
    })
    expect((await c.v2.getThemes()).length).toBeGreaterThan(0)
    expect(calls).toBe(2)
  })

  it('a wait longer than a sync can sit out is reported, with how long', async () => {
    let calls = 0
    const c = client(async (req, next) => {
      if (!new URL(req.url).pathname.endsWith('/getThemes')) return next(req)
      calls++
      return new Response('', { status: 429, headers: { 'retry-after': '3600' } })
    })
    const e = await failure(c.v2.getThemes())
    expect(e.code).toBe('rate_limited')
    expect(e.message).toMatch(/60 minutes/)
    expect(calls).toBe(1)
  })
})

describe('the password', () => {
  it.each(['auto', 'httpGet'] as const)('never travels in a URL (binding %s)', async (binding) => {
    const seen: Request[] = []
    const c = client((req, next) => next(req), { binding, seen })
    const hash = await c.v2.login({ username: svc.demo.username, password: svc.demo.password })
    expect(hash.length).toBeGreaterThan(9)
    const logins = seen.filter((r) => /login/i.test(r.url) || r.method === 'POST')
    expect(logins.length).toBeGreaterThan(0)
    for (const r of seen) expect(r.url).not.toContain(svc.demo.password)
  })
})
