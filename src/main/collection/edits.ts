import { AppError } from '../../shared/errors'
import type { WriteDb } from '../store/handles'
import { transaction } from '../store/handles'
import { checkQuantityFloor, dropBlankCopiesBeyondQuantity } from './copy-rules'
import { currentValue, readSet, writeValue } from './collection-state-repo'
import { setEdit } from './edits-types'
import { editKey } from './outbox-target'
import type { Edit } from './edits-types'
import { appendJournal, setUndone } from './journal-repo'
import { enqueue, serviceStillHolds } from './outbox-repo'

/**
 * The edit path: local state, outbox rows and the journal entry are written in ONE
 * transaction; only when it has committed does the caller acknowledge the edit.
 */

type JournalMode =
  | { readonly kind: 'new'; readonly description: string; readonly batchId?: string }
  | { readonly kind: 'undo'; readonly entryId: number }
  | { readonly kind: 'redo'; readonly entryId: number }

interface ApplyResult {
  readonly journalId: number | null
  /** Edits that changed something, after the owned/quantity rules were applied. */
  readonly applied: readonly Edit[]
  readonly setIDs: readonly number[]
  readonly outboxIds: readonly number[]
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b)

/**
 * The collection's rule, as the service applies it: owning means at least one copy; a quantity
 * above zero means owned; not owned means quantity 0. Both fields get an edit whenever either
 * changes, so the service ends in the same pair whatever order the rows are sent in.
 */
function expand(db: WriteDb, profileId: number, edits: readonly Edit[]): Edit[] {
  const out: Edit[] = []
  const pending = new Map<number, { owned: boolean; qtyOwned: number }>()
  for (const e of edits) {
    if (e.kind !== 'set' || (e.field !== 'owned' && e.field !== 'qtyOwned')) {
      out.push(e)
      continue
    }
    const cur = pending.get(e.setID) ?? readSet(db, profileId, e.setID)
    const next =
      e.field === 'owned'
        ? { owned: e.value, qtyOwned: e.value ? Math.max(cur.qtyOwned, 1) : 0 }
        : { owned: e.value > 0, qtyOwned: e.value }
    pending.set(e.setID, next)
    out.push(setEdit(e.setID, 'owned', next.owned), setEdit(e.setID, 'qtyOwned', next.qtyOwned))
  }
  return out
}

export function applyEdits(
  db: WriteDb,
  profileId: number,
  edits: readonly Edit[],
  mode: JournalMode,
  now: string
): ApplyResult {
  if (edits.length === 0) throw new AppError('invalid_input', 'Nothing to change.')
  return transaction(db, () => {
    const forward: Edit[] = []
    const backward: Edit[] = []
    const changes: { edit: Edit; before: unknown }[] = []
    for (const e of expand(db, profileId, edits)) {
      const before = currentValue(db, profileId, e)
      if (same(before, e.value)) continue
      writeValue(db, profileId, e, now)
      changes.push({ edit: e, before })
      forward.push(e)
      backward.unshift({ ...e, value: before } as Edit)
    }
    let journalId: number | null = null
    if (mode.kind === 'new' && forward.length > 0) {
      journalId = appendJournal(
        db,
        profileId,
        {
          description: mode.description,
          forward,
          backward,
          ...(mode.batchId ? { batchId: mode.batchId } : {})
        },
        now
      )
    } else if (mode.kind !== 'new') {
      journalId = mode.entryId
      setUndone(db, profileId, mode.entryId, mode.kind === 'undo')
    }
    // Checked once every edit is in, so undoing "add a copy" (copy gone, quantity down) passes.
    for (const e of forward) {
      if (e.kind !== 'set' || e.field !== 'qtyOwned') continue
      // An undo or redo back to the quantity the service still holds (the raise was never sent,
      // e.g. the doctor's "match the copies" fix) sends nothing: no record can be dropped there,
      // which is all the floor guards against, so the set returns to exactly what it was.
      const replayToService =
        mode.kind !== 'new' &&
        serviceStillHolds(db, profileId, editKey(e).target, 'qtyOwned', e.value)
      if (!replayToService) checkQuantityFloor(db, profileId, e.setID)
      dropBlankCopiesBeyondQuantity(db, profileId, e.setID)
    }
    const outboxIds = changes.map(({ edit, before }) => {
      const key = editKey(edit)
      return enqueue(db, profileId, { ...key, desired: edit.value, before, journalId }, now)
    })
    const setIDs = [
      ...new Set(forward.flatMap((e) => (e.kind === 'set' || e.kind === 'copy' ? [e.setID] : [])))
    ]
    return { journalId, applied: forward, setIDs, outboxIds }
  })
}
