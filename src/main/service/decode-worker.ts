import { parentPort } from 'node:worker_threads'
import { AppError } from '../../shared/errors'
import { decodeResponse } from './decode-response'
import type { DecodeInput } from './decode-response'

/** Worker side of the decode pool: large responses are validated and decoded off the main loop. */
interface Job {
  readonly id: number
  readonly input: DecodeInput
}

/** Records per message: each reply is small enough to deserialise on the main loop in a few ms. */
const CHUNK = 200

parentPort?.on('message', (job: Job) => {
  try {
    const value = decodeResponse(job.input)
    if (Array.isArray(value) && value.length > CHUNK) {
      for (let i = 0; i < value.length; i += CHUNK) {
        parentPort?.postMessage({ id: job.id, part: value.slice(i, i + CHUNK) })
      }
      parentPort?.postMessage({ id: job.id, ok: true, value: [], parts: true })
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
