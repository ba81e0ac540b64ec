import { AppError } from '../../../shared/errors'
import type { ErrorCode } from '../../../shared/errors'
import { storageFault } from '../../store/faults'
import { commitUnsynced } from '../../store/commit-off-thread'
import { outbox } from '../../collection/index'
import type { OutboxRow } from '../../collection/index'
import { refreshConflicts } from './conflicts'
import type { PushOutcome } from './copy'
import { pushRow } from './push-row'
import type { RowPush } from './push-row'
import type { Log } from '../../logging/index'

export interface PushReport {
  readonly pushed: number
  readonly conflicts: number
  readonly failed: number
  /** Why the round stopped early (offline, signed out, allowance), or null. */
  readonly stopped: string | null
}

/** Errors that end the whole round: the next rows would fail the same way. */
const STOP_ROUND: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'offline',
  'timeout',
  'connection_reset',
  // The round's signal fired during a call: the rows after it are not to be sent either.
  'cancelled',
  'invalid_user_hash',
  'invalid_key',
  'limit_exceeded',
  // The service may have taken the write; recording it here failed. The row stays pending and
  // the next round, with room again, finds the value there and confirms it.
  'disk_full'
])
/** A row the service has not shown after this many writes needs the user's attention. */
const MAX_UNCONFIRMED = 5
/**
 * Confirmed rows committed together. Each commit waits for the disk (synchronous = FULL): about
 * 5 ms of main thread under load, twice per row made a 5,000-set push spend ~50 s in commits.
 */
const CONFIRM_BATCH = 50
/**
 * Pending rows read at a time. Reading all of a 5,000-set bulk edit's rows at once held the main
 * thread ~100 ms under load (issue #25); a page of 100 is a few milliseconds, and each row is
 * re-read before it is sent anyway.
 */
const PAGE = 100

/** A round's counts, for the report. */
export class PushTally {
  pushed = 0
  conflicts = 0
  failed = 0

  report(stopped: string | null): PushReport {
    return { pushed: this.pushed, conflicts: this.conflicts, failed: this.failed, stopped }
  }
}

/**
 * One pass over the pending rows, oldest first, each re-read before it is sent. FIFO per set:
 * after a row of a set failed or is unconfirmed, the set's later rows wait for the next round.
 * A conflict, or a new copy waiting for its record, holds back only its own row: the set's other
 * fields and copies go on (issue #26).
 */
export class PushRound {
  private readonly tally = new PushTally()
  private readonly blockedSets = new Set<number>()
  /** Rows the service showed, their confirmation not yet committed (see CONFIRM_BATCH). */
  private confirms: { readonly row: OutboxRow; readonly pushed: string }[] = []

  constructor(
    private readonly ctx: RowPush,
    private readonly log: Pick<Log, 'warn'> | undefined
  ) {}

  async run(signal: AbortSignal | undefined): Promise<PushReport> {
    try {
      return await this.rows(signal)
    } finally {
      this.flush()
    }
  }

  private async rows(signal: AbortSignal | undefined): Promise<PushReport> {
    const { db, profileId } = this.ctx
    const ctx: RowPush = {
      ...this.ctx,
      confirm: (row, pushed) => this.confirms.push({ row, pushed })
    }
    const waiting: OutboxRow[] = []
    // The rows there when the round began: an edit made meanwhile wakes the next round.
    const upTo = outbox.lastId(db, profileId)
    for (let afterId = 0; ;) {
      const page = outbox.pendingPage(db, profileId, { afterId, upTo, limit: PAGE })
      for (const first of page) {
        const stop = await this.one(ctx, first, signal, waiting)
        if (stop !== null) return this.tally.report(stop)
      }
      const last = page.at(-1)
      if (page.length < PAGE || last === undefined) break
      afterId = last.id
    }
    // A new copy waits for what a later row of its set does (a delete here frees a record
    // there): once the pass is over, it has one more go, not only at the next round.
    if (waiting.length > 0 && this.tally.pushed > 0) {
      for (const first of waiting) {
        const stop = await this.one(ctx, first, signal, [])
        if (stop !== null) return this.tally.report(stop)
      }
    }
    this.flush()
    try {
      await refreshConflicts(this.ctx)
    } catch (e) {
      // Only what a conflict shows is at stake: it stays as it was until the next round.
      this.log?.warn('conflicts not re-read', e)
    }
    return this.tally.report(null)
  }

