import { Worker } from 'node:worker_threads'
import type { Transferable } from 'node:worker_threads'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import type { ReferenceService } from '../../src/emulator/index'
import {
  currentDecodeWorker,
  stopDecodeWorker,
  WORKER_THRESHOLD_BYTES
} from '../../src/main/service/decode-pool'
import { createServiceClient } from '../../src/main/service/index'
import { setsOfPage } from '../../src/main/sync/pull/v3-sets'

/**
 * A large read's answer goes from the download to the decode worker as its bytes, handed over (the
 * buffer transferred, not copied), and its text is made in the worker: the main thread never holds
 * it as a string. Each 0.5-1 MB page's text was otherwise a large-object string of the main heap,
 * kept until V8's next full collection: about 17 MB of a 20,000-set sync's peak (issue #25).
 */
const BASE = 'https://reference.test'
/** Below this the main thread may still decode an answer itself. */
const LARGE = WORKER_THRESHOLD_BYTES

let svc: ReferenceService
beforeAll(() => {
  svc = createReferenceService({ sets: 600, seed: 5 })
})
afterEach(() => {
  vi.restoreAllMocks()
})
afterAll(async () => {
  svc.close()
  await stopDecodeWorker()
})

interface Sent {
  readonly input: Record<string, unknown>
  readonly transfer: readonly unknown[]
}

/** Worker.prototype.postMessage itself, to call through from a spy. */
const postMessage = Object.getOwnPropertyDescriptor(Worker.prototype, 'postMessage')?.value as (
  this: Worker,
  message: unknown,
  transfer?: readonly Transferable[]
) => void

/** Every job the main thread posts to a worker, with its transfer list. */
function watchPosts(): Sent[] {
  return watchJobs((s) => s.input['reading'] === undefined)
}

/** The jobs `keep` takes, service descriptions' included, as they are posted. */
function watchJobs(keep: (s: Sent) => boolean = () => true): Sent[] {
  const sent: Sent[] = []
  vi.spyOn(Worker.prototype, 'postMessage').mockImplementation(function (
    this: Worker,
    message: unknown,
    transfer?: readonly Transferable[]
  ) {
    const m = message as { input?: Record<string, unknown> }
    const job = m.input === undefined ? null : { input: m.input, transfer: transfer ?? [] }
    if (job !== null && keep(job)) sent.push(job)
    postMessage.call(this, message, transfer)
  })
  return sent
}

/** The sizes of the texts the main thread has decoded from bytes so far. */
function watchTexts(): () => number[] {
  const spy = vi.spyOn(TextDecoder.prototype, 'decode')
  return () =>
    spy.mock.calls.map(([input]) =>
      input === undefined ? 0 : (input as ArrayBufferView | ArrayBuffer).byteLength
    )
}

function client(fetchFn?: (req: Request) => Promise<Response>) {
  return createServiceClient({
    profile: { baseUrl: BASE },
    secrets: () => ({ apiKey: svc.demo.apiKey }),
    fetch: fetchFn ?? ((req) => svc.handle(req))
  })
}

describe('a large answer reaches the decode worker as bytes', () => {
  it('hands a v3 page over as bytes and makes no text of it on the main thread', async () => {
    const sent = watchPosts()
    const texts = watchTexts()
    const page = setsOfPage(await client().v3.getSets({ params: { pageSize: 500 } }))
    expect(page?.sets).toHaveLength(500)
    const large = sent.filter((s) => 'bytes' in s.input)
    expect(large).toHaveLength(1)
    expect(sent.filter((s) => 'body' in s.input)).toEqual([])
    const bytes = large[0]?.input['bytes'] as Uint8Array
    // Transferred: its buffer is in the transfer list and no longer readable here.
    expect(large[0]?.transfer).toContain(bytes.buffer)
    expect(bytes.byteLength).toBe(0)
    expect(texts().filter((n) => n >= LARGE)).toEqual([])
  })

  it.each([
    { name: 'hands a v2 list over the same way', pageSize: 500 },
    { name: 'sends a 40-set page (about 50 kB) to the worker too', pageSize: 40 }
  ])('$name', async ({ pageSize }) => {
    const sent = watchPosts()
    const texts = watchTexts()
    const sets = (await client().v2.getSets({ pageSize, pageNumber: 1 })) as unknown[]
    expect(sets).toHaveLength(pageSize)
    expect(sent.filter((s) => 'bytes' in s.input)).toHaveLength(1)
    expect(texts().filter((n) => n >= LARGE)).toEqual([])
  })

  it('checks a v3 page of a collection\u2019s size (8-32 kB) in the worker too', async () => {
    // A first sync's collection pages arrive while the user's first searches do: checked here,
    // the first one held the main thread 9 ms (its schema compiled on first use; issue #25).
    const sizes: number[] = []
    const measured = async (req: Request): Promise<Response> => {
      const res = await svc.handle(req)
      sizes.push((await res.clone().arrayBuffer()).byteLength)
      return res
    }
    const sent = watchPosts()
    const page = setsOfPage(await client(measured).v3.getSets({ params: { pageSize: 12 } }))
    expect(page?.sets).toHaveLength(12)
    expect(sizes.at(-1)).toBeGreaterThanOrEqual(LARGE)
    expect(sizes.at(-1)).toBeLessThan(32 * 1024)
    expect(sent.filter((s) => 'bytes' in s.input)).toHaveLength(1)
  })

  it('reads each service description (60-110 kB of WSDL) in the worker', async () => {
    const sent = watchJobs()
    const texts = watchTexts()
    const found = await client().discover()
    expect(found.v2.ok && found.v2.description.operations).toContain('getSets')
    expect(found.v3.ok && found.v3.description.operations).toContain('getSets')
    const described = sent.filter((s) => s.input['reading'] === 'description')
    expect(described.map((s) => s.input['service'])).toEqual(expect.arrayContaining(['v2', 'v3']))
    expect(texts().filter((n) => n >= LARGE)).toEqual([])
  })

  it('refuses a large body that is not UTF-8 as bad_xml, from the worker', async () => {
    const junk = new Uint8Array(LARGE * 2).fill(0xff)
    const outcome = await client(() =>
      Promise.resolve(new Response(junk, { headers: { 'content-type': 'text/xml' } }))
    )
      .v2.getSets({ pageSize: 500, pageNumber: 1 })
      .then(
        () => null,
        (e: unknown) => e
      )
    expect(outcome).toMatchObject({
      code: 'bad_xml',
      message: 'The answer is not valid UTF-8 text.'
    })
  })

  it('asks the service again when the worker holding a read dies, and decodes on a fresh one', async () => {
    let asked = 0
    const c = client((req) => {
      if (/getSets/i.test(new URL(req.url).pathname)) asked += 1
      return svc.handle(req)
    })
    // The worker given the first answer dies with it, as a crash would end it.
    let killed: number | null = null
    vi.spyOn(Worker.prototype, 'postMessage').mockImplementation(function (
      this: Worker,
      message: unknown,
      transfer?: readonly Transferable[]
    ) {
      postMessage.call(this, message, transfer)
      const input = (message as { input?: { operation?: string } }).input
      if (killed === null && input?.operation === 'getSets') {
        killed = this.threadId
        void this.terminate()
      }
    })
    const page = setsOfPage(await c.v3.getSets({ params: { pageSize: 500 } }))
    expect(killed).not.toBeNull()
    expect(currentDecodeWorker()?.threadId).not.toBe(killed)
    expect(page?.sets).toHaveLength(500)
    expect(asked).toBe(2)
  })
})
