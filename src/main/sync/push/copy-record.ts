import type { CollectionDetailRecord } from '../../../shared/protocol/records'
import type { ServiceClient } from '../../service/index'
import type { WriteDb } from '../../store/handles'
import {
  copyFieldsOf,
  heldCollectionIds,
  holdQuantityReturn,
  isBlank
} from '../../collection/index'

/**
 * Where a new copy's record comes from (docs/protocol.md §2): the service makes copy records only
 * when the quantity rises. A copy deleted there takes its record and leaves the quantity, so a
 * set can own more than it has records; a new copy added beside such a delete (one out, one in,
 * the quantity as it was) would then find no record at all, and never reach the service.
 */

/** The first blank record of the set that no local copy holds, if any. */
export function freeRecord(
  db: WriteDb,
  profileId: number,
  records: readonly CollectionDetailRecord[]
): CollectionDetailRecord | undefined {
  const held = heldCollectionIds(db, profileId)
  return records.find((r) => !held.has(r.collectionID) && isBlank(copyFieldsOf(r)))
}

/**
 * Makes a record when the service owns more than it has records: raises the quantity by one (a
 * new blank record) and leaves an outbox row that lowers it back, committed before the raise
 * leaves. The lowering removes nothing (the records stay at or below the quantity), and it is
 * sent after this copy's row, so the copy's details are written first. Returns the set's records
 * after the raise, or null when the quantity leaves no room for one more.
 */
export async function makeRecord(
  ctx: { readonly db: WriteDb; readonly profileId: number; readonly now: () => string },
  setID: number,
  records: readonly CollectionDetailRecord[],
  client: ServiceClient
): Promise<CollectionDetailRecord[] | null> {
  const [set] = await client.v2.getSet({ SetID: setID })
  const qty = set?.qtyOwned ?? 0
  if (qty < 1 || records.length >= qty) return null
  holdQuantityReturn(ctx.db, ctx.profileId, setID, qty, ctx.now())
  await client.v2.setCollection_qtyOwned({ setID, qtyOwned: qty + 1 })
  return client.v2.getCollectionDetail({ SetID: setID })
}
