import { AppError } from '../../../shared/errors'
import type { ErrorCode } from '../../../shared/errors'
import type { ServiceName } from '../../../shared/protocol/operations'
import type { ServiceClient } from '../../service/index'
import type { Store } from '../../store/connection'
import {
  bumpAttempts,
  confirmRow,
  markRow,
  pendingRow,
  pendingRows,
  parseOutboxTarget,
  pendingRowsOf,
  rebaseRow
} from '../../collection/index'
import type { OutboxRow } from '../../collection/index'
import { readServer, ServerReads, writeServer } from './ops'
import type { Offers } from './ops'
import { pushCopy } from './copy'
import type { PushOutcome } from './copy'

/**
 * The pusher drains the outbox: rows in order per set; before a write the service's
 * value is read and compared with the row's base (a change behind our back becomes a conflict);
 * a row is removed only after the service said OK and a re-read shows the desired value.
 */

export interface PusherDeps {
  readonly store: Store
  readonly profileId: () => number
  readonly client: () => ServiceClient
  /** The active profile holds a userHash: without one, rows wait. */
  readonly signedIn: () => boolean
  readonly now: () => Date
  readonly log?: { warn(m: string, d?: unknown): void }
}

export interface PushReport {
  readonly pushed: number
  readonly conflicts: number
  readonly failed: number
  /** Why the round stopped early (offline, signed out, allowance), or null. */
  readonly stopped: string | null
}

export interface Pusher {
  /** One round over the pending rows; joins a round already running. */
  push(signal?: AbortSignal): Promise<PushReport>
  /** Forget what the service offers (after a profile switch). */
  reset(): void
}

/** Errors that end the whole round: the next rows would fail the same way. */
const STOP_ROUND: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'offline',
  'timeout',
  'connection_reset',
  'invalid_user_hash',
  'invalid_key',
  'limit_exceeded'
])
const MAX_UNCONFIRMED = 5

const json = (v: unknown): string => JSON.stringify(v)

export function createPusher(deps: PusherDeps): Pusher {
  let running: Promise<PushReport> | null = null
  let offers: Offers | null = null
  const db = () => deps.store.write
  const now = () => deps.now().toISOString()

  async function loadOffers(client: ServiceClient): Promise<Offers> {
    if (offers) return offers
    const found = await client.discover()
    if (!found.v2.ok && !found.legacy.ok) throw found.v2.error
    const ops = new Map<ServiceName, Set<string>>()
    for (const s of ['v2', 'v3', 'legacy'] as const) {
      const entry = found[s]
      ops.set(s, new Set(entry.ok ? entry.description.operations : []))
    }
    offers = (service, op) => ops.get(service)?.has(op) === true
    return offers
  }

  function unconfirmed(row: OutboxRow, why: string): void {
    bumpAttempts(db(), row.id, why, now())
    if (row.attempts + 1 >= MAX_UNCONFIRMED) {
      markRow(db(), row.id, { state: 'needs_attention', reason: why }, now())
    }
  }

  function coupledRows(row: OutboxRow): OutboxRow[] {
    if (row.field !== 'owned' && row.field !== 'qtyOwned') return []
    const other = row.field === 'owned' ? 'qtyOwned' : 'owned'
    return pendingRowsOf(db(), row.profile_id, row.target, other)
  }

  async function pushRow(
    row: OutboxRow,
    client: ServiceClient,
    reads: ServerReads,
    has: Offers
  ): Promise<PushOutcome> {
    const t = parseOutboxTarget(row)
    if (t.kind === 'copy') {
      return pushCopy({ db: db(), profileId: deps.profileId(), now }, row, t, client)
    }
    const desired: unknown = JSON.parse(row.desired)
    const server = await readServer(t, reads, has)
    if (server !== undefined) {
      const s = json(server)
      if (s === row.desired) {
        // Already there (an earlier round was cut off after the write): confirmed without a write.
        return confirmRow(db(), row, row.desired, now()) ? 'done' : 'unconfirmed'
      }
      if (s !== row.base) {
        markRow(
          db(),
          row.id,
          { state: 'conflict', reason: 'Changed on the service since your edit.', server: s },
          now()
        )
        return 'conflict'
      }
    }
    const siblings = coupledRows(row)
    const siblingBefore = await Promise.all(
      siblings.map((r) => readServer(parseOutboxTarget(r), reads, has))
    )
    await writeServer(t, desired, client, has)
    reads.forget(row.set_id)
    const after = await readServer(t, reads, has)
    // The service moves owned and quantity together; what our write did to the sibling field is
    // not a change behind our back, so the sibling's base follows it.
    for (const [i, sib] of siblings.entries()) {
      const was = siblingBefore[i]
      if (was === undefined || json(was) !== sib.base) continue
      const now2 = await readServer(parseOutboxTarget(sib), reads, has)
      if (now2 !== undefined) rebaseRow(db(), sib.id, json(now2), now())
    }
    // Without a way to read the value back (earlier service), the service's OK is the confirmation.
    if (after !== undefined && json(after) !== row.desired) return 'unconfirmed'
    confirmRow(db(), row, row.desired, now())
    return 'done'
  }

  async function round(signal?: AbortSignal): Promise<PushReport> {
    let pushed = 0
    let conflicts = 0
    let failed = 0
    const report = (stopped: string | null): PushReport => ({ pushed, conflicts, failed, stopped })
    const p = deps.profileId()
    if (pendingRows(db(), p).length === 0) return report(null)
    if (!deps.signedIn()) return report('signed_out')
    const client = deps.client()
    let has: Offers
    try {
      has = await loadOffers(client)
    } catch (e) {
      return report(e instanceof AppError ? e.code : 'internal')
    }
    const reads = new ServerReads(client)
    const blockedSets = new Set<number>()
    for (const first of pendingRows(db(), p)) {
      if (signal?.aborted) return report('cancelled')
      // Re-read the row: an edit may have changed it while we were waiting on the network.
      const row = pendingRow(db(), first.id)
      if (!row) continue
      // FIFO per set: after a row of a set failed, its later rows wait for the next round.
      if (row.set_id !== null && blockedSets.has(row.set_id)) continue
      try {
        const outcome = await pushRow(row, client, reads, has)
        if (outcome === 'done') pushed++
        else if (outcome === 'conflict') conflicts++
        else if (outcome === 'kept_local') failed++
        else if (outcome === 'waiting') {
          // A new copy waits for its set's quantity; it is not a failed attempt.
          if (row.set_id !== null) blockedSets.add(row.set_id)
        } else {
          unconfirmed(row, 'The service did not show the change yet.')
          if (row.set_id !== null) blockedSets.add(row.set_id)
        }
      } catch (e) {
        const err =
          e instanceof AppError
            ? e
            : new AppError('internal', 'Unexpected failure while sending a change.')
        if (!(e instanceof AppError)) deps.log?.warn('push failed', e)
        if (STOP_ROUND.has(err.code)) return report(err.code)
        if (row.set_id !== null) blockedSets.add(row.set_id)
        if (err.retryable) continue
        failed++
        markRow(db(), row.id, { state: 'needs_attention', reason: err.message }, now())
      }
    }
    return report(null)
  }

  return {
    push(signal) {
      running ??= round(signal).finally(() => {
        running = null
      })
      return running
    },
    reset() {
      offers = null
    }
  }
}
