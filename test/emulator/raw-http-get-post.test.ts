import { beforeAll, describe, expect, it } from 'vitest'
import { serveReference } from './served-reference'
import { v2GetSetsParams } from '../shared/v2-get-sets-params'
import { demoUserHash, rawRequests } from './raw-requests'

// The HTTP GET and POST bindings, raw over loopback (fetch only, no client of ours):
// docs/protocol.md §5-§7. The SOAP bindings: raw-http.test.ts.

const ref = serveReference({ sets: 300, seed: 11 })
const { get, form } = rawRequests(ref)
let userHash = ''
beforeAll(async () => {
  userHash = await demoUserHash(ref)
})

describe('HTTP GET', () => {
  it('answers records, nil roots and strings in the API namespace', async () => {
    const res = await get(`/api/v2.asmx/getThemes?apiKey=${ref.apiKey}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/xml; charset=utf-8')
    const body = await res.text()
    expect(body).toMatch(
      new RegExp(
        `^<\\?xml version="1.0" encoding="utf-8"\\?>\\n<ArrayOfThemes xmlns:xsi="[^"]+" xmlns:xsd="[^"]+" xmlns="${ref.ns}">\\n  <themes>\\n    <theme>`
      )
    )
    expect(await (await get(`/api/v2.asmx/getThemes?apiKey=bad`)).text()).toContain(
      `<ArrayOfThemes xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xsi:nil="true" xmlns="${ref.ns}" />`
    )
    expect(await (await get(`/api/v2.asmx/checkKey?apiKey=bad`)).text()).toContain(
      `<string xmlns="${ref.ns}">INVALIDKEY</string>`
    )
  })
  it('matches parameter names case-insensitively', async () => {
    expect(await (await get(`/api/v2.asmx/checkKey?APIKEY=${ref.apiKey}`)).text()).toContain('>OK<')
  })
  it('answers protocol errors as 500s: plain text, an unknown operation as a page', async () => {
    const missing = await get(`/api/v2.asmx/getReviews?apiKey=${ref.apiKey}`)
    expect(missing.status).toBe(500)
    expect(missing.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(await missing.text()).toBe('System.InvalidOperationException: Missing parameter: setID.')
    const notInt = await get(`/api/v2.asmx/getReviews?apiKey=${ref.apiKey}&setID=abc`)
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
    expect((await get(`/api/v2.asmx/setCollectionDetail?apiKey=${ref.apiKey}`)).status).toBe(500)
  })
  it('answers v3 with JSON', async () => {
    const res = await get(
      `/api/v3.asmx/getUserFlagLabels?apiKey=${ref.apiKey}&userHash=${userHash}`
    )
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
      expect(await res.text()).toContain(`<soap12:address location="${ref.url}${path}" />`)
    }
    const sets = await (
      await get(
        `/api/v2.asmx/getSet?apiKey=${ref.apiKey}&userHash=&SetID=${/<setID>(\d+)/.exec(await (await get(`/api/v2.asmx/getSets?${new URLSearchParams(v2GetSetsParams({ apiKey: ref.apiKey, pageSize: '1' })).toString()}`)).text())?.[1] ?? ''}`
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
    expect(await (await form('/api/v2.asmx/checkKey', { apiKey: ref.apiKey })).text()).toContain(
      '>OK<'
    )
    // Not a form: a format ASMX does not recognise (docs/protocol.md §4).
    expect(
      (await form('/api/v2.asmx/checkKey', { apiKey: ref.apiKey }, 'application/json')).status
    ).toBe(500)
    expect(
      (
        await fetch(`${ref.url}/api/v2.asmx`, {
          method: 'POST',
          headers: { 'content-type': 'text/html' },
          body: 'x'
        })
      ).status
    ).toBe(415)
    const big = await form('/api/v2.asmx/setCollection_userNotes', {
      apiKey: ref.apiKey,
      userHash,
      setID: '1',
      notes: 'x'.repeat(1024 * 1024 + 1)
    })
    expect(big.status).toBe(413)
    const detail = await form('/api/v2.asmx/setCollectionDetail', {
      apiKey: ref.apiKey,
      userHash,
      detail: ''
    })
    expect(detail.status).toBe(500)
    expect(await detail.text()).toContain('Request format is unrecognized')
  })
  it('answers v3 writes with JSON and lenient params', async () => {
    const sets = (await (
      await form('/api/v3.asmx/getSets', {
        apiKey: ref.apiKey,
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
    /** v3 setCollection of that set with `params` as written, its JSON answer. */
    const setCollection = async (params: string): Promise<unknown> =>
      (
        await form('/api/v3.asmx/setCollection', {
          apiKey: ref.apiKey,
          userHash,
          SetID: String(id),
          params
        })
      ).json()
    expect(await setCollection("{qtyOwned: 2, flag3: 1, notes: 'from v3'}")).toEqual({
      status: 'success'
    })
    expect(ref.service.admin.getCollectionValue('demo', id)).toMatchObject({
      owned: true,
      qtyOwned: 2,
      notes: 'from v3'
    })
    expect(ref.service.admin.getCollectionValue('demo', id).flags[2]).toBe(true)
    expect(await setCollection('{qtyOwned: 1000}')).toEqual({
      status: 'error',
      message: 'Parameter error'
    })
    expect(await setCollection('{nonsense: 1}')).toEqual({
      status: 'error',
      message: 'No valid parameters'
    })
  })
})
