import { describe, expect, it } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import { listen } from '../../src/emulator/listen'
import { REFUSAL_STYLES } from '../../src/emulator/binding-policy'
import type { RefusalStyle } from '../../src/emulator/binding-policy'
import { serveReference } from './served-reference'
import { envelope, S12 } from './raw-requests'

// The reference service answers as docs/protocol.md says production does (§1, §4, §5), over
// loopback with plain fetch: no client of ours decides what is seen here.

const ref = serveReference({ sets: 200, seed: 5 })

const form = (path: string, params: Record<string, string>, type: string | null) =>
  fetch(`${ref.url}${path}`, {
    method: 'POST',
    headers: type === null ? {} : { 'content-type': type },
    body: new URLSearchParams(params).toString()
  })

const soap12 = (op: string, inner: string, contentType: string) =>
  fetch(`${ref.url}/api/v2.asmx`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: envelope(S12, op, inner, ref.ns)
  })

describe('v3 getSets with empty params (docs/protocol.md §5)', () => {
  it('answers No valid parameters, never the whole catalogue', async () => {
    for (const params of ['', '{}', ' { } ']) {
      const res = await form(
        '/api/v3.asmx/getSets',
        { apiKey: ref.apiKey, userHash: '', params },
        'application/x-www-form-urlencoded'
      )
      expect(await res.json()).toEqual({ status: 'error', message: 'No valid parameters' })
    }
    const some = (await (
      await form(
        '/api/v3.asmx/getSets',
        { apiKey: ref.apiKey, userHash: '', params: '{"pageSize":2}' },
        'application/x-www-form-urlencoded'
      )
    ).json()) as { status: string; sets: unknown[] }
    expect(some.status).toBe('success')
    expect(some.sets).toHaveLength(2)
  })
})

describe('SOAP 1.2 is dispatched by the action parameter (docs/protocol.md §4)', () => {
  // Read when each test runs: the key is known only once beforeAll has run.
  const key = (): string => `<apiKey>${ref.apiKey}</apiKey>`
  /** A call of `op` whose Content-Type names the action `action`. */
  const call = (op: string, action: string): Promise<Response> =>
    soap12(op, key(), `application/soap+xml; charset=utf-8; action="${ref.ns}${action}"`)
  it('answers the operation the action names', async () => {
    const res = await call('checkKey', 'checkKey')
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('<checkKeyResult>OK</checkKeyResult>')
  })
  it('refuses a body that is not the operation the action names', async () => {
    const res = await call('getThemes', 'checkKey')
    expect(res.status).toBe(500)
    const text = await res.text()
    expect(text).toContain('soap:Sender')
    expect(text).not.toContain('getThemesResponse')
  })
  it('refuses an action naming no operation', async () => {
    const res = await soap12('checkKey', key(), `application/soap+xml; action="${ref.ns}noSuchOp"`)
    expect(res.status).toBe(500)
    expect(await res.text()).toMatch(/did not recognize the value of HTTP Header SOAPAction/)
  })
  it('routes by the body element when no action is given', async () => {
    const res = await soap12('checkKey', key(), 'application/soap+xml; charset=utf-8')
    expect(await res.text()).toContain('<checkKeyResult>OK</checkKeyResult>')
  })
})

