import { parentPort } from 'node:worker_threads'
import { AppError } from '../../shared/errors'
import { rejectionsOf } from '../../shared/protocol/record-tolerance'
import type { RecordRejection } from '../../shared/protocol/record-tolerance'
import { readInput } from './answer-bytes'
import type { PoolInput } from './answer-bytes'

/** Worker side of the decode pool: large responses are validated and decoded off the main loop. */
interface Job {
  readonly id: number
  /** Text, or bytes handed over by the main thread: their text is made here (decode-pool.ts). */
  readonly input: PoolInput
}

/** The main side asks for the next part once it has handled the previous one. */
interface Ack {
  readonly ack: number
}

/** Records per message: each reply is small enough to deserialise on the main loop in a few ms. */
const CHUNK = 100

// Parts wait here until the main loop asks for them: sent all at once, they would be delivered in
// one turn of the main loop and stall it as long as an inline decode would.
interface Queued {
  readonly parts: unknown[][]
  /** The answer without its list, sent last; the list goes back under `into` (null: the answer is the list). */
  readonly rest: unknown
  readonly into: string | null
  /** Records left out of a list answer: they ride beside the list, which a message cannot carry. */
  readonly rejected: readonly RecordRejection[]
}
const queued = new Map<number, Queued>()

/**
 * The list to send in parts: the answer itself (v2 records) or the one long list of a v3 answer
 * object (its checked `sets`); null when every list is short enough for one message.
 */
function longList(value: unknown): { list: unknown[]; rest: unknown; into: string | null } | null {
  if (Array.isArray(value))
    return value.length > CHUNK ? { list: value, rest: [], into: null } : null
  if (typeof value !== 'object' || value === null) return null
  const entries = Object.entries(value)
  const at = entries.findIndex(([, v]) => Array.isArray(v) && v.length > CHUNK)
  const found = entries[at]
  if (found === undefined) return null
  const rest = Object.fromEntries(entries.filter((_, i) => i !== at))
  return { list: found[1] as unknown[], rest, into: found[0] }
}

function sendNext(id: number): void {
  const job = queued.get(id)
  if (job === undefined) return
  const part = job.parts.shift()
  if (part === undefined) {
    queued.delete(id)
    parentPort?.postMessage({
      id,
      ok: true,
      value: job.rest,
      parts: true,
      into: job.into,
      rejected: job.rejected
    })
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
    const value = readInput(job.input)
    const rejected = Array.isArray(value) ? rejectionsOf(value) : []
    const long = longList(value)
    if (long !== null) {
      const parts: unknown[][] = []
      for (let i = 0; i < long.list.length; i += CHUNK) parts.push(long.list.slice(i, i + CHUNK))
      queued.set(job.id, { parts, rest: long.rest, into: long.into, rejected })
      sendNext(job.id)
      return
    }
    parentPort?.postMessage({ id: job.id, ok: true, value, rejected })
  } catch (e) {
    const error =
      e instanceof AppError
        ? e.toJSON()
        : { code: 'bad_xml', message: 'The response could not be decoded.', retryable: false }
    parentPort?.postMessage({ id: job.id, ok: false, error })
  }
})
