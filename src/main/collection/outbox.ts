import type { ReadDb, WriteDb } from '../store/handles'
import {
  bumpAttempts,
  confirmRow,
  conflictRows,
  deleteRow,
  getRow,
  hasRoundWork,
  lastOutboxId,
  markRow,
  markSent,
  pendingPage,
  pendingRow,
  pendingRows,
  pendingRowsOf,
  rebaseRow,
  roundSetIDs,
  sentValues
} from './outbox-repo'
import type { OutboxRow } from './outbox-repo'
import { parseOutboxTarget } from './outbox-target'

/**
 * The outbox as the rest of the app sees it (the push, its conflict checks, a restore): what it
 * reads, and each change of a row's state named for what happened, never for the columns it
 * writes. A row is pending until the service confirms it (gone) or shows another value (conflict),
 * or the push gives up on it (needs attention); the user's answer makes it pending again.
 * The edit path adds rows itself (edits.ts, in the edit's transaction); every statement is in
 * outbox-repo.ts.
 */
export const outbox = {
  // What the push reads.
  row: (db: ReadDb, id: number): OutboxRow | null => getRow(db, id),
  /** The row as it is now, if it still waits to be sent: an edit may have changed it meanwhile. */
  stillPending: (db: ReadDb, id: number): OutboxRow | null => pendingRow(db, id),
  pending: pendingRows,
  pendingPage,
  /** Pending rows of one field of one target (owned and quantity travel together). */
  pendingOf: pendingRowsOf,
  conflicts: conflictRows,
  hasRoundWork,
  /** The sets a round may change the sync state of. */
  roundSetIDs,
  lastId: lastOutboxId,
  sentValues,
  target: parseOutboxTarget,

  /**
   * The service holds `pushed`: the row is gone, or, when the user edited the field meanwhile,
   * stays pending with `pushed` as its base. True when it is gone.
   */
  confirmed: (db: WriteDb, row: OutboxRow, pushed: string, now: string): boolean =>
    confirmRow(db, row, pushed, now),
  /** A write of `value` is about to leave: recorded (committed) first, as our own value. */
  sending: (db: WriteDb, id: number, value: string, now: string): void => {
    markSent(db, id, value, now)
  },
  /** The service holds another value (`server`, JSON) than the row's base: the user chooses. */
  inConflict: (
    db: WriteDb,
    id: number,
    server: string | null,
    reason: string | null,
    now: string
  ): void => {
    markRow(db, id, { state: 'conflict', reason, server }, now)
  },
  /** The push gave up on the row for `reason`: it waits for the user, not sent again by itself. */
  needsAttention: (db: WriteDb, id: number, reason: string, now: string): void => {
    markRow(db, id, { state: 'needs_attention', reason }, now)
  },
  /** The user answered (retry, or keep mine): the row is sent again by the next round. */
  pendingAgain: (db: WriteDb, id: number, now: string): void => {
    markRow(db, id, { state: 'pending', reason: null, server: null }, now)
  },
  /** A write failed in a way worth trying again: counted, with why. */
  failedOnce: (db: WriteDb, id: number, reason: string, now: string): void => {
    bumpAttempts(db, id, reason, now)
  },
  /** The service's value the user has now seen becomes the row's base. */
  rebased: (db: WriteDb, id: number, base: string, now: string): void => {
    rebaseRow(db, id, base, now)
  },
  /** The row is done with without a write (the service already agrees, or the edit is dropped). */
  dropped: (db: WriteDb, id: number): void => {
    deleteRow(db, id)
  }
} as const
