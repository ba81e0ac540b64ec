import { beforeAll, describe, expect, it } from 'vitest'
import { serveReference } from './served-reference'
import { demoUserHash, envelope, expectFault, rawRequests, S11, S12 } from './raw-requests'

// The SOAP bindings and injected faults, raw over loopback (fetch only, no client of ours):
// docs/protocol.md §3-§4. HTTP GET and POST: raw-http-get-post.test.ts.

const ref = serveReference({ sets: 300, seed: 11 })
const { soap11, soap12, get } = rawRequests(ref)
let userHash = ''
beforeAll(async () => {
  userHash = await demoUserHash(ref)
})

describe('SOAP 1.1', () => {
  it('answers a call with the result element in the API namespace', async () => {
    const res = await soap11('checkKey', `<apiKey>${ref.apiKey}</apiKey>`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/xml; charset=utf-8')
    const body = await res.text()
    expect(body).toMatch(
      /^<\?xml version="1.0" encoding="utf-8"\?><soap:Envelope xmlns:soap="http:\/\/schemas.xmlsoap.org\/soap\/envelope\/"/
    )
    expect(body).toContain(
      `<soap:Body><checkKeyResponse xmlns="${ref.ns}"><checkKeyResult>OK</checkKeyResult></checkKeyResponse></soap:Body>`
    )
  })
  it('leaves the result element out when there are no records, and answers in-band errors', async () => {
    const empty = await (
      await soap11('getReviews', `<apiKey>${ref.apiKey}</apiKey><setID>1</setID>`)
    ).text()
    expect(empty).toContain(`<getReviewsResponse xmlns="${ref.ns}"></getReviewsResponse>`)
    const bad = await (
      await soap11(
        'setCollection_owns',
        `<apiKey>${ref.apiKey}</apiKey><userHash>nope</userHash><setID>1</setID><owned>1</owned>`
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
    const body = `<e:Envelope xmlns:e="${S11}" xmlns:t="${ref.ns}"><e:Body><t:checkKey><t:apiKey>${ref.apiKey}</t:apiKey></t:checkKey></e:Body></e:Envelope>`
    expect(await (await soap11('checkKey', '', `"${ref.ns}checkKey"`, body)).text()).toContain(
      '<checkKeyResult>OK</checkKeyResult>'
    )
  })
  it('faults soap:Client for SOAPAction, body and int problems', async () => {
    await expectFault(
      await soap11('checkKey', `<apiKey>${ref.apiKey}</apiKey>`, null),
      '1.1',
      'Client',
      /did not recognize the value of HTTP Header SOAPAction: \./
    )
    await expectFault(
      await soap11('checkKey', '', `"${ref.ns}nope"`),
      '1.1',
      'Client',
      /SOAPAction: &quot;urn:studbook:catalogue:api\/nope&quot;/
    )
    await expectFault(
      await soap11('checkKey', '', `"${ref.ns}checkKey"`, '<s:Envelope xmlns:s="x"><broken>'),
      '1.1',
      'Client',
      /unable to read request/
    )
    await expectFault(
      await soap11('checkKey', '', `"${ref.ns}checkKey"`, envelope(S12, 'checkKey', '', ref.ns)),
      '1.1',
      'Client',
      /version mismatch/i
    )
    await expectFault(
      await soap11('getReviews', `<apiKey>${ref.apiKey}</apiKey><setID>12x</setID>`),
      '1.1',
      'Client',
      /Server was unable to read request/
    )
    const dtd = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]>${envelope(S11, 'checkKey', '<apiKey>&a;</apiKey>', ref.ns)}`
    await expectFault(
      await soap11('checkKey', '', `"${ref.ns}checkKey"`, dtd),
      '1.1',
      'Client',
      /DTD/
    )
  })
  it('faults soap:Server when the daily getSets allowance is used up', async () => {
    const other = ref.service.demo.apiKey
    ref.service.admin.setAllowance(other, 1)
    const call = (): Promise<Response> =>
      soap11('getSets', `<apiKey>${other}</apiKey><pageSize>1</pageSize>`)
    expect((await call()).status).toBe(200)
    await expectFault(await call(), '1.1', 'Server', /API limit exceeded/)
    ref.service.admin.setAllowance(other, null)
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
      `<checkUserHashResponse xmlns="${ref.ns}"><checkUserHashResult>demo</checkUserHashResult></checkUserHashResponse>`
    )
    await expectFault(await soap12('noSuchOp', ''), '1.2', 'Sender', /valid action/)
    await expectFault(
      await soap12('checkKey', '', '/api/v2.asmx', envelope(S11, 'checkKey', '', ref.ns)),
      '1.2',
      'Sender',
      /version mismatch/i
    )
  })
  it('answers v3 operations with the empty response element', async () => {
    const body = await (
      await soap12(
        'getUserFlagLabels',
        `<apiKey>${ref.apiKey}</apiKey><userHash>${userHash}</userHash>`,
        '/api/v3.asmx'
      )
    ).text()
    expect(body).toContain(`<soap:Body><getUserFlagLabelsResponse xmlns="${ref.ns}" /></soap:Body>`)
  })
})

describe('injected faults', () => {
  it('drops, truncates, delays, fails and disables bindings on request', async () => {
    const remove = ref.service.admin.addFault({
      operation: 'checkKey',
      binding: 'httpGet',
      kind: { type: 'drop' },
      times: 1
    })
    await expect(get(`/api/v2.asmx/checkKey?apiKey=${ref.apiKey}`)).rejects.toThrow()
    expect((await get(`/api/v2.asmx/checkKey?apiKey=${ref.apiKey}`)).status).toBe(200)
    remove()
    ref.service.admin.addFault({
      operation: 'getThemes',
      kind: { type: 'truncate', bytes: 40 },
      times: 1
    })
    const cut = await get(`/api/v2.asmx/getThemes?apiKey=${ref.apiKey}`)
    await expect(cut.text()).rejects.toThrow()
    ref.service.admin.addFault({
      path: '/api/v2.asmx/getYears',
      kind: { type: 'html500' },
      times: 1
    })
    const html = await get(`/api/v2.asmx/getYears?apiKey=${ref.apiKey}&theme=`)
    expect(html.status).toBe(500)
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8')
    ref.service.admin.addFault({ binding: 'httpGet', kind: { type: 'bindingDisabled' } })
    const off = await get(`/api/v2.asmx/checkKey?apiKey=${ref.apiKey}`)
    expect(await off.text()).toContain('unexpectedly ending in &#39;/checkKey&#39;')
    ref.service.admin.clearFaults()
    await expectFault(
      await soap11(
        'checkKey',
        `<apiKey>${ref.apiKey}</apiKey>`,
        `"${ref.ns}checkKey"`,
        undefined
      ).then(async (r) => (r.status === 200 ? soap11Fault() : r)),
      '1.1',
      'Server',
      /injected/
    )
    const started = Date.now()
    const slow = await fetch(`${ref.url}/api/v2.asmx/checkKey?apiKey=${ref.apiKey}`, {
      headers: { 'x-studbook-fault': '{"type":"latency","ms":150}' }
    })
    expect(slow.status).toBe(200)
    expect(Date.now() - started).toBeGreaterThanOrEqual(140)
  })
})

function soap11Fault(): Promise<Response> {
  return fetch(`${ref.url}/api/v2.asmx`, {
    method: 'POST',
    headers: {
      'content-type': 'text/xml; charset=utf-8',
      SOAPAction: `"${ref.ns}checkKey"`,
      'x-studbook-fault': '{"type":"soapFault","who":"server","message":"injected"}'
    },
    body: envelope(S11, 'checkKey', `<apiKey>${ref.apiKey}</apiKey>`, ref.ns)
  })
}