describe('what ASMX answers besides data (docs/protocol.md §1, §4)', () => {
  it('answers a POST without a form body as a format it does not recognise', async () => {
    for (const type of ['application/json', 'text/plain', null]) {
      const res = await form('/api/v2.asmx/checkKey', { apiKey: ref.apiKey }, type)
      expect(res.status).toBe(500)
      expect(res.headers.get('content-type')).toMatch(/^text\/html/)
      expect(await res.text()).toContain(
        'Request format is unrecognized for URL unexpectedly ending in &#39;/checkKey&#39;.'
      )
    }
  })
  it('sends "unrecognized" on ASP.NET\'s error page', async () => {
    const res = await fetch(`${ref.url}/api/v2.asmx/noSuchOperation?apiKey=${ref.apiKey}`)
    expect(res.status).toBe(500)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    const page = await res.text()
    expect(page).toMatch(/^<!DOCTYPE html>/)
    expect(page).toContain("Server Error in '/' Application.")
    expect(page).toContain('System.InvalidOperationException: Request format is unrecognized')
  })
  it('answers ?disco with a discovery document pointing at the WSDL', async () => {
    const res = await fetch(`${ref.url}/api/v2.asmx?disco`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/xml/)
    const doc = await res.text()
    expect(doc).toContain('<discovery ')
    expect(doc).toContain(`<contractRef ref="${ref.url}/api/v2.asmx?wsdl"`)
    expect(doc).toContain('binding="q2:CatalogueAPIv2Soap12"')
  })
  it("answers ?op= with that operation's help page, and an error page for an unknown one", async () => {
    const res = await fetch(`${ref.url}/api/v2.asmx?op=getReviews`)
    expect(res.status).toBe(200)
    const page = await res.text()
    expect(page).toContain('<h2>getReviews</h2>')
    expect(page).toContain('getReviews(apiKey, setID)')
    expect(page).toContain(`SOAPAction: "${ref.ns}getReviews"`)
    const other = await (await fetch(`${ref.url}/api/v2.asmx?op=checkKey`)).text()
    expect(other).not.toBe(page)
    const unknown = await fetch(`${ref.url}/api/v2.asmx?op=noSuchOp`)
    expect(unknown.status).toBe(500)
  })
})

describe('a service over one binding only (options `bindings`, `absent`)', () => {
  const expected: Record<RefusalStyle, { status: number; text: string }> = {
    runtimeError: { status: 500, text: '<title>Runtime Error</title>' },
    unrecognizedPage: { status: 500, text: "Server Error in '/' Application." },
    unrecognizedText: { status: 500, text: 'Request format is unrecognized' },
    notFound: { status: 404, text: '404 - File or directory not found.' },
    methodNotAllowed: { status: 405, text: '405 - HTTP verb used to access this page' },
    unsupportedMediaType: { status: 415, text: '415 - Unsupported Media Type.' },
    serverError: { status: 500, text: '500 - Internal server error.' }
  }
  it.each(REFUSAL_STYLES)('answers HTTP GET and refuses the rest as %s', async (style) => {
    const svc = createReferenceService({
      sets: 10,
      seed: 1,
      bindings: { v2: { only: 'httpGet', refusal: style } }
    })
    const server = await listen(svc)
    try {
      const key = svc.demo.apiKey
      const served = await fetch(`${server.url}/api/v2.asmx/checkKey?apiKey=${key}`)
      expect(await served.text()).toContain('>OK<')
      const env = (v: string): string =>
        `<s:Envelope xmlns:s="${v}"><s:Body><checkKey xmlns="${svc.namespaces.api}"><apiKey>${key}</apiKey></checkKey></s:Body></s:Envelope>`
      const refused = [
        fetch(`${server.url}/api/v2.asmx/checkKey`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `apiKey=${key}`
        }),
        fetch(`${server.url}/api/v2.asmx`, {
          method: 'POST',
          headers: { 'content-type': 'text/xml', SOAPAction: `"${svc.namespaces.api}checkKey"` },
          body: env('http://schemas.xmlsoap.org/soap/envelope/')
        }),
        fetch(`${server.url}/api/v2.asmx`, {
          method: 'POST',
          headers: { 'content-type': 'application/soap+xml' },
          body: env(S12)
        })
      ]
      for (const res of await Promise.all(refused)) {
        expect(res.status).toBe(expected[style].status)
        expect(await res.text()).toContain(expected[style].text)
      }
      // Its description and the other services are served as usual.
      expect((await fetch(`${server.url}/api/v2.asmx?WSDL`)).status).toBe(200)
      const v3 = await fetch(`${server.url}/api/v3.asmx/checkKey`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `apiKey=${key}`
      })
      expect(await v3.json()).toMatchObject({ status: 'success' })
    } finally {
      await server.close()
      svc.close()
    }
  })
  it('answers every path of an absent service with 404, its description too', async () => {
    const svc = createReferenceService({ sets: 10, seed: 1, absent: ['v3'] })
    try {
      for (const path of ['/api/v3.asmx?WSDL', '/api/v3.asmx/getSets', '/api/v3.asmx']) {
        const res = await svc.handle(new Request(`http://127.0.0.1${path}`))
        expect(res.status).toBe(404)
      }
      const v2 = await svc.handle(new Request('http://127.0.0.1/api/v2.asmx?WSDL'))
      expect(v2.status).toBe(200)
    } finally {
      svc.close()
    }
  })
})
