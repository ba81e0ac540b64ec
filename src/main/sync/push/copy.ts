import { AppError } from '../../../shared/errors'
import { accountDateFormat, serviceDateText } from '../../../shared/model/service-date'
import type { CollectionDetailRecord } from '../../../shared/protocol/records'
import type { ServiceClient } from '../../service/index'
import {
  bindCopyRecord,
  copyDateTexts,
  copyFieldsOf,
  dropCopyTombstone,
  keepConfirmedDateText,
  markCopyKeptLocal,
  outbox,
  quantityEditState,
  readCopy,
  readStoredCopy,
  recordsLeaving
} from '../../collection/index'
import type { CopyValue, LocalCopy, OutboxRow, OutboxTarget } from '../../collection/index'
import type { WriteDb } from '../../store/handles'
import { transaction } from '../../store/handles'
import { freeRecord, makeRecord } from './copy-record'
import { detailOf, sameCopy } from './ops'

/**
 * done: confirmed; waiting: the set's quantity is not on the service yet (no attempt counted);
 * kept_local: the service gave a new copy no id, so it stays on this computer, marked.
 */
export type PushOutcome = 'done' | 'conflict' | 'unconfirmed' | 'waiting' | 'kept_local'

interface CopyPushContext {
  readonly db: WriteDb
  readonly profileId: number
  readonly now: () => string
}

const KEPT_LOCAL_REASON = 'kept on this computer: the service gave it no id'
const KEPT_OTHER_REASON = 'The service kept other details than were sent.'

/**
 * One copy row through setCollectionDetail, by collectionID only (docs/protocol.md §2): the record names
 * no set. A new copy first waits for the set's raised quantity to be confirmed, then claims a blank
 * record of that set that no local copy holds; without one it stays local (or, while the quantity
 * is in conflict, waits for the user's answer). Every read is fresh:
 * what an earlier row of this round saw may already be stale.
 */
export async function pushCopy(
  ctx: CopyPushContext,
  row: OutboxRow,
  t: Extract<OutboxTarget, { kind: 'copy' }>,
  client: ServiceClient
): Promise<PushOutcome> {
  const { db, profileId: p } = ctx
  const setID = t.setID
  const desired = readStoredCopy(row.desired, 'A waiting copy change')
  const base = readStoredCopy(row.base, 'A waiting copy change')
  const local = readCopy(db, p, t.localId)
  const dropTombstone = (): void => {
    dropCopyTombstone(db, p, t.localId)
  }
  if (local?.collectionID == null) {
    if (desired === null || local === null) {
      // Never reached the service: nothing to remove there.
      transaction(db, () => {
        dropTombstone()
        outbox.dropped(db, row.id)
      })
      return 'done'
    }
    const quantity = quantityEditState(db, p, setID)
    // The raise that makes this copy's record is on its way: wait for it.
    if (quantity === 'pending') return 'waiting'
    let records = await client.v2.getCollectionDetail({ SetID: setID })
    if (quantity === 'none' && !freeRecord(db, p, records)) {
      records = (await makeRecord(ctx, setID, records, client)) ?? records
    }
    // With the quantity in conflict, a blank record already there still takes the copy; without
    // one the copy waits for the user's answer (its record depends on it), not kept local. So it
    // waits while a delete of another copy of the set is still to go out: that record counts
    // against the quantity until it is gone, and then makeRecord finds room (issue #26).
    const recordComing = quantity === 'held' || recordsLeaving(db, p, setID) > 0
    const claimed = claim(ctx, row, local, records, recordComing)
    if (claimed === 'waiting') return 'waiting'
    if (claimed === null) return 'kept_local'
    return write(ctx, row, { ...local, collectionID: claimed.collectionID }, desired, client)
  }
  const before = await client.v2.getCollectionDetail({ SetID: setID })
  const onServer = before.find((r) => r.collectionID === local.collectionID) ?? null
  if (desired === null && onServer === null) {
    // Already gone there: the delete is done.
    transaction(db, () => {
      dropTombstone()
      outbox.dropped(db, row.id)
    })
    return 'done'
  }
  const changedThere = base !== null && (onServer === null || !sameCopy(onServer, base))
  const alreadyDesired = desired !== null && onServer !== null && sameCopy(onServer, desired)
  if (changedThere && !alreadyDesired && !ourOwnWrite(row, onServer)) {
    const server = onServer === null ? null : copyFieldsOf(onServer)
    const reason = 'Changed on the service since your edit.'
    outbox.inConflict(db, row.id, JSON.stringify(server), reason, ctx.now())
    return 'conflict'
  }
  if (desired !== null) return write(ctx, row, local, desired, client)
  if (onServer === null) throw new AppError('internal', 'A copy to delete is not on the service.')
  // A delete sends the record back as read (every value-typed field is required on the wire).
  await client.v2.setCollectionDetail({ detail: { ...onServer, deleted: true } })
  const after = await client.v2.getCollectionDetail({ SetID: setID })
  if (after.some((r) => r.collectionID === local.collectionID)) return 'unconfirmed'
  transaction(db, () => {
    dropTombstone()
    outbox.confirmed(db, row, row.desired, ctx.now())
  })
  return 'done'
}

