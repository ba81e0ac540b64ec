import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import type { ReferenceService } from '../../src/emulator/index'
import { listen } from '../../src/emulator/listen'

// Raw HTTP per binding over loopback (fetch only, no client of ours): docs/protocol.md §3-§7.

const S11 = 'http://schemas.xmlsoap.org/soap/envelope/'
const S12 = 'http://www.w3.org/2003/05/soap-envelope'
let service: ReferenceService
let url: string
let close: () => Promise<void>
let ns: string
let apiKey: string
let userHash: string

beforeAll(async () => {
  service = createReferenceService({ sets: 300, seed: 11 })
  const server = await listen(service)
  url = server.url
  close = () => server.close()
  ns = service.namespaces.api
  apiKey = service.demo.apiKey
  const res = await fetch(
    `${url}/api/v2.asmx/login?apiKey=${apiKey}&username=demo&password=studbook-demo`
  )
  userHash = /<string[^>]*>([^<]+)</.exec(await res.text())?.[1] ?? ''
})
afterAll(async () => {
  await close()
  service.close()
})

const envelope = (env: string, op: string, inner: string, opNs = ns): string =>
  `<?xml version="1.0" encoding="utf-8"?><s:Envelope xmlns:s="${env}"><s:Body><${op} xmlns="${opNs}">${inner}</${op}></s:Body></s:Envelope>`

function soap11(
  op: string,
  inner: string,
  action: string | null = `"${ns}${op}"`,
  body?: string
): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'text/xml; charset=utf-8' }
  if (action !== null) headers['SOAPAction'] = action
  return fetch(`${url}/api/v2.asmx`, {
    method: 'POST',
    headers,
    body: body ?? envelope(S11, op, inner)
  })
}
function soap12(
  op: string,
  inner: string,
  path = '/api/v2.asmx',
  body?: string
): Promise<Response> {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/soap+xml; charset=utf-8' },
    body: body ?? envelope(S12, op, inner)
  })
}
const get = (path: string): Promise<Response> => fetch(`${url}${path}`)
const form = (
  path: string,
  params: Record<string, string>,
  type = 'application/x-www-form-urlencoded'
): Promise<Response> =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': type },
    body: new URLSearchParams(params).toString()
  })

