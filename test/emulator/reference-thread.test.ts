import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import type { ReferenceService } from '../../src/emulator/index'
import { createReferenceThread } from '../../src/emulator/reference-thread'
import { createServiceClient } from '../../src/main/service/index'
import type { ReferenceThread } from '../../src/emulator/reference-thread'
import { v2GetSetsParams } from '../shared/v2-get-sets-params'

// The demo's reference service runs in a worker thread, as a remote service would: the main
// thread keeps serving timers and sockets while it answers, abort and crashes act like a
// connection's, and its answers are the in-process handler's, byte for byte.

const BASE = 'https://demo.studbook.invalid'
const DEMO_SIZE = { sets: 20_000, seed: 1 } as const

function v3GetSets(apiKey: string, pageNumber: number): Request {
  return new Request(`${BASE}/api/v3.asmx/getSets`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      apiKey,
      userHash: '',
      params: `{pageSize:500,pageNumber:${pageNumber}}`
    }).toString()
  })
}

function v2Get(op: string, params: Record<string, string>): Request {
  return new Request(`${BASE}/api/v2.asmx/${op}?${new URLSearchParams(params).toString()}`)
}

function soapGetSets(ns: string, apiKey: string): Request {
  return new Request(`${BASE}/api/v2.asmx`, {
    method: 'POST',
    headers: { 'content-type': 'text/xml; charset=utf-8', SOAPAction: `"${ns}getSets"` },
    body: `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><getSets xmlns="${ns}"><apiKey>${apiKey}</apiKey><query>red</query><pageSize>50</pageSize><pageNumber>1</pageNumber></getSets></soap:Body></soap:Envelope>`
  })
}

/** A request the service holds for a minute: a call that is surely still in flight. */
function slow(apiKey: string, signal?: AbortSignal): Request {
  return new Request(`${BASE}/api/v2.asmx/getThemes?apiKey=${apiKey}`, {
    headers: { 'x-studbook-fault': JSON.stringify({ type: 'latency', ms: 60_000 }) },
    ...(signal ? { signal } : {})
  })
}

async function snapshot(
  res: Response
): Promise<{ status: number; headers: string[]; body: string }> {
  const headers: string[] = []
  res.headers.forEach((v, k) => headers.push(`${k}: ${v}`))
  const bytes = Buffer.from(await res.arrayBuffer())
  return { status: res.status, headers: headers.sort(), body: bytes.toString('base64') }
}

/** What a caller of fetch sees when the connection drops: TypeError with a socket code. */
function causeCode(e: unknown): string {
  const cause = e instanceof Error ? (e.cause as { code?: unknown } | undefined) : undefined
  return typeof cause?.code === 'string' ? cause.code : ''
}

describe('the reference service in a worker thread', () => {
  let thread: ReferenceThread
  let apiKey = ''
  beforeAll(async () => {
    thread = createReferenceThread(DEMO_SIZE)
    apiKey = (await thread.start()).apiKey
  })
  afterAll(async () => {
    await thread.close()
  })

  it('serves a timer scheduled before a heavy call before that call answers', async () => {
    const order: string[] = []
    setTimeout(() => order.push('timer'), 0)
    const res = await thread.fetch(v3GetSets(apiKey, 3))
    order.push('answer')
    const body = (await res.json()) as { sets?: unknown[] }
    expect(body.sets).toHaveLength(500)
    expect(order).toEqual(['timer', 'answer'])
  })

  it('hands back the demo account the in-process service has', async () => {
    const inProcess = createReferenceService({ sets: 10, seed: 1 })
    try {
      expect(await thread.start()).toEqual(inProcess.demo)
    } finally {
      inProcess.close()
    }
  })

  it('rejects an aborted call at once and keeps answering others', async () => {
    const controller = new AbortController()
    const pending = thread.fetch(slow(apiKey, controller.signal))
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
    const already = AbortSignal.abort(new Error('gone before it was sent'))
    await expect(thread.fetch(slow(apiKey, already))).rejects.toThrow('gone before it was sent')
    const res = await thread.fetch(v2Get('getThemes', { apiKey }))
    expect(res.status).toBe(200)
  })
})

