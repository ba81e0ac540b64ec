import { describe, expect, it } from 'vitest'
import { findOperation, operationsOf } from '../../src/shared/protocol/operations'
import type { OperationDef } from '../../src/shared/protocol/operations'
import { buildRequest } from '../../src/main/service/request'
import { createServiceClient } from '../../src/main/service/index'
import type { ServiceClient } from '../../src/main/service/index'
import { NS } from '../fixtures/service/build'

const target = { baseUrl: 'https://cat.example:8443', path: '/api/v2.asmx', namespace: NS }
const op = (name: string, service: 'v2' | 'v3' | 'legacy' = 'v2'): OperationDef => {
  const o = findOperation(service, name)
  if (o === undefined) throw new Error(name)
  return o
}
const values = { apiKey: 'K', userHash: 'H', SetID: '10179' }

describe('requests exactly as the service interface', () => {
  it('SOAP 1.1: quoted SOAPAction, text/xml, Host, Content-Length, every parameter in order', () => {
    const r = buildRequest(op('getSet'), 'soap11', target, values)
    expect(r.method).toBe('POST')
    expect(r.url).toBe('https://cat.example:8443/api/v2.asmx')
    expect(r.body).toBe(
      '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">' +
        `<soap:Body><getSet xmlns="${NS}"><apiKey>K</apiKey><userHash>H</userHash><SetID>10179</SetID></getSet></soap:Body></soap:Envelope>`
    )
    expect(r.headers).toEqual({
      Host: 'cat.example:8443',
      'Content-Type': 'text/xml; charset=utf-8',
      SOAPAction: `"${NS}getSet"`,
      'Content-Length': String(Buffer.byteLength(r.body ?? '', 'utf8'))
    })
  })

  it('SOAP 1.2: application/soap+xml with the action parameter, no SOAPAction header', () => {
    const r = buildRequest(op('getSet'), 'soap12', target, values)
    expect(r.headers['Content-Type']).toBe(
      `application/soap+xml; charset=utf-8; action="${target.namespace}getSet"`
    )
    expect(r.headers).not.toHaveProperty('SOAPAction')
    expect(r.body).toContain('xmlns:soap="http://www.w3.org/2003/05/soap-envelope"')
  })

  it('HTTP GET and POST: every declared parameter, blank when unused, exact casing', () => {
    const get = buildRequest(op('getSets'), 'httpGet', target, { apiKey: 'K', theme: 'Star Wars' })
    expect(get.url).toBe(
      'https://cat.example:8443/api/v2.asmx/getSets?apiKey=K&userHash=&query=&theme=Star+Wars&subtheme=&setNumber=&year=&owned=&wanted=&orderBy=&pageSize=&pageNumber=&userName='
    )
    expect(get.body).toBeNull()
    const post = buildRequest(
      op('setCollection', 'v3'),
      'httpPost',
      { ...target, path: '/api/v3.asmx' },
      {
        apiKey: 'K',
        userHash: 'H',
        SetID: 5,
        params: '{"own":1}'
      }
    )
    expect(post.url).toBe('https://cat.example:8443/api/v3.asmx/setCollection')
    expect(post.headers['Content-Type']).toBe('application/x-www-form-urlencoded')
    expect(post.body).toBe('apiKey=K&userHash=H&SetID=5&params=%7B%22own%22%3A1%7D')
    expect(post.headers['Content-Length']).toBe(String(post.body?.length))
  })

  it('escapes text and refuses what XML cannot carry, naming the parameter', () => {
    const r = buildRequest(op('setCollection_userNotes'), 'soap11', target, {
      setID: 1,
      notes: `a<b>&"c"'d'\r\n`
    })
    expect(r.body).toContain('<notes>a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;&#xD;\n</notes>')
    for (const bad of ['\u0000', '\u0007', '\u001F', '\uFFFE', '\uD800x']) {
      expect(() =>
        buildRequest(op('setCollection_userNotes'), 'httpPost', target, {
          setID: 1,
          notes: `n${bad}`
        })
      ).toThrow(
        expect.objectContaining({
          code: 'invalid_input',
          detail: expect.objectContaining({ field: 'notes' }) as unknown
        }) as Error
      )
    }
  })

  it('refuses unknown parameter names (casing matters) and non-integers for int parameters', () => {
    expect(() => buildRequest(op('getSet'), 'soap11', target, { setID: 1 })).toThrow(
      expect.objectContaining({ code: 'invalid_input' }) as Error
    )
    for (const v of ['1.5', 'abc', '', undefined, 1.5, Number.NaN]) {
      expect(() => buildRequest(op('getReviews'), 'soap11', target, { setID: v })).toThrow(
        expect.objectContaining({ code: 'invalid_input' }) as Error
      )
    }
  })

  it('encodes the collection detail record in table order, SOAP only', () => {
    const detail = {
      collectionID: 0,
      pricePaid: 1.5,
      additionalPricePaid: 0,
      currentEstimatedValue: 2,
      parts: true,
      minifigs: false,
      instructions: true,
      box: true,
      willTrade: false,
      modified: false,
      deleted: false,
      notes: 'n'
    }
    const r = buildRequest(op('setCollectionDetail'), 'soap11', target, { detail })
    expect(r.body).toContain(
      '<detail><collectionID>0</collectionID><pricePaid>1.5</pricePaid><additionalPricePaid>0</additionalPricePaid><currentEstimatedValue>2</currentEstimatedValue><notes>n</notes><parts>true</parts>'
    )
  })
})

describe('the client', () => {
  it('refuses a non-loopback http:// base URL and accepts https and loopback', () => {
    const make = (baseUrl: string): ServiceClient =>
      createServiceClient({ profile: { baseUrl }, secrets: () => ({ apiKey: 'k' }) })
    for (const u of ['http://cat.example', 'http://10.0.0.1:80', 'http://127.0.0.1.evil.com']) {
      expect(() => make(u)).toThrow(expect.objectContaining({ code: 'insecure_url' }) as Error)
    }
    expect(() => make('ftp://x')).toThrow(
      expect.objectContaining({ code: 'insecure_url' }) as Error
    )
    expect(() => make('not a url')).toThrow(
      expect.objectContaining({ code: 'invalid_input' }) as Error
    )
    for (const u of [
      'https://cat.example',
      'http://127.0.0.1:8123',
      'http://localhost',
      'http://[::1]:9'
    ]) {
      expect(() => make(u)).not.toThrow()
    }
  })

  it('offers one typed function per operation of the shared table, and no other', () => {
    const c = createServiceClient({
      profile: { baseUrl: 'https://x.example' },
      secrets: () => ({ apiKey: 'k' })
    })
    for (const s of ['v2', 'v3', 'legacy'] as const) {
      expect(Object.keys(c[s]).sort()).toEqual(
        operationsOf(s)
          .map((o) => o.name)
          .sort()
      )
    }
    expect(operationsOf('v2')).toHaveLength(28)
    expect(operationsOf('legacy')).toHaveLength(11)
  })

  it('sends nothing when a parameter is refused', async () => {
    let sent = 0
    const c = createServiceClient({
      profile: { baseUrl: 'https://x.example', namespaces: { api: NS }, binding: 'soap11' },
      secrets: () => ({ apiKey: 'k', userHash: 'h' }),
      fetch: () => {
        sent++
        return Promise.resolve(new Response(''))
      }
    })
    await expect(
      c.v2.setCollection_userNotes({ setID: 1, notes: 'bell\u0007' })
    ).rejects.toMatchObject({
      code: 'invalid_input'
    })
    expect(sent).toBe(0)
  })
})
