import { parentPort } from 'node:worker_threads'
import { AppError } from '../../shared/errors'
import { decodeResponse } from './decode-response'
import type { DecodeInput } from './decode-response'

/** Worker side of the decode pool: large responses are validated and decoded off the main loop. */
interface Job {
  readonly id: number
  readonly input: DecodeInput
}

/** The main side asks for the next part once it has handled the previous one. */
interface Ack {
  readonly ack: number
}

/** Records per message: each reply is small enough to deserialise on the main loop in a few ms. */
const CHUNK = 100

// Parts wait here until the main loop asks for them: sent all at once, they would be delivered in
// one turn of the main loop and stall it as long as an inline decode would.
const queued = new Map<number, unknown[][]>()

function sendNext(id: number): void {
  const parts = queued.get(id)
  if (parts === undefined) return
  const part = parts.shift()
  if (part === undefined) {
    queued.delete(id)
    parentPort?.postMessage({ id, ok: true, value: [], parts: true })
    return
  }
  parentPort?.postMessage({ id, part })
}

parentPort?.on('message', (message: Job | Ack) => {
  if ('ack' in message) {
    sendNext(message.ack)
    return
  }
  const job = message
  try {
    const value = decodeResponse(job.input)
    if (Array.isArray(value) && value.length > CHUNK) {
      const parts: unknown[][] = []
      for (let i = 0; i < value.length; i += CHUNK) parts.push(value.slice(i, i + CHUNK))
      queued.set(job.id, parts)
      sendNext(job.id)
      return
    }
    parentPort?.postMessage({ id: job.id, ok: true, value })
  } catch (e) {
    const error =
      e instanceof AppError
        ? e.toJSON()
        : { code: 'bad_xml', message: 'The response could not be decoded.', retryable: false }
    parentPort?.postMessage({ id: job.id, ok: false, error })
  }
})
