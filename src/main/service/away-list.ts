import { MessagePort } from 'node:worker_threads'
import { AppError } from '../../shared/errors'
import type { RecordRejection } from '../../shared/protocol/record-tolerance'

/**
 * A call may ask for its answer's long list to go elsewhere than the thread that called
 * (CallOptions `listAway`): the decode worker then posts the list's records to a port of their
 * own, and the caller receives this in the list's place, to hand the port on (a transfer) to the
 * thread that uses the records. The records never enter the calling thread's heap: a catalogue
 * page's 500 sets made 1-2 MB of objects on the main thread that lived for several turns, on
 * their way from the decode worker to the set writer (issue #25).
 */
export interface AwayList {
  /** Where the records arrive, in parts; it closes after the last. */
  readonly away: MessagePort
  /** How many records the list holds. */
  readonly length: number
  /** Records the decoder left out of the list (record-tolerance.ts). */
  readonly rejected: readonly RecordRejection[]
  /** Each record's `keys` field (ListAway), when the call asked for them. */
  readonly keys?: readonly string[]
}

/** What a call asks of its answer's long list. */
export interface ListAway {
  /** The answer's field that holds the list (v3 getSets: `sets`); none: the answer is the list. */
  readonly list?: string
  /** Only this field of each record travels (v3 getSets: `flat`, the record as stored). */
  readonly pick?: string
  /**
   * This field of each record, a string ('' where it is not one), comes back beside the list
   * (`AwayList.keys`): what the caller counts without the records (v3 getMinifigs: the figures'
   * numbers, to know when all the service's `matches` are in).
   */
  readonly keys?: string
}

/**
 * A record's `field` when the record is an object holding text there, else ''. The one rule for
 * a list's keys, whether the decoder reads them before the list goes away (decode-serve.ts) or the
 * caller reads them from records it holds (sync/pull/figure-page.ts): both count the same page alike.
 */
export function keyOf(record: unknown, field: string): string {
  if (typeof record !== 'object' || record === null || !(field in record)) return ''
  const v = (record as Record<string, unknown>)[field]
  return typeof v === 'string' ? v : ''
}

export function isAwayList(value: unknown): value is AwayList {
  return (
    typeof value === 'object' &&
    value !== null &&
    'away' in value &&
    value.away instanceof MessagePort &&
    'length' in value &&
    typeof value.length === 'number'
  )
}

/**
 * Lists kept in the thread that decoded them, for a reader in the same thread (the set writer of a
 * load decodes its pages for the pool and then writes them): a structured clone of a 500-record
 * page to its own thread cost 8.4 ms there, on the thread a load waits for (issue #25). The port
 * then carries only the list's key. A list whose reader dropped it unread is forgotten once
 * KEPT_MAX later ones wait (a load asks for one page ahead).
 */
const keptHere = new Map<number, unknown[]>()
const KEPT_MAX = 16
let lastKey = 0

/** What a port carries in place of a list kept in this thread. */
interface KeptHere {
  readonly keptHere: number
}

/** Sends `list` on `port` by its key, kept in this thread for a reader here; closes the port. */
export function sendKeptHere(port: MessagePort, list: unknown[]): void {
  const key = ++lastKey
  keptHere.set(key, list)
  for (const old of keptHere.keys()) {
    if (keptHere.size <= KEPT_MAX) break
    keptHere.delete(old)
  }
  port.postMessage({ keptHere: key } satisfies KeptHere)
  port.close()
}

/**
 * The list's records, read from its port by the thread that uses them. A port that closes before
 * every record came (its decode worker ended), or that names a list this thread does not keep, is
 * AppError `worker_crashed`.
 */
export function readAwayList(list: AwayList): Promise<unknown[]> {
  const out: unknown[] = []
  const port = list.away
  return new Promise((resolve, reject) => {
    let done = false
    port.on('message', (part: unknown[] | KeptHere) => {
      if (done) return
      if (!Array.isArray(part)) {
        done = true
        port.close()
        const kept = keptHere.get(part.keptHere)
        keptHere.delete(part.keptHere)
        if (kept === undefined) {
          reject(new AppError('worker_crashed', 'The decoder’s records are not on this thread.'))
        } else resolve(kept)
        return
      }
      for (const r of part) out.push(r)
      if (out.length < list.length) return
      done = true
      port.close()
      resolve(out)
    })
    port.once('close', () => {
      if (done) return
      done = true
      reject(new AppError('worker_crashed', 'The decoder stopped before the list was read.'))
    })
  })
}

/** A list's records in hand: the list itself, or read from its port when it travels on one. */
export async function recordsInHand(
  list: readonly unknown[] | AwayList
): Promise<readonly unknown[]> {
  return isAwayList(list) ? readAwayList(list) : list
}

/** Lets a list go unread (the call's page was not written): its queued records are dropped. */
export function dropAwayList(value: unknown): void {
  if (isAwayList(value)) value.away.close()
}
