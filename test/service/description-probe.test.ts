import { afterEach, describe, expect, it } from 'vitest'
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
