import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Binding } from '../../src/shared/protocol/operations'
import { createServiceClient } from '../../src/main/service/index'
import type { ServiceClient } from '../../src/main/service/index'
import {
  HTML_500,
  NS,
  fault11,
  fault12,
  httpList,
  recordXml,
  soapResult
} from '../fixtures/service/build'
import { chaosServer } from './chaos-server'
import type { Scenario } from './chaos-server'

const XML = 'text/xml; charset=utf-8'
const themes = httpList('themes', [recordXml('themes'), recordXml('themes')])
const send =
  (status: number, type: string | null, body: string): Scenario =>
  (_req, res) => {
    res.writeHead(status, type === null ? {} : { 'content-type': type })
    res.end(body)
  }

const SCENARIOS: Record<string, Scenario> = {
  ok: send(200, XML, themes),
  hang: () => undefined,
  reset: (req) => req.socket.destroy(),
  short: (_req, res) => {
    res.writeHead(200, { 'content-type': XML, 'content-length': String(themes.length) })
    res.write(themes.slice(0, 120))
    setTimeout(() => res.socket?.destroy(), 20)
  },
  chunked: (_req, res) => {
    res.writeHead(200, { 'content-type': XML })
    res.write(themes.slice(0, 150))
    setTimeout(() => res.socket?.destroy(), 20)
  },
  closeDelimited: (req, res) => {
    const s = req.socket
    s.write(
      `HTTP/1.1 200 OK\r\ncontent-type: ${XML}\r\nconnection: close\r\n\r\n${themes.slice(0, 200)}`
    )
    s.end()
    res.detachSocket(s)
  },
  drip: (_req, res) => {
    res.writeHead(200, { 'content-type': XML })
    const parts = themes.match(/[\s\S]{1,40}/g) ?? []
    let i = 0
    const tick = (): void => {
      const p = parts[i++]
      if (p === undefined) res.end()
      else {
        res.write(p)
        setTimeout(tick, 5)
      }
    }
    tick()
  },
  html500: send(500, 'text/html; charset=utf-8', HTML_500),
  empty200: send(200, XML, ''),
  wrongType: send(200, 'application/octet-stream', themes),
  bomb: send(
    200,
    XML,
    `<!DOCTYPE a [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><ArrayOfThemes xmlns="${NS}">&b;</ArrayOfThemes>`
  ),
  deep: send(
    200,
    XML,
    `<ArrayOfThemes xmlns="${NS}">${'<x>'.repeat(5000)}${'</x>'.repeat(5000)}</ArrayOfThemes>`
  ),
  proto: send(200, XML, `<__proto__ xmlns="${NS}"><polluted>1</polluted></__proto__>`),
  protoItem: send(
    200,
    XML,
    `<ArrayOfThemes xmlns="${NS}"><__proto__><polluted>1</polluted></__proto__></ArrayOfThemes>`
  )
}
for (const status of [200, 400, 500]) {
  SCENARIOS[`f11c${status}`] = send(
    status,
    XML,
    fault11('soap:Client', 'Server was unable to read request.')
  )
  SCENARIOS[`f11s${status}`] = send(status, XML, fault11('soap:Server', 'Server failure.'))
  SCENARIOS[`f12c${status}`] = send(
    status,
    'application/soap+xml; charset=utf-8',
    fault12('soap:Sender', 'Bad.')
  )
  SCENARIOS[`f12s${status}`] = send(
    status,
    'application/soap+xml; charset=utf-8',
    fault12('soap:Receiver', 'Boom.')
  )
}

let server: Awaited<ReturnType<typeof chaosServer>>
let scenario = 'ok'

beforeAll(async () => {
  server = await chaosServer(() => SCENARIOS[scenario] ?? send(404, 'text/plain', 'no scenario'))
})
afterAll(async () => {
  await server.close()
})

/**
 * A hanging server is cut off after 400 ms. Every other answer gets a minute: its outcome must
 * come from what the server sent, and a loaded machine can take longer than 400 ms to decode a
 * hostile body in the worker (a `timeout` there failed CI at load 20). A body that made the
 * client hang would still fail its test, as `timeout` instead of its own code.
 */
const HANG_MS = 400
const ANSWER_MS = 60_000

function client(binding: Binding, retries = 0, timeoutMs = ANSWER_MS): ServiceClient {
  return createServiceClient({
    profile: { baseUrl: server.url, namespaces: { api: NS, legacy: NS }, binding },
    secrets: () => ({ apiKey: 'k', userHash: 'h' }),
    timeoutMs,
    retries,
    retryDelayMs: 5
  })
}

async function outcome(name: string, binding: Binding = 'httpPost'): Promise<string> {
  scenario = name
  try {
    const v = await client(binding, 0, name === 'hang' ? HANG_MS : ANSWER_MS).v2.getThemes()
    return `ok:${v.length}`
  } catch (e) {
    return (e as { code?: string }).code ?? 'untyped'
  }
}

