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
}

/** What a call asks of its answer's long list. */
export interface ListAway {
  /** The answer's field that holds the list (v3 getSets: `sets`); none: the answer is the list. */
  readonly list?: string
  /** Only this field of each record travels (v3 getSets: `flat`, the record as stored). */
  readonly pick?: string
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
 * The list's records, read from its port by the thread that uses them. A port that closes before
 * every record came (its decode worker ended) is AppError `worker_crashed`.
 */
export function readAwayList(list: AwayList): Promise<unknown[]> {
  const out: unknown[] = []
  const port = list.away
  return new Promise((resolve, reject) => {
    let done = false
    port.on('message', (part: unknown[]) => {
      for (const r of part) out.push(r)
      if (out.length < list.length || done) return
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

/** Lets a list go unread (the call's page was not written): its queued records are dropped. */
export function dropAwayList(value: unknown): void {
  if (isAwayList(value)) value.away.close()
}
