import type { MessagePort } from 'node:worker_threads'
import { AppError } from '../../shared/errors'
import { rejectionsOf } from '../../shared/protocol/record-tolerance'
import type { RecordRejection } from '../../shared/protocol/record-tolerance'
import { readInput } from './answer-bytes'
import { keyOf, sendKeptHere } from './away-list'
import type { PoolInput } from './answer-bytes'

/**
 * The decoding side of the decode pool (decode-pool.ts): large responses are validated and decoded
 * off the main loop, by the pool's own worker (decode-worker.ts) or by a thread that lends itself
 * to the pool while it lives (the set writer of a catalogue load, so that a load runs one worker
 * thread, not two: issue #25).
 */
interface Job {
  readonly id: number
  /** Text, or bytes handed over by the main thread: their text is made here (decode-pool.ts). */
  readonly input: PoolInput
  /** Where the answer's long list goes instead of back to the pool (away-list.ts). */
  readonly away?: MessagePort
  /** The answer's field that holds the list (none: the answer is the list). */
  readonly list?: string
  /** Only this field of each record goes there. */
  readonly pick?: string
  /** This field of each record comes back beside the list (away-list.ts `ListAway`). */
  readonly keys?: string
}

/** The main side asks for the next part once it has handled the previous one. */
interface Ack {
  readonly ack: number
}

/** A job the pool gave up (its call ended) on a thread it does not end: its parts are dropped. */
interface Forget {
  readonly forget: number
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

/** The list a call asked to send away (`field` of the answer, or the answer), if it has records. */
function namedList(
  value: unknown,
  field: string | undefined
): { list: unknown[]; rest: unknown; into: string | null } | null {
  if (field === undefined)
    return Array.isArray(value) && value.length > 0 ? { list: value, rest: [], into: null } : null
  if (typeof value !== 'object' || value === null || !(field in value)) return null
  const { [field]: list, ...rest } = value as Record<string, unknown>
  return Array.isArray(list) && list.length > 0 ? { list, rest, into: field } : null
}

/**
 * The list to the thread that reads it (the set writer), in parts, all at once: none of them is
 * deserialised on the main thread, so none needs pacing there. The port closes after the last.
 * `here`: that thread is this one, so the list stays here and only its key goes (away-list.ts).
 */
function sendAway(
  port: MessagePort,
  list: readonly unknown[],
  pick: string | undefined,
  here: boolean
): void {
  const picked = (from: number, to = list.length): unknown[] => {
    const part = list.slice(from, to)
    return pick === undefined ? part : part.map((r) => fieldOf(r, pick))
  }
  if (here) {
    sendKeptHere(port, picked(0))
    return
  }
  for (let i = 0; i < list.length; i += CHUNK) port.postMessage(picked(i, i + CHUNK))
  port.close()
}

function fieldOf(record: unknown, field: string): unknown {
  return typeof record === 'object' && record !== null && field in record
    ? (record as Record<string, unknown>)[field]
    : record
}

/**
 * Decodes the jobs the pool sends on `port`, and answers there. `readerHere`: the lists sent away
 * are read in this thread (the set writer lends its own thread to the pool).
 */
export function serveDecoding(
  port: MessagePort,
  options: { readonly readerHere?: boolean } = {}
): void {
  const here = options.readerHere ?? false
  const queued = new Map<number, Queued>()

  function sendNext(id: number): void {
    const job = queued.get(id)
    if (job === undefined) return
    const part = job.parts.shift()
    if (part === undefined) {
      queued.delete(id)
      port.postMessage({
        id,
        ok: true,
        value: job.rest,
        parts: true,
        into: job.into,
        rejected: job.rejected
      })
      return
    }
    port.postMessage({ id, part })
  }

  port.on('message', (message: Job | Ack | Forget) => {
    if ('ack' in message) {
      sendNext(message.ack)
      return
    }
    if ('forget' in message) {
      queued.delete(message.forget)
      return
    }
    const job = message
    try {
      const value = readInput(job.input)
      const rejected = Array.isArray(value) ? rejectionsOf(value) : []
      const named = job.away === undefined ? null : namedList(value, job.list)
      if (job.away !== undefined && named !== null) {
        const field = job.keys
        const keys = field === undefined ? undefined : named.list.map((r) => keyOf(r, field))
        sendAway(job.away, named.list, job.pick, here)
        port.postMessage({
          id: job.id,
          ok: true,
          value: named.rest,
          into: named.into,
          rejected,
          away: named.list.length,
          ...(keys === undefined ? {} : { keys })
        })
        return
      }
      job.away?.close()
      const long = longList(value)
      if (long !== null) {
        const parts: unknown[][] = []
        for (let i = 0; i < long.list.length; i += CHUNK) parts.push(long.list.slice(i, i + CHUNK))
        queued.set(job.id, { parts, rest: long.rest, into: long.into, rejected })
        sendNext(job.id)
        return
      }
      port.postMessage({ id: job.id, ok: true, value, rejected })
    } catch (e) {
      job.away?.close()
      const error =
        e instanceof AppError
          ? e.toJSON()
          : { code: 'bad_xml', message: 'The response could not be decoded.', retryable: false }
      port.postMessage({ id: job.id, ok: false, error })
    }
  })
}
