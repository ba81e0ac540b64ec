import { setEdit } from './edits-types'
import type { CopyValue, Edit } from './edits-types'

/**
 * A new copy as the edit path takes it. A copy record is made on the service by raising the
 * quantity (docs/protocol.md §2): a new copy is one more owned. The quantity comes first, so its
 * outbox row is sent first. `qtyOwned` is the quantity now, read in the caller's transaction.
 */
export function addCopyEdits(
  setID: number,
  qtyOwned: number,
  localId: string,
  copy: CopyValue
): Edit[] {
  return [setEdit(setID, 'qtyOwned', qtyOwned + 1), { kind: 'copy', setID, localId, value: copy }]
}
