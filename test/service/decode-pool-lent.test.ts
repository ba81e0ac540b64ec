import { MessageChannel } from 'node:worker_threads'
import type { MessagePort } from 'node:worker_threads'
import { afterAll, describe, expect, it } from 'vitest'
import { AppError } from '../../src/shared/errors'
import { isAwayList, readAwayList } from '../../src/main/service/away-list'
import {
  decodeOffThread,
  lendDecoder,
  stopDecodeWorker,
  takeBackDecoder
} from '../../src/main/service/decode-pool'
import { serveDecoding } from '../../src/main/service/decode-serve'
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

/** This thread lent to the pool, as the set writer lends its own. */
function lendThisThread(): MessagePort {
  const { port1: here, port2: pool } = new MessageChannel()
  serveDecoding(here, { readerHere: true })
  lendDecoder(pool)
  return pool
}

/**
 * Issue #25: a load's set writer decodes the load's pages for the pool and then writes them, in
 * one thread. A page's records went from that thread's decoder to that thread's writer through a
 * port, as a structured clone of all 500 of them: 8.4 ms a page (in process), on the thread a load
 * waits for. A decoder whose lists are read in its own thread now keeps them there and sends only
 * their key; a reader that does not hold the key refuses the list.
 */
describe('a list decoded by the thread that reads it', () => {
  it('reaches its reader whole, in one message rather than a copy of each part', async () => {
    const pool = lendThisThread()
    try {
      const list = await decodeOffThread(input(), { listAway: {} })
      if (!isAwayList(list)) throw new Error('not sent away')
      let messages = 0
      list.away.on('message', () => {
        messages++
      })
      const read = await readAwayList(list)
      expect(read).toHaveLength(records)
      expect(read[0]).toMatchObject({ setID: expect.any(Number) as number })
      expect(messages).toBe(1)
    } finally {
      takeBackDecoder(pool)
    }
  })

  it('is refused, as a stopped decoder is, by a reader that does not hold it', async () => {
    const { port1, port2 } = new MessageChannel()
    port1.postMessage({ keptHere: 987_654 })
    port1.close()
    const read = readAwayList({ away: port2, length: 3, rejected: [] })
    await expect(read).rejects.toBeInstanceOf(AppError)
    await expect(read).rejects.toMatchObject({ code: 'worker_crashed' })
  })
})
