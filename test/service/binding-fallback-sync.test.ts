import { afterEach, describe, expect, it } from 'vitest'
import { listen } from '../../src/emulator/listen'
import type { RefusalStyle } from '../../src/emulator/binding-policy'
import type { Binding } from '../../src/shared/protocol/operations'
import { createHarness } from '../sync/sync-pull-harness'
import type { Harness } from '../sync/sync-pull-harness'

// docs/protocol.md §4: whole syncs against a v2 service that takes one binding only, with v3 on
// and off, over real loopback HTTP. The catalogue syncs, v3 is used when present, and a refused
// request is not asked again within the session. (Every refusal style on every binding is covered
// call by call in binding-fallback.test.ts; here each binding meets two of them.)

const SETS = 120

interface Row {
  readonly only: Binding
  readonly refusal: RefusalStyle
  readonly v3: boolean
}

const TABLE: readonly Row[] = [
  { only: 'soap11', refusal: 'runtimeError', v3: true },
  { only: 'soap11', refusal: 'unrecognizedText', v3: false },
  { only: 'soap12', refusal: 'unrecognizedPage', v3: true },
  { only: 'soap12', refusal: 'notFound', v3: false },
  { only: 'httpGet', refusal: 'methodNotAllowed', v3: true },
  { only: 'httpGet', refusal: 'runtimeError', v3: false },
  { only: 'httpPost', refusal: 'unsupportedMediaType', v3: true },
  { only: 'httpPost', refusal: 'serverError', v3: false }
]

interface Seen {
  readonly request: string
  readonly status: number
}

let h: Harness | null = null
let stop: (() => Promise<void>) | null = null
afterEach(async () => {
  await stop?.()
  h?.close()
  h = stop = null
})

/** What a request is: service, operation and binding, as the server tells them apart. */
async function nameOf(req: Request): Promise<string> {
  const url = new URL(req.url)
  const service = /\/api\/(v[23])\.asmx/i.exec(url.pathname)?.[1] ?? 'other'
  const type = req.headers.get('content-type') ?? ''
  const tail = url.pathname.slice(url.pathname.lastIndexOf('/') + 1)
  if (url.search.toLowerCase().includes('wsdl')) return `${service} ?WSDL`
  if (req.method === 'GET') return `${service} ${tail} httpGet`
  if (type.startsWith('application/x-www-form-urlencoded')) return `${service} ${tail} httpPost`
  const op = /<soap:Body><(\w+)/.exec(await req.clone().text())?.[1] ?? '?'
  return `${service} ${op} ${type.startsWith('text/xml') ? 'soap11' : 'soap12'}`
}

describe.each(TABLE)('v2 over $only only (others: $refusal), v3 $v3', (row) => {
  it('syncs the catalogue, reaches v3 when present and asks each refused request once', async () => {
    h = await createHarness(SETS, undefined, {
      bindings: { v2: { only: row.only, refusal: row.refusal } },
      ...(row.v3 ? {} : { absent: ['v3'] })
    })
    const server = await listen(h.svc)
    stop = () => server.close()
    const seen: Seen[] = []
    h.intercept = async (req) => {
      const url = new URL(req.url)
      const headers = new Headers(req.headers)
      headers.delete('host')
      const res = await fetch(`${server.url}${url.pathname}${url.search}`, {
        method: req.method,
        headers,
        body: req.method === 'GET' ? null : await req.clone().arrayBuffer()
      })
      seen.push({ request: await nameOf(req), status: res.status })
      return res
    }
    // A new session over the loopback server: sign-in and every sync go through it.
    await h.restart()
    for (let i = 0; i < 2; i++) {
      const status = await h.sync.run()
      expect(status.error).toBeNull()
      expect(status.catalogueSets).toBe(SETS)
    }
    const answered = seen.filter((s) => s.status === 200).map((s) => s.request)
    const v3Pages = answered.filter((r) => r.startsWith('v3 getSets'))
    const v2Pages = answered.filter((r) => r.startsWith('v2 getSets'))
    if (row.v3) expect(v3Pages.length).toBeGreaterThan(0)
    else {
      expect(v3Pages).toEqual([])
      expect(v2Pages.length).toBeGreaterThan(0)
    }
    // Every v2 answer came over the binding served.
    const v2 = answered.filter((r) => r.startsWith('v2 ') && !r.endsWith('?WSDL'))
    expect(v2.every((r) => r.endsWith(` ${row.only}`))).toBe(true)
    // Once per session: no refused v2 request is sent twice.
    const refused = seen
      .filter((s) => s.status !== 200 && s.request.startsWith('v2 '))
      .map((s) => s.request)
    // HTTP POST is tried first, so a service taking only that refuses nothing the sync asks.
    if (row.only !== 'httpPost') expect(refused.length).toBeGreaterThan(0)
    expect(refused.filter((r, i) => refused.indexOf(r) !== i)).toEqual([])
    // What worked is remembered: the refused requests are those of the first few calls only.
    expect(refused.length).toBeLessThanOrEqual(3 * 3)
  })
})

describe('a v2 service refusing every binding', () => {
  it('ends the sync telling the user which bindings were tried', async () => {
    h = await createHarness(SETS, undefined, {
      bindings: { v2: { only: 'soap12', refusal: 'notFound' } },
      absent: ['v3']
    })
    // SOAP 1.2, the one binding left, fails too: with ASP.NET's Runtime Error page.
    h.svc.admin.addFault({ service: 'v2', binding: 'soap12', kind: { type: 'html500' } })
    await h.restart()
    const status = await h.sync.run()
    expect(status.error).toMatch(
      /^The service refused every request format tried for \w+: HTTP POST, SOAP 1\.1, SOAP 1\.2 and HTTP GET\.$/
    )
  })
})