describe('the thread answers as the in-process handler does', () => {
  let thread: ReferenceThread
  let service: ReferenceService
  beforeAll(() => {
    thread = createReferenceThread({ sets: 3000, seed: 7 })
    service = createReferenceService({ sets: 3000, seed: 7 })
  })
  afterAll(async () => {
    await thread.close()
    service.close()
  })

  it('gives the same status, headers and bytes for reads, writes, errors and assets', async () => {
    const demo = await thread.start()
    const login = v2Get('login', { ...demo })
    const hashOf = async (res: Response): Promise<string> =>
      /<string[^>]*>([^<]+)</.exec(await res.text())?.[1] ?? ''
    const userHash = await hashOf(await thread.fetch(login.clone()))
    expect(userHash).not.toBe('')
    expect(await hashOf(await service.handle(login.clone()))).toBe(userHash)
    const ns = service.namespaces.api
    const requests = (): Request[] => [
      v2Get('getThemes', { apiKey: demo.apiKey }),
      v2Get('getSubthemes', { apiKey: demo.apiKey, theme: 'no such theme' }),
      v3GetSets(demo.apiKey, 2),
      soapGetSets(ns, demo.apiKey),
      v2Get('setCollection', {
        apiKey: demo.apiKey,
        userHash,
        setID: '1001',
        qtyOwned: '2',
        wanted: '1'
      }),
      v2Get(
        'getSets',
        v2GetSetsParams({
          apiKey: demo.apiKey,
          userHash,
          owned: '1',
          pageSize: '20',
          pageNumber: '1'
        })
      ),
      new Request(`${BASE}/api/v2.asmx?WSDL`),
      new Request(`${BASE}/api/v2.asmx/noSuchOperation`),
      new Request(`${BASE}/api/v2.asmx`, { method: 'PUT', body: 'x' }),
      new Request(`${BASE}/nothing/here.png`)
    ]
    const viaThread = []
    for (const r of requests()) viaThread.push(await snapshot(await thread.fetch(r)))
    const inProcess = []
    for (const r of requests()) inProcess.push(await snapshot(await service.handle(r)))
    expect(viaThread).toEqual(inProcess)
    expect(new Set(viaThread.map((s) => s.status)).size).toBeGreaterThan(2)
  })

  it('drops and truncates as the in-process handler does for those faults', async () => {
    const { apiKey } = await thread.start()
    const faulty = (kind: object): Request =>
      new Request(`${BASE}/api/v2.asmx/getThemes?apiKey=${apiKey}`, {
        headers: { 'x-studbook-fault': JSON.stringify(kind) }
      })
    await expect(thread.fetch(faulty({ type: 'drop' }))).rejects.toThrow(TypeError)
    const cut = await thread.fetch(faulty({ type: 'truncate', bytes: 10 }))
    expect(cut.status).toBe(200)
    await expect(cut.arrayBuffer()).rejects.toThrow(TypeError)
  })
})

