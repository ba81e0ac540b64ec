import { afterEach, describe, expect, it } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import type { ReferenceService } from '../../src/emulator/index'
import { REFUSAL_STYLES } from '../../src/emulator/binding-policy'
import type { RefusalStyle } from '../../src/emulator/binding-policy'
import { listen } from '../../src/emulator/listen'
import { createServiceClient } from '../../src/main/service/index'
import type { ServiceClient } from '../../src/main/service/index'
import { AppError } from '../../src/shared/errors'
import type { Binding } from '../../src/shared/protocol/operations'

// docs/protocol.md §4, "Bindings are probed": a v2 service that answers over one binding only and
// refuses the others in any of the ways a deployment may is reached, each refused pair is asked
// once per session, and what worked is tried first from then on. Real loopback HTTP throughout.

const BINDINGS: readonly Binding[] = ['soap11', 'soap12', 'httpGet', 'httpPost']

interface Seen {
  readonly op: string
  readonly binding: Binding
  readonly status: number
}

/** Which operation and binding a request is, as the server sees it. */
async function describeRequest(req: Request): Promise<{ op: string; binding: Binding }> {
  const url = new URL(req.url)
  const type = req.headers.get('content-type') ?? ''
  const tail = url.pathname.slice(url.pathname.lastIndexOf('/') + 1)
  if (req.method === 'GET') return { op: tail, binding: 'httpGet' }
  if (type.startsWith('application/x-www-form-urlencoded')) return { op: tail, binding: 'httpPost' }
  const body = await req.clone().text()
  const op = /<soap:Body><(\w+)/.exec(body)?.[1] ?? '?'
  return { op, binding: type.startsWith('text/xml') ? 'soap11' : 'soap12' }
}

interface Setup {
  readonly service: ReferenceService
  readonly client: ServiceClient
  readonly seen: Seen[]
  close(): Promise<void>
}

async function setup(only: Binding, refusal: RefusalStyle): Promise<Setup> {
  const service = createReferenceService({ sets: 40, seed: 3, bindings: { v2: { only, refusal } } })
  const server = await listen(service)
  const seen: Seen[] = []
  const client = createServiceClient({
    profile: { baseUrl: server.url, binding: 'auto' },
    secrets: () => ({ apiKey: service.demo.apiKey }),
    retryDelayMs: 1,
    fetch: async (req) => {
      const what = await describeRequest(req)
      const res = await fetch(req)
      if (!new URL(req.url).search.toLowerCase().includes('wsdl')) {
        seen.push({ ...what, status: res.status })
      }
      return res
    }
  })
  return {
    service,
    client,
    seen,
    close: async () => {
      await server.close()
      service.close()
    }
  }
}

let open: Setup | null = null
afterEach(async () => {
  await open?.close()
  open = null
})

describe.each(BINDINGS)('a v2 service answering over %s only', (only) => {
  it.each(REFUSAL_STYLES)('is reached when it refuses the others as %s', async (style) => {
    open = await setup(only, style)
    const { client, seen } = open
    await expect(client.v2.checkKey()).resolves.toBeUndefined()
    const themes = await client.v2.getThemes()
    expect(themes.length).toBeGreaterThan(0)
    const sets = await client.v2.getSets({ pageSize: 5, pageNumber: 1 })
    expect(sets).toHaveLength(5)
    await expect(client.v2.checkKey()).resolves.toBeUndefined()
    const ok = seen.filter((s) => s.status === 200)
    // Every answer came over the one binding served.
    expect(new Set(ok.map((s) => s.binding))).toEqual(new Set([only]))
    // Each refused pair was asked once; after the first success, the binding that worked goes first.
    const refused = seen.filter((s) => s.status !== 200)
    const pairs = refused.map((s) => `${s.op}/${s.binding}`)
    expect(new Set(pairs).size).toBe(pairs.length)
    const firstOk = seen.findIndex((s) => s.status === 200)
    expect(seen.slice(firstOk).every((s) => s.binding === only && s.status === 200)).toBe(true)
    expect(refused.every((s) => s.binding !== only)).toBe(true)
  })
})

describe('a service that refuses every binding of an operation', () => {
  it('says which bindings were tried', async () => {
    open = await setup('soap12', 'notFound')
    open.service.admin.addFault({ operation: 'getThemes', kind: { type: 'html500' } })
    const e: unknown = await open.client.v2.getThemes().catch((x: unknown) => x)
    expect(e).toBeInstanceOf(AppError)
    expect(e).toMatchObject({ code: 'binding_unsupported' })
    expect((e as AppError).message).toBe(
      'The service refused every request format tried for getThemes: HTTP POST, SOAP 1.1, SOAP 1.2 and HTTP GET.'
    )
  })
})