async function expectFault(
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

describe('SOAP 1.1', () => {
  it('answers a call with the result element in the API namespace', async () => {
    const res = await soap11('checkKey', `<apiKey>${apiKey}</apiKey>`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/xml; charset=utf-8')
    const body = await res.text()
    expect(body).toMatch(
      /^<\?xml version="1.0" encoding="utf-8"\?><soap:Envelope xmlns:soap="http:\/\/schemas.xmlsoap.org\/soap\/envelope\/"/
    )
    expect(body).toContain(
      `<soap:Body><checkKeyResponse xmlns="${ns}"><checkKeyResult>OK</checkKeyResult></checkKeyResponse></soap:Body>`
    )
  })
  it('leaves the result element out when there are no records, and answers in-band errors', async () => {
    const empty = await (
      await soap11('getReviews', `<apiKey>${apiKey}</apiKey><setID>1</setID>`)
    ).text()
    expect(empty).toContain(`<getReviewsResponse xmlns="${ns}"></getReviewsResponse>`)
    const bad = await (
      await soap11(
        'setCollection_owns',
        `<apiKey>${apiKey}</apiKey><userHash>nope</userHash><setID>1</setID><owned>1</owned>`
      )
    ).text()
    expect(bad).toContain(
      '<setCollection_ownsResult>ERROR: invalid userHash</setCollection_ownsResult>'
    )
    const key = await (
      await soap11(
        'setCollection_owns',
        `<apiKey>x</apiKey><userHash>${userHash}</userHash><setID>1</setID><owned>1</owned>`
      )
    ).text()
    expect(key).toContain('<setCollection_ownsResult>INVALIDKEY</setCollection_ownsResult>')
  })
  it('accepts any prefix for the operation namespace', async () => {
    const body = `<e:Envelope xmlns:e="${S11}" xmlns:t="${ns}"><e:Body><t:checkKey><t:apiKey>${apiKey}</t:apiKey></t:checkKey></e:Body></e:Envelope>`
    expect(await (await soap11('checkKey', '', `"${ns}checkKey"`, body)).text()).toContain(
      '<checkKeyResult>OK</checkKeyResult>'
    )
  })
  it('faults soap:Client for SOAPAction, body and int problems', async () => {
    await expectFault(
      await soap11('checkKey', `<apiKey>${apiKey}</apiKey>`, null),
      '1.1',
      'Client',
      /did not recognize the value of HTTP Header SOAPAction: \./
    )
    await expectFault(
      await soap11('checkKey', '', `"${ns}nope"`),
      '1.1',
      'Client',
      /SOAPAction: &quot;urn:studbook:catalogue:api\/nope&quot;/
    )
    await expectFault(
      await soap11('checkKey', '', `"${ns}checkKey"`, '<s:Envelope xmlns:s="x"><broken>'),
      '1.1',
      'Client',
      /unable to read request/
    )
    await expectFault(
      await soap11('checkKey', '', `"${ns}checkKey"`, envelope(S12, 'checkKey', '')),
      '1.1',
      'Client',
      /version mismatch/i
    )
    await expectFault(
      await soap11('getReviews', `<apiKey>${apiKey}</apiKey><setID>12x</setID>`),
      '1.1',
      'Client',
      /Server was unable to read request/
    )
    const dtd = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]>${envelope(S11, 'checkKey', '<apiKey>&a;</apiKey>')}`
    await expectFault(await soap11('checkKey', '', `"${ns}checkKey"`, dtd), '1.1', 'Client', /DTD/)
  })
  it('faults soap:Server when the daily getSets allowance is used up', async () => {
    const other = service.demo.apiKey
    service.admin.setAllowance(other, 1)
    const call = (): Promise<Response> =>
      soap11('getSets', `<apiKey>${other}</apiKey><pageSize>1</pageSize>`)
    expect((await call()).status).toBe(200)
    await expectFault(await call(), '1.1', 'Server', /API limit exceeded/)
    service.admin.setAllowance(other, null)
    expect((await call()).status).toBe(200)
  })
})

describe('SOAP 1.2', () => {
  it('answers with application/soap+xml and faults with soap:Sender', async () => {
    const res = await soap12('checkUserHash', `<userHash>${userHash}</userHash>`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/soap+xml; charset=utf-8')
    const body = await res.text()
    expect(body).toContain(`xmlns:soap="${S12}"`)
    expect(body).toContain(
      `<checkUserHashResponse xmlns="${ns}"><checkUserHashResult>demo</checkUserHashResult></checkUserHashResponse>`
    )
    await expectFault(await soap12('noSuchOp', ''), '1.2', 'Sender', /valid action/)
    await expectFault(
      await soap12('checkKey', '', '/api/v2.asmx', envelope(S11, 'checkKey', '')),
      '1.2',
      'Sender',
      /version mismatch/i
    )
  })
  it('answers v3 operations with the empty response element', async () => {
    const body = await (
      await soap12(
        'getUserFlagLabels',
        `<apiKey>${apiKey}</apiKey><userHash>${userHash}</userHash>`,
        '/api/v3.asmx'
      )
    ).text()
    expect(body).toContain(`<soap:Body><getUserFlagLabelsResponse xmlns="${ns}" /></soap:Body>`)
  })
})

describe('HTTP GET', () => {
  it('answers records, nil roots and strings in the API namespace', async () => {
    const res = await get(`/api/v2.asmx/getThemes?apiKey=${apiKey}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/xml; charset=utf-8')
    const body = await res.text()
    expect(body).toMatch(
      new RegExp(
        `^<\\?xml version="1.0" encoding="utf-8"\\?>\\n<ArrayOfThemes xmlns:xsi="[^"]+" xmlns:xsd="[^"]+" xmlns="${ns}">\\n  <themes>\\n    <theme>`
      )
    )
    expect(await (await get(`/api/v2.asmx/getThemes?apiKey=bad`)).text()).toContain(
      `<ArrayOfThemes xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xsi:nil="true" xmlns="${ns}" />`
    )
    expect(await (await get(`/api/v2.asmx/checkKey?apiKey=bad`)).text()).toContain(
      `<string xmlns="${ns}">INVALIDKEY</string>`
    )
  })
  it('matches parameter names case-insensitively', async () => {
    expect(await (await get(`/api/v2.asmx/checkKey?APIKEY=${apiKey}`)).text()).toContain('>OK<')
  })
  it('answers protocol errors as 500s: plain text, an unknown operation as a page', async () => {
    const missing = await get(`/api/v2.asmx/getReviews?apiKey=${apiKey}`)
    expect(missing.status).toBe(500)
    expect(missing.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(await missing.text()).toBe('System.InvalidOperationException: Missing parameter: setID.')
    const notInt = await get(`/api/v2.asmx/getReviews?apiKey=${apiKey}&setID=abc`)
    expect(notInt.status).toBe(500)
    expect(await notInt.text()).toMatch(
      /Cannot convert abc to System.Int32.\r\nParameter name: setID/
    )
    // An unknown operation is ASP.NET's error page, not text (test/emulator/reference-vs-docs.test.ts).
    const unknown = await get('/api/v2.asmx/nope')
    expect(unknown.status).toBe(500)
    expect(await unknown.text()).toContain(
      'System.InvalidOperationException: Request format is unrecognized for URL unexpectedly ending in &#39;/nope&#39;.'
    )
    expect((await get(`/api/v2.asmx/setCollectionDetail?apiKey=${apiKey}`)).status).toBe(500)
  })
  it('answers v3 with JSON', async () => {
    const res = await get(`/api/v3.asmx/getUserFlagLabels?apiKey=${apiKey}&userHash=${userHash}`)
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const body = (await res.json()) as {
      status: string
      flags: { flagNo: number; label: string }[]
    }
    expect(body.status).toBe('success')
    expect(body.flags.map((f) => f.flagNo)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    const bad = (await (
      await get(`/api/v3.asmx/getUserFlagLabels?apiKey=x&userHash=${userHash}`)
    ).json()) as { status: string; message: string }
    expect(bad).toEqual({ status: 'error', message: 'Invalid API key' })
  })
  it('serves the WSDL of every service and the set pictures the records point at', async () => {
    for (const path of ['/api/v2.asmx', '/api/v3.asmx', '/webservices/catalogue.asmx']) {
      const res = await get(`${path}?WSDL`)
      expect(res.status).toBe(200)
      expect(await res.text()).toContain(`<soap12:address location="${url}${path}" />`)
    }
    const sets = await (
      await get(
        `/api/v2.asmx/getSet?apiKey=${apiKey}&userHash=&SetID=${/<setID>(\d+)/.exec(await (await get(`/api/v2.asmx/getSets?apiKey=${apiKey}&userHash=&query=&theme=&subtheme=&setNumber=&year=&owned=&wanted=&orderBy=&pageSize=1&pageNumber=&userName=`)).text())?.[1] ?? ''}`
      )
    ).text()
    const image = /<imageURL>([^<]+)</.exec(sets)?.[1] ?? ''
    const pic = await fetch(image)
    expect(pic.status).toBe(200)
    expect(pic.headers.get('content-type')).toBe('image/svg+xml')
    const svg = await pic.text()
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    expect(await (await fetch(image)).text()).toBe(svg)
  })
})

describe('HTTP POST', () => {
  it('takes form fields and refuses other content types, oversize bodies and SOAP-only operations', async () => {
    expect(await (await form('/api/v2.asmx/checkKey', { apiKey })).text()).toContain('>OK<')
    // Not a form: a format ASMX does not recognise (docs/protocol.md §4).
    expect((await form('/api/v2.asmx/checkKey', { apiKey }, 'application/json')).status).toBe(500)
    expect(
      (
        await fetch(`${url}/api/v2.asmx`, {
          method: 'POST',
          headers: { 'content-type': 'text/html' },
          body: 'x'
        })
      ).status
    ).toBe(415)
    const big = await form('/api/v2.asmx/setCollection_userNotes', {
      apiKey,
      userHash,
      setID: '1',
      notes: 'x'.repeat(1024 * 1024 + 1)
    })
    expect(big.status).toBe(413)
    const detail = await form('/api/v2.asmx/setCollectionDetail', { apiKey, userHash, detail: '' })
    expect(detail.status).toBe(500)
    expect(await detail.text()).toContain('Request format is unrecognized')
  })
  it('answers v3 writes with JSON and lenient params', async () => {
    const sets = (await (
      await form('/api/v3.asmx/getSets', {
        apiKey,
        userHash: '',
        params: "{pageSize:2, orderBy:'PiecesDESC'}"
      })
    ).json()) as { status: string; matches: number; sets: { setID: number; pieces: number }[] }
    expect(sets.status).toBe('success')
    expect(sets.matches).toBe(300)
    const id = sets.sets[0]?.setID ?? 0
    // Production's v3 pieces are JSON numbers, not v2's text.
    expect(typeof sets.sets[0]?.pieces).toBe('number')
    expect(sets.sets[0]?.pieces).toBeGreaterThanOrEqual(sets.sets[1]?.pieces ?? Infinity)
    const ok = await (
      await form('/api/v3.asmx/setCollection', {
        apiKey,
        userHash,
        SetID: String(id),
        params: "{qtyOwned: 2, flag3: 1, notes: 'from v3'}"
      })
    ).json()
    expect(ok).toEqual({ status: 'success' })
    expect(service.admin.getCollectionValue('demo', id)).toMatchObject({
      owned: true,
      qtyOwned: 2,
      notes: 'from v3'
    })
    expect(service.admin.getCollectionValue('demo', id).flags[2]).toBe(true)
    expect(
      await (
        await form('/api/v3.asmx/setCollection', {
          apiKey,
          userHash,
          SetID: String(id),
          params: '{qtyOwned: 1000}'
        })
      ).json()
    ).toEqual({ status: 'error', message: 'Parameter error' })
    expect(
      await (
        await form('/api/v3.asmx/setCollection', {
          apiKey,
          userHash,
          SetID: String(id),
          params: '{nonsense: 1}'
        })
      ).json()
    ).toEqual({ status: 'error', message: 'No valid parameters' })
  })
})

describe('injected faults', () => {
  it('drops, truncates, delays, fails and disables bindings on request', async () => {
    const remove = service.admin.addFault({
      operation: 'checkKey',
      binding: 'httpGet',
      kind: { type: 'drop' },
      times: 1
    })
    await expect(get(`/api/v2.asmx/checkKey?apiKey=${apiKey}`)).rejects.toThrow()
    expect((await get(`/api/v2.asmx/checkKey?apiKey=${apiKey}`)).status).toBe(200)
    remove()
    service.admin.addFault({
      operation: 'getThemes',
      kind: { type: 'truncate', bytes: 40 },
      times: 1
    })
    const cut = await get(`/api/v2.asmx/getThemes?apiKey=${apiKey}`)
    await expect(cut.text()).rejects.toThrow()
    service.admin.addFault({ path: '/api/v2.asmx/getYears', kind: { type: 'html500' }, times: 1 })
    const html = await get(`/api/v2.asmx/getYears?apiKey=${apiKey}&theme=`)
    expect(html.status).toBe(500)
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8')
    service.admin.addFault({ binding: 'httpGet', kind: { type: 'bindingDisabled' } })
    const off = await get(`/api/v2.asmx/checkKey?apiKey=${apiKey}`)
    expect(await off.text()).toContain('unexpectedly ending in &#39;/checkKey&#39;')
    service.admin.clearFaults()
    await expectFault(
      await soap11('checkKey', `<apiKey>${apiKey}</apiKey>`, `"${ns}checkKey"`, undefined).then(
        async (r) => (r.status === 200 ? soap11Fault() : r)
      ),
      '1.1',
      'Server',
      /injected/
    )
    const started = Date.now()
    const slow = await fetch(`${url}/api/v2.asmx/checkKey?apiKey=${apiKey}`, {
      headers: { 'x-studbook-fault': '{"type":"latency","ms":150}' }
    })
    expect(slow.status).toBe(200)
    expect(Date.now() - started).toBeGreaterThanOrEqual(140)
  })
})

function soap11Fault(): Promise<Response> {
  return fetch(`${url}/api/v2.asmx`, {
    method: 'POST',
    headers: {
      'content-type': 'text/xml; charset=utf-8',
      SOAPAction: `"${ns}checkKey"`,
      'x-studbook-fault': '{"type":"soapFault","who":"server","message":"injected"}'
    },
    body: envelope(S11, 'checkKey', `<apiKey>${apiKey}</apiKey>`)
  })
}
