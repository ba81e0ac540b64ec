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
 * Issue #25: a catalogue load's set writer decodes the load's pages for the pool, and then writes
 * them, in one thread. A page's records went from that thread's decoder to that thread's writer
 * through a port, as a structured clone of all 500 of them: 8.4 ms a page (in process), on the
 * thread a load waits for. A decoder whose lists are read in its own thread now keeps them there
 * and sends only their key; a reader that does not hold the key refuses the list.
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

/** This thread lent to the pool, as the set writer lends its own. */
function lendThisThread(): MessagePort {
  const { port1: here, port2: pool } = new MessageChannel()
  serveDecoding(here, { readerHere: true })
  lendDecoder(pool)
  return pool
}

describe('a list decoded by the thread that reads it', () => {
  it('reaches its reader whole, in one message rather than a copy of each part', async () => {
    const pool = lendThisThread()
    try {
      const list = await decodeOffThread({ ...V2_POST, bytes: page.slice() }, { listAway: {} })
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