describe('the thread across crashes and close', () => {
  const dirs: string[] = []
  const threads: ReferenceThread[] = []
  const make = (options: Parameters<typeof createReferenceThread>[0]): ReferenceThread => {
    const t = createReferenceThread(options)
    threads.push(t)
    return t
  }
  const dir = (): string => {
    const d = mkdtempSync(join(tmpdir(), 'studbook-ref-thread-'))
    dirs.push(d)
    return d
  }
  afterEach(async () => {
    for (const t of threads.splice(0)) await t.close()
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
  })

  it('starts no thread until asked, and one for many calls', async () => {
    const thread = make({ sets: 50, seed: 2 })
    expect(thread.worker()).toBeNull()
    const { apiKey } = await thread.start()
    const first = thread.worker()
    expect(first).not.toBeNull()
    await thread.fetch(v2Get('getThemes', { apiKey }))
    await thread.fetch(v2Get('getYears', { apiKey, theme: '' }))
    expect(thread.worker()).toBe(first)
  })

  it('fails a call in flight like a dropped connection when the thread dies, and restarts on the next', async () => {
    const thread = make({ sets: 50, seed: 2 })
    const { apiKey } = await thread.start()
    const inFlight = thread.fetch(slow(apiKey))
    const first = thread.worker()
    await first?.terminate()
    const error: unknown = await inFlight.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TypeError)
    expect(causeCode(error)).toBe('ECONNRESET')
    const res = await thread.fetch(v2Get('getThemes', { apiKey }))
    expect(res.status).toBe(200)
    expect(thread.worker()).not.toBe(first)
    expect((await thread.start()).apiKey).toBe(apiKey)
  })

  it('lets the app’s client retry a read whose thread died, and answers it from a new thread', async () => {
    const thread = make({ sets: 50, seed: 2 })
    const { apiKey } = await thread.start()
    const first = thread.worker()
    const sent: string[] = []
    const client = createServiceClient({
      profile: { baseUrl: BASE, binding: 'httpGet' },
      secrets: () => ({ apiKey }),
      fetch: (r) => {
        const path = new URL(r.url).pathname
        sent.push(path)
        if (path !== '/api/v2.asmx/getThemes' || sent.includes(`${path} held`)) {
          return thread.fetch(r)
        }
        // The first try is held in the thread, and the thread dies under it.
        sent.push(`${path} held`)
        const headers = new Headers(r.headers)
        headers.set('x-studbook-fault', JSON.stringify({ type: 'latency', ms: 60_000 }))
        const held = thread.fetch(new Request(r, { headers }))
        void first?.terminate()
        return held
      }
    })
    const themes = await client.v2.getThemes()
    expect(themes.length).toBeGreaterThan(0)
    expect(sent.filter((p) => p.includes('getThemes'))).toEqual([
      '/api/v2.asmx/getThemes',
      '/api/v2.asmx/getThemes held',
      '/api/v2.asmx/getThemes'
    ])
    expect(thread.worker()).not.toBe(first)
  })

  it('keeps the service data in its file across close, and refuses calls once closed', async () => {
    const dbPath = join(dir(), 'demo-service.db')
    const thread = make({ sets: 50, seed: 2, dbPath })
    const demo = await thread.start()
    const login = await thread.fetch(v2Get('login', { ...demo }))
    const userHash = /<string[^>]*>([^<]+)</.exec(await login.text())?.[1] ?? ''
    const write = await thread.fetch(
      v2Get('setCollection_userNotes', {
        apiKey: demo.apiKey,
        userHash,
        setID: '1008',
        notes: 'kept by the thread'
      })
    )
    expect(await write.text()).toContain('>OK<')
    await thread.close()
    expect(thread.worker()).toBeNull()
    const error: unknown = await thread
      .fetch(v2Get('getThemes', { apiKey: demo.apiKey }))
      .catch((e: unknown) => e)
    expect(causeCode(error)).toBe('ECONNREFUSED')

    const again = make({ sets: 50, seed: 2, dbPath })
    await again.start()
    const notes = await again.fetch(v2Get('getUserNotes', { apiKey: demo.apiKey, userHash }))
    expect(await notes.text()).toContain('kept by the thread')
  })

  it('says why when the service cannot start, and refuses its calls as an unreachable host would', async () => {
    const thread = make({ sets: 50, seed: 2, dbPath: dir() })
    await expect(thread.start()).rejects.toThrow(/demo service could not start/i)
    const error: unknown = await thread
      .fetch(v2Get('getThemes', { apiKey: 'x' }))
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TypeError)
    expect(causeCode(error)).toBe('ECONNREFUSED')
  })
})