/**
 * Whether the record as the service holds it is one of this row's own earlier writes, whose answer
 * never got recorded (a crash, a dropped connection): `sent` gains each value before it goes out.
 */
function ourOwnWrite(row: OutboxRow, onServer: CollectionDetailRecord | null): boolean {
  if (onServer === null) return false
  return outbox.sentValues(row).some((v) => {
    const sent = readStoredCopy(v, 'A waiting copy change')
    return sent !== null && sameCopy(onServer, sent)
  })
}

/**
 * Takes the first blank record of the set that no local copy holds (never one another copy
 * holds, never a record someone filled in on the website) and stores the claim before writing,
 * so a crash after the write still knows which record is ours. Without one, the copy is kept
 * local, or waits ('waiting') while a record may still come: the set's quantity waits for the
 * user, or a delete here is still to free a record there.
 */
function claim(
  ctx: CopyPushContext,
  row: OutboxRow,
  local: LocalCopy,
  records: readonly CollectionDetailRecord[],
  recordComing: boolean
): CollectionDetailRecord | 'waiting' | null {
  const { db, profileId: p } = ctx
  const free = freeRecord(db, p, records)
  if (!free && recordComing) return 'waiting'
  if (!free) {
    transaction(db, () => {
      markCopyKeptLocal(db, p, local.localId)
      outbox.needsAttention(db, row.id, KEPT_LOCAL_REASON, ctx.now())
    })
    return null
  }
  bindCopyRecord(db, p, local.localId, free.collectionID)
  return free
}

/** Writes the desired details to the copy's record and confirms them by a fresh read. */
async function write(
  ctx: CopyPushContext,
  row: OutboxRow,
  local: LocalCopy,
  desired: CopyValue,
  client: ServiceClient
): Promise<PushOutcome> {
  const { db, profileId: p } = ctx
  const id = local.collectionID
  if (id === null) throw new AppError('internal', 'A copy to write has no collectionID.')
  const texts = copyDateTexts(db, p)
  const date = serviceDateText(desired.dateAcquired, local.dateText, accountDateFormat(texts))
  // Committed before the write leaves: whatever happens after, the record's new value is ours.
  outbox.sending(db, row.id, row.desired, ctx.now())
  await client.v2.setCollectionDetail({ detail: detailOf(id, desired, date, false) })
  const after = await client.v2.getCollectionDetail({ SetID: local.setID })
  const confirmed = after.find((r) => r.collectionID === id)
  if (!confirmed) return 'unconfirmed'
  if (!sameCopy(confirmed, desired)) {
    // The service answered OK and holds other details (issue #27 item 4): never confirmed, so
    // the pull cannot write them over the user's; the user sees both and chooses.
    const server = JSON.stringify(copyFieldsOf(confirmed))
    outbox.inConflict(db, row.id, server, KEPT_OTHER_REASON, ctx.now())
    return 'conflict'
  }
  transaction(db, () => {
    keepConfirmedDateText(db, p, local.localId, desired.dateAcquired, confirmed.dateAcquired ?? '')
    outbox.confirmed(db, row, row.desired, ctx.now())
  })
  return 'done'
}
