import { afterAll, describe, expect, it } from 'vitest'
import { createServiceClient, stopDecodeWorker } from '../../src/main/service/index'
import type { ServiceClient } from '../../src/main/service/index'
import { decodeResponse } from '../../src/main/service/decode-response'
import { NS, httpList, recordXml, V2_POST } from '../fixtures/service/build'
import { rejectedCode } from './error-codes'

/**
 * One deadline covers a call's download and its decode, and cancelling a call stops its decode.
 * The deadline's clock is injected: each test fires it at a chosen moment (the instant the last
 * byte has arrived, so decoding is under way) instead of racing a timer.
 */
afterAll(async () => {
  await stopDecodeWorker()
})

const MB = 1_000_000

/** An answer streamed in 64 KB chunks; `onEnd` runs on the turn after the last byte is handed over. */
function streamed(body: string, onEnd: () => void): Response {
  const bytes = Buffer.from(body)
  let at = 0
  const stream = new ReadableStream<Uint8Array>({
    pull(c) {
      const chunk = bytes.subarray(at, at + 65536)
      at += chunk.length
      c.enqueue(chunk)
      if (at >= bytes.length) {
        c.close()
        setImmediate(onEnd)
      }
    }
  })
  return new Response(stream, { headers: { 'content-type': 'text/xml; charset=utf-8' } })
}

interface Rig {
  readonly client: ServiceClient
  /** The deadline of each call made so far, in order; abort one to end that call's time. */
  readonly deadlines: AbortController[]
}

/** A client whose answers come from `answer`; `downloaded` is told when each body is fully read. */
function rig(answer: () => string, downloaded: (call: number) => void = () => undefined): Rig {
  const deadlines: AbortController[] = []
  let calls = 0
  const client = createServiceClient({
    profile: { baseUrl: 'https://catalogue.example', binding: 'httpPost', namespaces: { api: NS } },
    secrets: () => ({ apiKey: 'key' }),
    retries: 0,
    deadline: () => {
      const c = new AbortController()
      deadlines.push(c)
      return c.signal
    },
    fetch: () => {
      const call = calls++
      return Promise.resolve(
        streamed(answer(), () => {
          downloaded(call)
        })
      )
    }
  })
  return { client, deadlines }
}

const timeUp = (c: AbortController | undefined): void => {
  c?.abort(new DOMException('The deadline passed.', 'TimeoutError'))
}

const codeOf = (p: Promise<unknown>): Promise<string> => rejectedCode(p)

/** A page of `n` sets, each carrying `attrs` attributes full of references. */
function attributeHeavyPage(n: number, attrs: number): string {
  const extra = Array.from({ length: attrs }, (_, k) => ` a${k}="x&amp;y&#x41;&lt;z"`).join('')
  const rec = recordXml('sets').replace('<sets>', `<sets${extra}>`)
  return httpList(
    'sets',
    Array.from({ length: n }, () => rec)
  )
}

describe('a 1 MB attribute-heavy answer', () => {
  // A megabyte of bare ampersands in one attribute value: not XML, and once the slowest case of
  // the decoder (every & looked ahead to the one ; at the end).
  const hostile = httpList('sets', [
    recordXml('sets').replace('<sets>', `<sets note="${'&'.repeat(MB)};">`)
  ])

  it('is refused by the decoder as not XML', () => {
    const input = { ...V2_POST, body: hostile }
    expect(() => decodeResponse(input)).toThrow(expect.objectContaining({ code: 'bad_xml' }))
  })

  it('is refused or ended by the deadline that also covered its download', async () => {
    const r = rig(
      () => hostile,
      () => {
        timeUp(r.deadlines[0])
      }
    )
    expect(['bad_xml', 'timeout']).toContain(await codeOf(r.client.v2.getSets({ pageSize: 1 })))
  })

  it('decodes when well-formed, within a deadline that does not pass', async () => {
    const page = attributeHeavyPage(500, 40)
    expect(page.length).toBeGreaterThan(MB)
    const r = rig(() => page)
    const sets = await r.client.v2.getSets({ pageSize: 500 })
    expect(sets).toHaveLength(500)
    expect(sets[499]?.name).toBe('text')
  })
})

describe('one deadline for download and decode', () => {
  const big = httpList(
    'sets',
    Array.from({ length: 2000 }, (_, i) => recordXml('sets', { setID: String(i + 1) }))
  )

  it('a deadline that passes while the answer is decoded ends the call with timeout', async () => {
    const r = rig(
      () => big,
      (call) => {
        if (call === 0) timeUp(r.deadlines[0])
      }
    )
    expect(await codeOf(r.client.v2.getSets({ pageSize: 2000 }))).toBe('timeout')
    // The decoder is healthy afterwards: the next call's answer is decoded in full.
    const sets = await r.client.v2.getSets({ pageSize: 2000 })
    expect(sets.map((s) => s.setID)).toEqual(Array.from({ length: 2000 }, (_, i) => i + 1))
  })

  it('cancel is honoured during decode, and the call beside it is decoded in full', async () => {
    const cancel = new AbortController()
    const r = rig(
      () => big,
      (call) => {
        if (call === 0) cancel.abort()
      }
    )
    const cancelled = r.client.v2.getSets({ pageSize: 2000 }, { signal: cancel.signal })
    const beside = r.client.v2.getSets({ pageSize: 2000 })
    expect(await codeOf(cancelled)).toBe('cancelled')
    expect((await beside).map((s) => s.setID)).toEqual(
      Array.from({ length: 2000 }, (_, i) => i + 1)
    )
    const after = await r.client.v2.getSets({ pageSize: 2000 })
    expect(after).toHaveLength(2000)
  })
})
