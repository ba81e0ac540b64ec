import { afterAll, describe, expect, it } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import { createServiceClient, redact, stopDecodeWorker } from '../../src/main/service/index'
import { decodeResponse } from '../../src/main/service/decode-response'
import { NS, fault11 } from '../fixtures/service/build'

const KEY = 'KEY-secret-0001'
const HASH = 'HASH-secret-0002'
const PASSWORD = 'pw-Secret!#3'

describe('secrets never reach logs or errors', () => {
  it('redacts by name in URLs, forms and envelopes', () => {
    expect(redact('https://x/api/v2.asmx/getSets?apiKey=abc&theme=a&userHash=def')).toBe(
      'https://x/api/v2.asmx/getSets?apiKey=***&theme=a&userHash=***'
    )
    expect(redact('apiKey=abc&username=ann&password=pw')).toBe(
      'apiKey=***&username=ann&password=***'
    )
    expect(redact('<apiKey>abc</apiKey><u>ann</u><p>pw</p><soap:userHash>h</soap:userHash>')).toBe(
      '<apiKey>***</apiKey><u>ann</u><p>***</p><soap:userHash>***</soap:userHash>'
    )
    expect(redact('the key KEY-1 leaked', ['KEY-1'])).toBe('the key *** leaked')
  })

  // The password is masked while its login runs; afterwards the client no longer holds it, so a
  // server that echoes it in a later, unrelated answer is not recognised (docs/protocol.md).
  it('a whole session logs and throws no key or sign-in, even when the server echoes them', async () => {
    const lines: string[] = []
    const logger = {
      debug: (m: string, d?: unknown) => lines.push(m, JSON.stringify(d)),
      warn: (m: string, d?: unknown) => lines.push(m, JSON.stringify(d))
    }
    let echo = false
    const c = createServiceClient({
      profile: { baseUrl: 'https://cat.example', namespaces: { api: NS }, binding: 'soap11' },
      secrets: () => ({ apiKey: KEY, userHash: HASH }),
      retries: 0,
      logger,
      fetch: async (req) => {
        const body = await req.text()
        const text = echo ? `Bad key ${KEY} for ${HASH} / ${PASSWORD}` : 'Server failure.'
        echo = !echo
        return new Response(fault11('soap:Server', text) + `<!-- ${body.length} -->`, {
          status: 500,
          headers: { 'content-type': 'text/xml; charset=utf-8' }
        })
      }
    })
    const errors: unknown[] = []
    for (const run of [
      () => c.v2.getThemes(),
      () => c.v2.login({ username: 'ann', password: PASSWORD }),
      () => c.v2.setCollection_owns({ setID: 1, owned: 1 }),
      () => c.v2.checkUserHash()
    ]) {
      errors.push(
        await run().then(
          () => null,
          (e: unknown) => e
        )
      )
    }
    const all = lines.join('\n') + JSON.stringify(errors) + errors.map(String).join('\n')
    expect(lines.length).toBeGreaterThan(4)
    expect(errors.every((e) => e !== null)).toBe(true)
    for (const secret of [KEY, HASH]) expect(all).not.toContain(secret)
    const duringLogin = JSON.stringify(errors[1]) + String(errors[1])
    expect(duringLogin).toContain('***')
    expect(duringLogin).not.toContain(PASSWORD)
    expect(lines.filter((l) => l.includes('login')).join('\n')).not.toContain(PASSWORD)
    expect(all).toContain('soap_fault_server')
  })
})

describe('large responses are decoded off the main thread', () => {
  const svc = createReferenceService({ sets: 600, seed: 2 })
  afterAll(async () => {
    svc.close()
    await stopDecodeWorker()
  })

  it('gives the same records through the worker as inline', async () => {
    let body = ''
    const warnings: string[] = []
    const c = createServiceClient({
      logger: { debug: () => undefined, warn: (m: string) => warnings.push(m) },
      profile: { baseUrl: 'http://127.0.0.1:9', binding: 'httpPost' },
      secrets: () => ({ apiKey: svc.demo.apiKey }),
      fetch: async (req) => {
        const res = await svc.handle(req)
        if (req.url.endsWith('/getSets')) body = await res.clone().text()
        return res
      }
    })
    const sets = await c.v2.getSets({ pageSize: 500 })
    expect(body.length).toBeGreaterThan(128 * 1024)
    expect(sets).toHaveLength(500)
    const inline = decodeResponse({
      service: 'v2',
      operation: 'getSets',
      binding: 'httpPost',
      namespace: svc.namespaces.api,
      status: 200,
      contentType: 'text/xml; charset=utf-8',
      body
    })
    expect(sets).toEqual(inline)
    expect(sets[0]?.lastUpdated).toBeInstanceOf(Date)
    expect(warnings.filter((w) => w.includes('decoding inline'))).toEqual([])
  })
})
