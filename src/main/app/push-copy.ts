import { AppError } from '../../shared/errors'
import type { ServiceClient } from '../service/index'
import { copyFieldsOf } from '../store/collection-sync-repo'
import type { WriteDb } from '../store/handles'
import { run, transaction } from '../store/handles'
import { sql } from '../store/sql'
import { readCopy } from './edits-state'
import type { CopyValue } from './edits-types'
import { confirmRow, deleteRow, markRow } from './outbox-repo'
import type { OutboxRow } from './outbox-repo'
import { detailOf, sameCopy } from './push-ops'
import type { PushTarget, ServerReads } from './push-ops'

export type PushOutcome = 'done' | 'conflict' | 'unconfirmed'

export interface CopyPushContext {
  readonly db: WriteDb
  readonly profileId: number
  readonly now: () => string
}

/**
 * One copy row through setCollectionDetail: collectionID 0 adds (the service files it under the set
 * whose details were read last, which the pre-read below is), an id with `deleted` removes, else
 * replaces. The service's id of a new copy is learnt from the re-read.
 */
export async function pushCopy(
  ctx: CopyPushContext,
  row: OutboxRow,
  t: PushTarget,
  client: ServiceClient,
  reads: ServerReads
): Promise<PushOutcome> {
  const { db, profileId: p } = ctx
  const setID = t.setID ?? 0
  const desired = JSON.parse(row.desired) as CopyValue | null
  const base = JSON.parse(row.base) as CopyValue | null
  const collectionID = readCopy(db, p, t.id)?.collectionID ?? null
  const dropTombstone = (): void => {
    run(db, sql`DELETE FROM copies WHERE profile_id = ${p} AND local_id = ${t.id} AND deleted = 1`)
  }
  const before = await reads.copies(setID)
  const onServer =
    collectionID === null ? null : (before.find((r) => r.collectionID === collectionID) ?? null)
  if (desired === null && onServer === null) {
    // Never reached the service, or already gone there: the delete is done.
    transaction(db, () => {
      dropTombstone()
      deleteRow(db, row.id)
    })
    return 'done'
  }
  const changedThere =
    collectionID !== null && base !== null && (onServer === null || !sameCopy(onServer, base))
  const alreadyDesired = desired !== null && onServer !== null && sameCopy(onServer, desired)
  if (changedThere && !alreadyDesired) {
    const server = onServer === null ? null : copyFieldsOf(onServer)
    const reason = 'Changed on the service since your edit.'
    markRow(db, row.id, { state: 'conflict', reason, server: JSON.stringify(server) }, ctx.now())
    return 'conflict'
  }
  const values = desired ?? (onServer ? copyFieldsOf(onServer) : null)
  if (values === null) throw new AppError('internal', 'A copy to delete has no values.')
  await client.v2.setCollectionDetail({
    detail: detailOf(collectionID ?? 0, values, desired === null)
  })
  reads.forget(setID)
  const after = await reads.copies(setID)
  if (desired === null) {
    if (after.some((r) => r.collectionID === collectionID)) return 'unconfirmed'
    transaction(db, () => {
      dropTombstone()
      confirmRow(db, row, row.desired, ctx.now())
    })
    return 'done'
  }
  let id = collectionID
  if (id === null) {
    const known = new Set(before.map((r) => r.collectionID))
    id = after.find((r) => !known.has(r.collectionID) && sameCopy(r, desired))?.collectionID ?? null
  }
  const confirmed = id === null ? undefined : after.find((r) => r.collectionID === id)
  if (!confirmed || !sameCopy(confirmed, desired)) return 'unconfirmed'
  transaction(db, () => {
    run(
      db,
      sql`UPDATE copies SET collection_id = ${id} WHERE profile_id = ${p} AND local_id = ${t.id}`
    )
    confirmRow(db, row, row.desired, ctx.now())
  })
  return 'done'
}
