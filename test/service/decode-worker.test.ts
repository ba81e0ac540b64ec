import { afterAll, describe, expect, it } from 'vitest'
import { AppError } from '../../src/shared/errors'
import {
  currentDecodeWorker,
  decodeOffThread,
  stopDecodeWorker
} from '../../src/main/service/decode-pool'
import { httpList, recordXml, V2_POST, setsPage } from '../fixtures/service/build'

/**
 * The decode worker's heap counts in the host's RSS: under V8's default ~4 GB ceiling a sync's
 * page garbage grew it to 40-64 MB. It runs with a small young generation and a ceiling.
 *
 * The decoder's worker thread dying under a call (out of memory, a crash in native code) is
 * retried once on a fresh worker; a second death ends the call with its own error, and the next
 * call still decodes. The worker is ended from outside here, as a crash would end it.
 */
afterAll(async () => {
  await stopDecodeWorker()
})

const input = { ...V2_POST, body: setsPage(1500) }

/** Waits until the pool has a worker other than `than` (the retry started one). */
async function nextWorker(
  than: unknown
): Promise<NonNullable<ReturnType<typeof currentDecodeWorker>>> {
  for (;;) {
    const w = currentDecodeWorker()
    if (w !== null && w !== than) return w
    await new Promise((r) => setImmediate(r))
  }
}

describe('the decode worker dies during a call', () => {
  it('once: the call is decoded on a fresh worker', async () => {
    expect(input.body.length).toBeGreaterThan(128 * 1024)
    const call = decodeOffThread(input)
    const first = currentDecodeWorker()
    expect(first).not.toBeNull()
    await first?.terminate()
    const rows = (await call) as unknown[]
    expect(rows).toHaveLength(1500)
  })

  it('twice: the call ends with worker_crashed, and the next call decodes', async () => {
    const call = decodeOffThread(input)
    const first = currentDecodeWorker()
    await first?.terminate()
    const second = await nextWorker(first)
    await second.terminate()
    const outcome = await call.then(
      () => 'decoded',
      (e: unknown) => (e instanceof AppError ? e.code : 'other')
    )
    expect(outcome).toBe('worker_crashed')
    expect(((await decodeOffThread(input)) as unknown[]).length).toBe(1500)
  })
})

describe('decode worker limits', () => {
  it('runs the decode worker with a small young generation and a heap ceiling', async () => {
    await decodeOffThread({ ...V2_POST, body: setsPage(1500) })
    const limits = currentDecodeWorker()?.resourceLimits
    // 8 and 512 let its heap stand at 24-33 MB through a 20,000-set sync, holding 9-14 MB.
    expect(limits?.maxYoungGenerationSizeMb ?? Infinity).toBeLessThanOrEqual(4)
    expect(limits?.maxOldGenerationSizeMb ?? Infinity).toBeLessThanOrEqual(128)
  })

  it('still decodes a body at the size cap, in two-byte text, under that ceiling', async () => {
    // The largest answer the client reads (transport.ts DEFAULT_MAX_BYTES), each character of its
    // names and descriptions two bytes in a V8 string: the most the worker's heap must hold.
    const one = recordXml('sets', { name: '城堡'.repeat(60), description: 'é'.repeat(200) })
    const count = Math.floor((15.5 * 1024 * 1024) / Buffer.byteLength(one))
    const body = httpList(
      'sets',
      Array.from({ length: count }, () => one)
    )
    const rows = (await decodeOffThread({
      ...V2_POST,
      bytes: new TextEncoder().encode(body)
    })) as unknown[]
    expect(rows).toHaveLength(count)
  })
})
