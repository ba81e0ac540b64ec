import { afterEach, describe, expect, it } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import { listen } from '../../src/emulator/listen'
import { createServiceClient } from '../../src/main/service/index'
import { createHarness } from '../sync/sync-pull-harness'
import type { Harness } from '../sync/sync-pull-harness'

// docs/protocol.md §1: a service's description (?WSDL) is asked for once per profile per session,
// whatever it answered. Counted at the reference service over a session of several syncs.

let h: Harness | null = null
afterEach(() => {
  h?.close()
  h = null
})

/** Every request of a new session (the app restarted with the counter in place), in order. */
async function countRequests(harness: Harness): Promise<string[]> {
  const seen: string[] = []
  harness.intercept = (req) => {
    const u = new URL(req.url)
    seen.push(`${req.method} ${u.pathname}${u.search}`)
    return null
  }
  await harness.restart()
  return seen
}

describe('the service description is probed once per profile per session', () => {
  it('v3 absent (404): one ?WSDL over four syncs, and the syncs complete over v2', async () => {
    h = await createHarness(300, undefined, { absent: ['v3'] })
    const seen = await countRequests(h)
    for (const full of [false, false, true, false]) {
      const status = await h.sync.run({ full })
      expect(status.error).toBeNull()
      expect(status.catalogueSets).toBe(300)
    }
    const wsdl = seen.filter((r) => /\/api\/v3\.asmx\?wsdl$/i.test(r))
    expect(wsdl).toEqual(['GET /api/v3.asmx?WSDL'])
    // Nor is any v3 operation asked for: without a description the client does not guess at v3.
    expect(seen.filter((r) => r.includes('/api/v3'))).toEqual(['GET /api/v3.asmx?WSDL'])
    expect(h.pageVersions.every((v) => v === 'v2')).toBe(true)
  })
  it('v3 present: one ?WSDL per service over three syncs', async () => {
    h = await createHarness(300)
    const seen = await countRequests(h)
    for (let i = 0; i < 3; i++) expect((await h.sync.run()).error).toBeNull()
    const wsdl = seen.filter((r) => /\?wsdl$/i.test(r))
    expect(wsdl.filter((r) => r.includes('/api/v3.asmx'))).toHaveLength(1)
    expect(wsdl.filter((r) => r.includes('/api/v2.asmx'))).toHaveLength(1)
  })
})

describe('a service whose description answers 404, with the namespace configured', () => {
  it('asks the description once and each binding of an operation once per session', async () => {
    // A proxy may hide ?WSDL and still pass the operations on, so a 404 there does not settle it.
    const svc = createReferenceService({ sets: 20, seed: 2, absent: ['v3'] })
    const server = await listen(svc)
    const sent: string[] = []
    try {
      const client = createServiceClient({
        profile: { baseUrl: server.url, namespaces: { api: svc.namespaces.api } },
        secrets: () => ({ apiKey: svc.demo.apiKey }),
        fetch: (req) => {
          const url = new URL(req.url)
          sent.push(`${req.method} ${url.pathname}${url.search.startsWith('?WSDL') ? '?WSDL' : ''}`)
          return fetch(req)
        }
      })
      for (let i = 0; i < 3; i++) {
        await expect(client.v3.getSets({ params: { pageSize: 1 } })).rejects.toMatchObject({
          code: 'binding_unsupported',
          message:
            'The service refused every request format tried for getSets: HTTP POST and HTTP GET.'
        })
      }
      expect(sent).toEqual([
        'GET /api/v3.asmx?WSDL',
        'POST /api/v3.asmx/getSets',
        'GET /api/v3.asmx/getSets'
      ])
      await expect(client.v2.checkKey()).resolves.toBeUndefined()
    } finally {
      await server.close()
      svc.close()
    }
  })
})
