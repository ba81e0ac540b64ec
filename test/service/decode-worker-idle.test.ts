import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import {
  currentDecodeWorker,
  decodeOffThread,
  stopDecodeWorker
} from '../../src/main/service/decode-pool'
import { V2_POST, setsPage } from '../fixtures/service/build'

/**
 * The decode worker's isolate and heap are 25-35 MB of the host's RSS. A sync keeps it busy page
 * after page; once the answers stop it is ended, and the next large answer starts a new one
 * (issue #25: memory the app holds while nothing happens).
 */
afterEach(() => {
  vi.useRealTimers()
})
afterAll(async () => {
  await stopDecodeWorker()
})

const input = { ...V2_POST, body: setsPage(1500) }

describe('an idle decode worker', () => {
  it('is kept between answers that keep coming, and ended once they stop', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    expect(((await decodeOffThread(input)) as unknown[]).length).toBe(1500)
    const first = currentDecodeWorker()
    expect(first).not.toBeNull()
    vi.advanceTimersByTime(1000)
    expect(((await decodeOffThread(input)) as unknown[]).length).toBe(1500)
    expect(currentDecodeWorker()).toBe(first)
    vi.advanceTimersByTime(60_000)
    expect(currentDecodeWorker()).toBeNull()
    const exited = await new Promise<number>((resolve) => first?.once('exit', resolve))
    expect(typeof exited).toBe('number')
  })

  it('is started again by the next large answer', async () => {
    expect(((await decodeOffThread(input)) as unknown[]).length).toBe(1500)
    expect(currentDecodeWorker()).not.toBeNull()
  })
})
