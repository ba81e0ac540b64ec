import type { MessagePort } from 'node:worker_threads'
import type { AppErrorData } from '../../shared/errors'
import { withRejections } from '../../shared/protocol/record-tolerance'
import type { RecordRejection } from '../../shared/protocol/record-tolerance'
import type { AwayList } from './away-list'

/**
 * What a decoding thread sends the pool (decode-pool.ts) about one job, and how the pool makes the
 * caller's answer of it: a part of a long list, the answer, or the error.
 */
export type Reply =
  | { readonly id: number; readonly part: readonly unknown[] }
  | {
      readonly id: number
      readonly ok: true
      readonly value: unknown
      /** The answer's long list came in parts: it is the answer, or goes back under `into`. */
      readonly parts?: true
      readonly into?: string | null
      /** Records left out of a list answer (record-tolerance.ts), put back beside the list. */
      readonly rejected?: readonly RecordRejection[]
      /** The long list went to the job's port instead: this many records (away-list.ts). */
      readonly away?: number
      /** Each of those records' key, when the call asked for them (ListAway `keys`). */
      readonly keys?: readonly string[]
    }
  | { readonly id: number; readonly ok: false; readonly error: AppErrorData }

/** What of a job its answer is assembled from: the parts received, and its port for the list. */
interface Received {
  readonly parts: unknown[]
  away: MessagePort | null
}

/**
 * The answer the worker decoded, its long list put back from the parts that brought it. A list
 * sent to the job's port is handed to the caller with the port, which the job then no longer holds.
 */
export function assembled(reply: Extract<Reply, { ok: true }>, job: Received): unknown {
  const { parts } = job
  const rejected = reply.rejected ?? []
  if (reply.away !== undefined && job.away !== null) {
    const list: AwayList = {
      away: job.away,
      length: reply.away,
      rejected,
      ...(reply.keys === undefined ? {} : { keys: reply.keys })
    }
    // The caller owns the port now: nothing here closes it.
    job.away = null
    const into = reply.into ?? null
    return into === null ? list : { ...(reply.value as Record<string, unknown>), [into]: list }
  }
  if (reply.parts !== true) {
    return Array.isArray(reply.value) ? withRejections(reply.value, rejected) : reply.value
  }
  const into = reply.into ?? null
  if (into === null) return withRejections(parts, rejected)
  return { ...(reply.value as Record<string, unknown>), [into]: parts }
}

/** Bytes whose buffer holds them alone, so it can be transferred; a view of more is copied first. */
export function exclusive(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const whole =
    bytes.buffer instanceof ArrayBuffer &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength
  return whole ? (bytes as Uint8Array<ArrayBuffer>) : bytes.slice()
}
