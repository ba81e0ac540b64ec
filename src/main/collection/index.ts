/** The collection feature's public face: other features import only what is listed here. */
export { collectionPull } from './collection-pull'
export { batchUndone, batchUndoneForGood } from './edit-batches-repo'
export { copyFieldsOf } from './collection-sync-repo'
export type { ServerMinifig, ServerSetState } from './collection-sync-repo'
export {
  bindCopyRecord,
  copyDateTexts,
  dropCopyTombstone,
  heldCollectionIds,
  holdQuantityReturn,
  keepConfirmedDateText,
  markCopyKeptLocal,
  quantityEditState,
  recordsLeaving
} from './copies-repo'
export { isBlank } from './copy-rules'
export { applyEdits } from './edits'
export { writeEditPlan, writeEdits } from './edit-writer'
export type { EditPlan } from './edit-writer'
export type { EditDeps } from './edits-deps'
export { listCopies, readCopy, readSet } from './collection-state-repo'
export {
  copiesInNumberOrder,
  copyCounts,
  heldMinifigs,
  heldSets,
  liveCopiesOfSets,
  minifigByNumber,
  readCollectionSnapshot
} from './held-repo'
export type { CollectionSnapshot, PlacedCopy } from './held-repo'
export type { LocalCopy } from './collection-state-repo'
export { flagField, setEdit, setValuesOf } from './edits-types'
export type { CopyValue, Edit, MinifigValue, SetField, SetFieldValues } from './edits-types'
export { outboxCounts } from './outbox-counts-repo'
export { readStoredCopy, readStoredEdit } from './stored-edits'
export type { OutboxTarget } from './outbox-target'
export { outbox } from './outbox'
export type { OutboxRow } from './outbox-repo'
export { flagLabels, moneyByCurrency } from './read-model-repo'
export { EMPTY_SET, copyFieldsOfRow, readMinifig } from './collection-state-repo'
export { SET_FIELDS } from './edits-types'
export { ownedSetsWithNames, userSetIdsIn, wantedSetsWhere } from './set-lists-repo'
export type { OwnedSetRow } from './set-lists-repo'
export { copyLocations, locatedCopies } from './located-copies-repo'
export type { LocatedCopyRow } from './located-copies-repo'
export {
  copyHeldBy,
  liveCopiesWithSets,
  nextOwnedBound,
  ownedSliceCopies,
  undetailedOwnedCopies
} from './copy-sums-repo'
export { detailedCopyCount, problemRowsSql } from './collection-checks-sql'
export type { CheckContext, ProblemTarget } from './collection-checks-sql'
export { setStateSql } from './set-state-sql'
