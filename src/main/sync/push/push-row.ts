import { outbox, readStoredEdit } from '../../collection/index'
import type { OutboxRow } from '../../collection/index'
import type { ServiceClient } from '../../service/index'
import type { WriteDb } from '../../store/handles'
import { commitDurably } from '../../store/commit-off-thread'
import { pushCopy } from './copy'
import type { PushOutcome } from './copy'
import { readServer, writeServer } from './ops'
import type { Offers, ServerReads } from './ops'

/** What pushing one row needs: the database, the round's client, reads and offers. */
export interface RowPush {
  readonly db: WriteDb
  readonly profileId: number
  readonly now: () => string
  readonly client: ServiceClient
  readonly reads: ServerReads
  readonly has: Offers
  /**
   * Records that the service shows a row's pushed value (confirmRow). A round passes its own to
   * commit many together: the record that a write leaves must be committed alone, first; this
   * one may wait, as a crash before it only leaves the row for the next round to find confirmed.
   */
  readonly confirm?: (row: OutboxRow, pushed: string) => void
}

const json = (v: unknown): string => JSON.stringify(v)

/** One of a row's stored values (desired, base, a sent one), parsed for the row's own target. */
const storedValue = (row: OutboxRow, value: string): unknown =>
  readStoredEdit(outbox.target(row), value, 'A waiting change').value

/** Pending rows of the field the service moves together with this one (owned and quantity). */
function coupledRows(db: WriteDb, row: OutboxRow): OutboxRow[] {
  if (row.field !== 'owned' && row.field !== 'qtyOwned') return []
  const other = row.field === 'owned' ? 'qtyOwned' : 'owned'
  return outbox.pendingOf(db, row.profile_id, row.target, other)
}

/**
 * What the service makes of the other field when `field` is written with `value` and the other
 * held `base` (docs/protocol.md §2): owning sets the quantity to at least one, not owning clears
 * it; a quantity above zero means owned.
 */
function coupledEffect(field: string, value: unknown, base: unknown): unknown {
  if (field === 'owned') return value === true ? (base === 0 ? 1 : base) : 0
  return typeof value === 'number' && value > 0
}

/**
 * Whether the service's value `s` for this row is our own earlier write: any value this row sent
 * since its base, or what a coupled row's write did to this field. Each write was recorded
 * (`sent`) before it went out, so a crash between the service's answer and the local commit still
 * knows it (issue #13), even when a later write of the row never left (issue #26).
 */
function ourOwnWrite(db: WriteDb, row: OutboxRow, s: string): boolean {
  if (outbox.sentValues(row).includes(s)) return true
  const base = storedValue(row, row.base)
  return coupledRows(db, row).some((sib) =>
    outbox
      .sentValues(sib)
      .some((v) => json(coupledEffect(sib.field, storedValue(sib, v), base)) === s)
  )
}

/**
 * A row found already on the service after a write of ours whose answer never got recorded: the
 * coupled field moved with it then, so its row's base follows, as after a write in this round.
 */
async function followEarlierWrite(ctx: RowPush, row: OutboxRow): Promise<void> {
  if (outbox.sentValues(row).length === 0) return
  const desired = storedValue(row, row.desired)
  for (const sib of coupledRows(ctx.db, row)) {
    const server = await readServer(outbox.target(sib), ctx.reads, ctx.has)
    if (server === undefined || json(server) === sib.base) continue
    if (json(coupledEffect(row.field, desired, storedValue(sib, sib.base))) === json(server)) {
      outbox.rebased(ctx.db, sib.id, json(server), ctx.now())
    }
  }
}

/**
 * One row: the service's value is read and compared with the row's base (a change behind our back
 * becomes a conflict, our own earlier write does not), then written, read back, and confirmed only
 * when the re-read shows it.
 */
export async function pushRow(ctx: RowPush, row: OutboxRow): Promise<PushOutcome> {
  const { db, now, reads, has } = ctx
  const t = outbox.target(row)
  if (t.kind === 'copy') {
    return pushCopy({ db, profileId: ctx.profileId, now }, row, t, ctx.client)
  }
  // Parsed before anything goes out: a damaged row is an AppError, and nothing is sent or marked.
  const edit = readStoredEdit(t, row.desired, 'A waiting change')
  const server = await readServer(t, reads, has)
  if (server !== undefined) {
    const s = json(server)
    if (s === row.desired) {
      // Already there (an earlier round was cut off after the write, or an undo brought the
      // value back before it left): confirmed without a write.
      await followEarlierWrite(ctx, row)
      return confirm(ctx, row)
    }
    if (s !== row.base && !ourOwnWrite(db, row, s)) {
      const reason = 'Changed on the service since your edit.'
      outbox.inConflict(db, row.id, s, reason, now())
      return 'conflict'
    }
  }
  const siblings = coupledRows(db, row)
  const siblingBefore = await Promise.all(
    siblings.map((r) => readServer(outbox.target(r), reads, has))
  )
  // On disk before the write leaves: whatever happens after, the service's value is known as
  // ours. The disk is waited for off the main thread (one fsync per row held it 5-150 ms).
  await commitDurably(db, () => {
    outbox.sending(db, row.id, row.desired, now())
  })
  await writeServer(edit, ctx.client, has)
  reads.forget(row.set_id)
  const after = await readServer(t, reads, has)
  // The service moves owned and quantity together; what our write did to the sibling field is
  // not a change behind our back, so the sibling's base follows it.
  for (const [i, sib] of siblings.entries()) {
    const was = siblingBefore[i]
    if (was === undefined || json(was) !== sib.base) continue
    const now2 = await readServer(outbox.target(sib), reads, has)
    if (now2 !== undefined) outbox.rebased(db, sib.id, json(now2), now())
  }
  // Without a way to read the value back (earlier service), the service's OK is the confirmation.
  if (after !== undefined && json(after) !== row.desired) return 'unconfirmed'
  return confirm(ctx, row, 'done')
}

/**
 * The service shows the row's value: confirmed in the round's batch when it has one (one
 * transaction for many rows, not waited for on disk), else at once. Confirmed one commit a row,
 * each waited for on disk, the 5,000 rows a bulk edit and its undo left held the main thread
 * 3.8 s in a profiled push (issue #25). `unconfirmed`: what an immediate confirmation that leaves
 * the row (the user changed it meanwhile) is told as.
 */
function confirm(
  ctx: RowPush,
  row: OutboxRow,
  unconfirmed: PushOutcome = 'unconfirmed'
): PushOutcome {
  if (ctx.confirm) {
    ctx.confirm(row, row.desired)
    return 'done'
  }
  return outbox.confirmed(ctx.db, row, row.desired, ctx.now()) ? 'done' : unconfirmed
}