  /**
   * One row of the pass: re-read, sent unless its set is held back. Returns the code that ends
   * the round, or null; a row that answers 'waiting' is added to `waiting`.
   */
  private async one(
    ctx: RowPush,
    first: OutboxRow,
    signal: AbortSignal | undefined,
    waiting: OutboxRow[]
  ): Promise<ErrorCode | 'cancelled' | null> {
    if (signal?.aborted) return 'cancelled'
    // A row of a set (or of no set) with a confirmation waiting sees it committed first: each
    // row then reads its set's outbox as if every earlier row had been confirmed at once.
    if (this.confirms.some((c) => c.row.set_id === first.set_id)) this.flush()
    // Re-read the row: an edit may have changed it while we were waiting on the network.
    const row = outbox.stillPending(ctx.db, first.id)
    if (!row) return null
    if (row.set_id !== null && this.blockedSets.has(row.set_id)) return null
    try {
      const outcome = await pushRow(ctx, row)
      if (outcome === 'waiting') waiting.push(row)
      this.count(row, outcome)
    } catch (e) {
      const stop = this.failed(row, e)
      if (stop !== null) return stop
    }
    if (this.confirms.length >= CONFIRM_BATCH) this.flush()
    return null
  }

  /**
   * Commits the waiting confirmations in one transaction. Failing (a full disk), they stay
   * unrecorded: the rows stay pending, and the next round finds their values on the service and
   * confirms them without writing again.
   */
  private flush(): void {
    const batch = this.confirms
    if (batch.length === 0) return
    this.confirms = []
    const { db, now } = this.ctx
    try {
      // Not waited for on disk: a power cut that drops it leaves the rows pending, and the next
      // round finds their values on the service. The next row's "sent" record syncs it anyway.
      commitUnsynced(db, () => {
        for (const c of batch) outbox.confirmed(db, c.row, c.pushed, now())
      })
    } catch (e) {
      this.log?.warn('confirmations not recorded', e)
    }
  }

  private block(row: OutboxRow): void {
    if (row.set_id !== null) this.blockedSets.add(row.set_id)
  }

  private count(row: OutboxRow, outcome: PushOutcome): void {
    switch (outcome) {
      case 'done':
        this.tally.pushed++
        return
      case 'conflict':
        this.tally.conflicts++
        return
      case 'kept_local':
        this.tally.failed++
        return
      case 'waiting':
        // A new copy waits for its set's quantity; it is not a failed attempt, and what waits
        // is only the copy: a quantity in conflict must not hold back the set's other fields.
        return
      case 'unconfirmed':
        this.unconfirmed(row, 'The service did not show the change yet.')
        this.block(row)
    }
  }

  private unconfirmed(row: OutboxRow, why: string): void {
    const { db, now } = this.ctx
    outbox.failedOnce(db, row.id, why, now())
    if (row.attempts + 1 >= MAX_UNCONFIRMED) {
      outbox.needsAttention(db, row.id, why, now())
    }
  }

  /** A row's write failed: the code that ends the round, or null to go on with the next row. */
  private failed(row: OutboxRow, e: unknown): ErrorCode | null {
    const err =
      e instanceof AppError
        ? e
        : (storageFault(e) ??
          new AppError('internal', 'Unexpected failure while sending a change.'))
    if (!(e instanceof AppError)) this.log?.warn('push failed', e)
    if (STOP_ROUND.has(err.code)) return err.code
    this.block(row)
    if (err.retryable) return null
    this.tally.failed++
    outbox.needsAttention(this.ctx.db, row.id, err.message, this.ctx.now())
    return null
  }
}
