import {
  applyServerCopies,
  applyServerMinifig,
  applyServerSetState,
  clearableStateSetIds,
  localCopyIds,
  localStateSetIds,
  setFlagLabel,
  setNotesOnly,
  setTotals,
  targetsWithEdits
} from './collection-sync-repo'

/**
 * What the collection pull (sync/pull/collection.ts) asks of the collection: the service's state
 * applied over the local one, never over a field an edit is still sending (`targetsWithEdits`),
 * and the local rows it compares against. One object, as the outbox is one: the pull is its only
 * user. Every statement is in collection-sync-repo.ts.
 */
export const collectionPull = {
  applySetState: applyServerSetState,
  applyCopies: applyServerCopies,
  applyMinifig: applyServerMinifig,
  /** Sets whose local state a pull that no longer lists them may clear. */
  clearableSetIds: clearableStateSetIds,
  localSetIds: localStateSetIds,
  localCopyIds,
  setFlagLabel,
  setNotesOnly,
  setTotals,
  targetsWithEdits
} as const