describe('chaos on loopback', () => {
  it.each([
    ['ok', 'ok:2'],
    ['hang', 'timeout'],
    ['reset', 'connection_reset'],
    ['short', 'truncated_body'],
    ['chunked', 'truncated_body'],
    ['closeDelimited', 'bad_xml'],
    ['drip', 'ok:2'],
    ['html500', 'html_error_page'],
    ['empty200', 'unexpected_empty_body'],
    ['wrongType', 'unexpected_content_type'],
    ['bomb', 'bad_xml'],
    ['deep', 'bad_xml'],
    ['proto', 'unexpected_root'],
    ['protoItem', 'bad_xml']
  ])('%s gives %s and pollutes nothing', async (name, code) => {
    expect(await outcome(name)).toBe(code)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  for (const status of [200, 400, 500]) {
    it(`SOAP faults under ${status} are classified from the envelope`, async () => {
      expect(await outcome(`f11c${status}`, 'soap11')).toBe('soap_fault_client')
      expect(await outcome(`f11s${status}`, 'soap11')).toBe('soap_fault_server')
      expect(await outcome(`f12c${status}`, 'soap12')).toBe('soap_fault_client')
      expect(await outcome(`f12s${status}`, 'soap12')).toBe('soap_fault_server')
    })
  }

  it('an empty 200 is never a write’s success, v3 or v2', async () => {
    scenario = 'empty200'
    await expect(
      client('httpPost').v3.setCollection({ SetID: 1, params: { own: 1 } })
    ).rejects.toMatchObject({ code: 'unexpected_empty_body' })
    await expect(
      client('httpPost').v2.setCollection_owns({ setID: 1, owned: 1 })
    ).rejects.toMatchObject({
      code: 'unexpected_empty_body'
    })
  })

  it('retries reads with backoff, never writes', async () => {
    scenario = 'reset'
    const before = server.requests.length
    await expect(client('soap11', 2).v2.getThemes()).rejects.toMatchObject({
      code: 'connection_reset'
    })
    expect(server.requests.length - before).toBe(3)
    const mid = server.requests.length
    await expect(
      client('soap11', 2).v2.setCollection_owns({ setID: 1, owned: 1 })
    ).rejects.toMatchObject({
      code: 'connection_reset'
    })
    expect(server.requests.length - mid).toBe(1)
  })

  it('cancels at once on the caller’s AbortSignal', async () => {
    scenario = 'hang'
    const ac = new AbortController()
    const p = client('soap11').v2.getThemes(undefined, { signal: ac.signal })
    setTimeout(() => {
      ac.abort()
    }, 20)
    await expect(p).rejects.toMatchObject({ code: 'cancelled' })
  })

  it('reports offline when nothing listens', async () => {
    const gone = await chaosServer(() => SCENARIOS.ok ?? send(200, XML, ''))
    await gone.close()
    const c = createServiceClient({
      profile: { baseUrl: gone.url, namespaces: { api: NS }, binding: 'soap11' },
      secrets: () => ({ apiKey: 'k' }),
      retries: 0
    })
    await expect(c.v2.getThemes()).rejects.toMatchObject({ code: 'offline' })
  })
})

describe('binding probe', () => {
  it('an operation the service lacks costs no other operation its binding', async () => {
    // ASMX answers an unknown operation as it answers a binding that is off.
    const asmx = await chaosServer((req) => {
      if (req.url?.endsWith('?WSDL')) return send(404, 'text/plain', 'no description')
      if (req.url?.endsWith('.asmx/getThemes')) return send(200, XML, themes)
      if (req.url?.includes('.asmx/')) {
        return send(
          500,
          'text/plain',
          "System.InvalidOperationException: Request format is unrecognized for URL unexpectedly ending in '/getYears'."
        )
      }
      return send(
        500,
        XML,
        fault11('soap:Client', 'Server did not recognize the value of HTTP Header SOAPAction')
      )
    })
    try {
      const c = createServiceClient({
        profile: { baseUrl: asmx.url, namespaces: { api: NS } },
        secrets: () => ({ apiKey: 'k' }),
        retries: 0
      })
      expect(await c.v2.getThemes()).toHaveLength(2)
      await expect(c.v2.getYears({ theme: '' })).rejects.toBeTruthy()
      expect(await c.v2.getThemes()).toHaveLength(2)
      const paths = asmx.requests.map((r) => `${r.method} ${r.path}`)
      expect(paths.filter((p) => p.endsWith('/getThemes'))).toEqual([
        'POST /api/v2.asmx/getThemes',
        'POST /api/v2.asmx/getThemes'
      ])
    } finally {
      await asmx.close()
    }
  })

  it('one refused probe, one fallback to SOAP 1.1, then SOAP 1.1 for the session', async () => {
    const wsdl = await import('node:fs').then((fs) =>
      fs.readFileSync(
        new URL('../fixtures/production/production-v2/v2.wsdl', import.meta.url),
        'utf8'
      )
    )
    const asmx = await chaosServer((req) => {
      if (req.url?.endsWith('?WSDL'))
        return send(200, XML, wsdl.replaceAll('https://brickset.com/api/', NS))
      if (req.url?.includes('.asmx/')) {
        return send(
          500,
          'text/html',
          "<html><body>Request format is unrecognized for URL unexpectedly ending in '/getThemes'.</body></html>"
        )
      }
      return send(200, XML, soapResult('1.1', 'getThemes', recordXml('themes')))
    })
    try {
      const c = createServiceClient({
        profile: { baseUrl: asmx.url },
        secrets: () => ({ apiKey: 'k' }),
        retries: 2
      })
      expect(await c.v2.getThemes()).toHaveLength(1)
      expect(await c.v2.getThemes()).toHaveLength(1)
      expect(await c.v2.getThemes()).toHaveLength(1)
      expect(asmx.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        'GET /api/v2.asmx?WSDL',
        'POST /api/v2.asmx/getThemes',
        'POST /api/v2.asmx',
        'POST /api/v2.asmx',
        'POST /api/v2.asmx'
      ])
    } finally {
      await asmx.close()
    }
  })
})
