import { afterAll, describe, expect, it } from 'vitest'
import { AppError } from '../../src/shared/errors'
import {
  currentDecodeWorker,
  decodeOffThread,
  stopDecodeWorker
} from '../../src/main/service/decode-pool'
import { V2_POST, setsPage } from '../fixtures/service/build'

/**
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
