import { MessageChannel } from 'node:worker_threads'
import type { MessagePort } from 'node:worker_threads'
import { afterAll, describe, expect, it } from 'vitest'
import {
  decodeOffThread,
  lendDecoder,
  stopDecodeWorker,
  takeBackDecoder
} from '../../src/main/service/decode-pool'
import { httpList, recordXml, V2_POST } from '../fixtures/service/build'

/**
 * A thread lent to the decode pool (a catalogue load's set writer) is not the pool's: it is taken
 * back, or ends, whenever its load does, also with a job of the pool on it. Switching to another
 * service in the middle of the demo's first sync did just that, and the new service's key check
 * failed with "The decoder stopped on this answer (its thread ended)": its bytes had been handed
 * to the leaving thread. A job a lent thread leaves unanswered is decoded elsewhere.
 */
afterAll(async () => {
  await stopDecodeWorker()
})

const records = 1500
const page = new TextEncoder().encode(
  httpList(
    'sets',
    Array.from({ length: records }, () => recordXml('sets'))
  )
)
const input = (): Parameters<typeof decodeOffThread>[0] => ({
  ...V2_POST,
  // Each call its own buffer, as a download's: the pool may hand it over.
  bytes: page.slice()
})

/** A lent thread's end of the channel: it takes jobs and never answers them. */
function silentLender(): { port: MessagePort; jobs: () => number; far: MessagePort } {
  const { port1: far, port2: port } = new MessageChannel()
  let jobs = 0
  far.on('message', () => {
    jobs++
  })
  return { port, jobs: () => jobs, far }
}

async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((r) => setImmediate(r))
}

describe('a job on a thread lent to the decode pool', () => {
  it('is decoded elsewhere when the thread is taken back before it answers', async () => {
    const lender = silentLender()
    lendDecoder(lender.port)
    const call = decodeOffThread(input())
    await until(() => lender.jobs() === 1)
    takeBackDecoder(lender.port)
    const value = await call
    expect(Array.isArray(value) ? value.length : -1).toBe(records)
  })

  it('is decoded elsewhere when the lent thread ends on its own', async () => {
    const lender = silentLender()
    lendDecoder(lender.port)
    const call = decodeOffThread(input())
    await until(() => lender.jobs() === 1)
    // The set writer's thread closing its end (its load ended, or it died).
    lender.far.close()
    const value = await call
    expect(Array.isArray(value) ? value.length : -1).toBe(records)
  })
})
