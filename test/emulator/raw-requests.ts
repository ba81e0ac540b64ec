import { expect } from 'vitest'
import type { ServedReference } from './served-reference'

// Raw HTTP per binding over loopback (fetch only, no client of ours): docs/protocol.md §3-§7.

export const S11 = 'http://schemas.xmlsoap.org/soap/envelope/'
export const S12 = 'http://www.w3.org/2003/05/soap-envelope'

/** A SOAP envelope of version `env` whose body is the operation `op` holding `inner`. */
export const envelope = (env: string, op: string, inner: string, opNs: string): string =>
  `<?xml version="1.0" encoding="utf-8"?><s:Envelope xmlns:s="${env}"><s:Body><${op} xmlns="${opNs}">${inner}</${op}></s:Body></s:Envelope>`

/** The demo user's userHash, asked over HTTP GET as any client would. */
export async function demoUserHash(ref: ServedReference): Promise<string> {
  const res = await fetch(
    `${ref.url}/api/v2.asmx/login?apiKey=${ref.apiKey}&username=demo&password=studbook-demo`
  )
  return /<string[^>]*>([^<]+)</.exec(await res.text())?.[1] ?? ''
}

/** Requests to the served reference over each binding, built by hand. */
export function rawRequests(ref: ServedReference): {
  soap11: (op: string, inner: string, action?: string | null, body?: string) => Promise<Response>
  soap12: (op: string, inner: string, path?: string, body?: string) => Promise<Response>
  get: (path: string) => Promise<Response>
  form: (path: string, params: Record<string, string>, type?: string) => Promise<Response>
} {
  return {
    soap11: (op, inner, action = `"${ref.ns}${op}"`, body) => {
      const headers: Record<string, string> = { 'content-type': 'text/xml; charset=utf-8' }
      if (action !== null) headers['SOAPAction'] = action
      return fetch(`${ref.url}/api/v2.asmx`, {
        method: 'POST',
        headers,
        body: body ?? envelope(S11, op, inner, ref.ns)
      })
    },
    soap12: (op, inner, path = '/api/v2.asmx', body) =>
      fetch(`${ref.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/soap+xml; charset=utf-8' },
        body: body ?? envelope(S12, op, inner, ref.ns)
      }),
    get: (path) => fetch(`${ref.url}${path}`),
    form: (path, params, type = 'application/x-www-form-urlencoded') =>
      fetch(`${ref.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': type },
        body: new URLSearchParams(params).toString()
      })
  }
}

/** The answer is a SOAP fault of this version, with this code and text. */
export async function expectFault(
  res: Response,
  version: '1.1' | '1.2',
  code: string,
  text: RegExp
): Promise<void> {
  expect(res.status).toBe(500)
  expect(res.headers.get('content-type')).toBe(
    version === '1.1' ? 'text/xml; charset=utf-8' : 'application/soap+xml; charset=utf-8'
  )
  const body = await res.text()
  expect(body).toContain(`xmlns:soap="${version === '1.1' ? S11 : S12}"`)
  expect(body).toContain(
    version === '1.1'
      ? `<faultcode>soap:${code}</faultcode>`
      : `<soap:Value>soap:${code}</soap:Value>`
  )
  expect(body).toMatch(text)
}
