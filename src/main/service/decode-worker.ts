import { parentPort } from 'node:worker_threads'
import { AppError } from '../../shared/errors'
import { decodeResponse } from './decode-response'
import type { DecodeInput } from './decode-response'

/** Worker side of the decode pool: large responses are validated and decoded off the main loop. */
interface Job {
  readonly id: number
  readonly input: DecodeInput
}

parentPort?.on('message', (job: Job) => {
  try {
    parentPort?.postMessage({ id: job.id, ok: true, value: decodeResponse(job.input) })
  } catch (e) {
    const error =
      e instanceof AppError
        ? e.toJSON()
        : { code: 'bad_xml', message: 'The response could not be decoded.', retryable: false }
    parentPort?.postMessage({ id: job.id, ok: false, error })
  }
})
