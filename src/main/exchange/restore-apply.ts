import { applyEdits } from '../collection/index'
import type { Edit } from '../collection/index'
import type { WriteDb } from '../store/handles'
import { transaction } from '../store/handles'
import { mergeViews } from '../views/index'
import type { PortableView } from '../views/index'

/**
 * A restore's own writes to the live database, as ONE step: the views merged and every edit
 * applied (state, outbox, one journal entry) in one transaction on the main connection. A kill
 * at any moment leaves the collection as it was or as the backup has it, never a mix; the cost
 * is one stall as long as the transaction (bench/stall-backup.ts measures it), after the file
 * was read, checked and planned in the worker.
 */
export function applyRestorePlan(
  db: WriteDb,
  profileId: number,
  plan: { readonly edits: readonly Edit[]; readonly views: readonly PortableView[] | null },
  description: string,
  now: string
): { views: number; journalId: number | null; setIDs: readonly number[] | null } {
  return transaction(db, () => {
    const merged = plan.views
      ? mergeViews(db, profileId, plan.views, now)
      : { added: 0, replaced: 0 }
    const r =
      plan.edits.length === 0
        ? null
        : applyEdits(db, profileId, plan.edits, { kind: 'new', description }, now)
    return {
      views: merged.added + merged.replaced,
      journalId: r?.journalId ?? null,
      setIDs: r ? r.setIDs : null
    }
  })
}
