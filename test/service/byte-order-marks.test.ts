import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import type { ReferenceService } from '../../src/emulator/index'
import { createServiceClient } from '../../src/main/service/index'
import { rejectedCode } from './error-codes'

/**
 * A body may open with one UTF-8 byte-order mark (ASP.NET writes one); a second is not a mark but
 * text before the answer, and is refused (issue 26: two were accepted silently, the transport's
 * text decoder taking one and the response decoder the next).
 */
const BASE = 'https://reference.test'
const BOM = [0xef, 0xbb, 0xbf]

let svc: ReferenceService
beforeAll(() => {
  svc = createReferenceService({ sets: 20, seed: 2 })
})
afterAll(() => {
  svc.close()
})

/** A client whose answers to `op` are the reference service's bytes after `marks` byte-order marks. */
function clientWith(op: RegExp, marks: number) {
  return createServiceClient({
    profile: { baseUrl: BASE, binding: 'httpPost' },
    secrets: () => ({ apiKey: svc.demo.apiKey }),
    fetch: async (req) => {
      const res = await svc.handle(req)
      if (!op.test(new URL(req.url).pathname)) return res
      const bytes = new Uint8Array(await res.arrayBuffer())
      const out = new Uint8Array([...Array<number[]>(marks).fill(BOM).flat(), ...bytes])
      return new Response(out, { status: res.status, headers: res.headers })
    }
  })
}

const outcome = (run: () => Promise<unknown>): Promise<string> =>
  rejectedCode(Promise.resolve().then(run), 'accepted')

describe('byte-order marks before a service answer', () => {
  it.each([0, 1])('v2 XML with %i mark(s) is read', async (marks) => {
    const client = clientWith(/\/v2\.asmx\/getSets$/i, marks)
    expect(await client.v2.getSets({ pageSize: '5' })).toHaveLength(5)
  })

  it('v2 XML with two marks is refused', async () => {
    const client = clientWith(/\/v2\.asmx\/getSets$/i, 2)
    expect(await outcome(() => client.v2.getSets({ pageSize: '5' }))).toBe('bad_xml')
  })

  it.each([0, 1])('v3 JSON with %i mark(s) is read', async (marks) => {
    const client = clientWith(/\/v3\.asmx\/getSets$/i, marks)
    const page = await client.v3.getSets({ params: { pageSize: 5 } })
    expect(page?.sets).toHaveLength(5)
  })

  it('v3 JSON with two marks is refused', async () => {
    const client = clientWith(/\/v3\.asmx\/getSets$/i, 2)
    expect(await outcome(() => client.v3.getSets({ params: { pageSize: 5 } }))).not.toBe('accepted')
  })
})
