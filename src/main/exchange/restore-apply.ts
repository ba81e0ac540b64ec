import { upsertSets } from '../catalogue/index'
import { applyEdits, bindCopyRecord, outbox } from '../collection/index'
import type { Edit } from '../collection/index'
import type { WriteDb } from '../store/handles'
import { transaction } from '../store/handles'
import { LOCAL_TABLES } from '../store/local-tables/index'
import { mergeViews } from '../views/index'
import type { PortableView } from '../views/index'
import { placeholderSet } from './backup-set-names'
import type { SetName } from './backup-set-names'
import type { LocalRows } from './local-rows'
import { putLocalRows } from './local-rows-repo'

/**
 * A restore's own writes to the live database, as ONE step: sets the catalogue lacks put in by
 * number, the views merged and every edit applied (state, outbox, one journal entry) in one
 * transaction. A kill
 * at any moment leaves the collection as it was or as the backup has it, never a mix; the cost
 * is one stall as long as the transaction (bench/stall-backup.ts measures it), after the file
 * was read, checked and planned in the worker.
 */
export function applyRestorePlan(
  db: WriteDb,
  profileId: number,
  plan: {
    readonly edits: readonly Edit[]
    readonly views: readonly PortableView[] | null
    readonly placeholders?: readonly (readonly [number, SetName])[]
    /** The backup's unsent edits: `target field` → the service's value they were made against. */
    readonly unsentBases?: ReadonlyMap<string, string>
    /** The service's record of each backup copy that has one. */
    readonly copyRecords?: ReadonlyMap<string, number>
    /** A fresh install's restore (restore-plan.ts `isFresh`): its rows become the backup's own. */
    readonly fresh?: boolean
    /**
     * The local tables' rows (store/local-tables), checked. Put back in the same transaction,
     * outside the journal: the service never had them, so an undo of the restore leaves them.
     */
    readonly local?: LocalRows
  },
  description: string,
  now: string
): { views: number; journalId: number | null; setIDs: readonly number[] | null } {
  return transaction(db, () => {
    const placeholders = plan.placeholders ?? []
    if (placeholders.length > 0) {
      upsertSets(
        db,
        profileId,
        placeholders.map(([id, name]) => placeholderSet(id, name)),
        now
      )
    }
    const before = outbox.lastId(db, profileId)
    const merged = plan.views
      ? mergeViews(db, profileId, plan.views, now)
      : { added: 0, replaced: 0 }
    for (const table of LOCAL_TABLES) {
      const rows = plan.local?.[table.name]
      if (rows) putLocalRows(db, table, profileId, rows)
    }
    const r =
      plan.edits.length === 0
        ? null
        : applyEdits(db, profileId, plan.edits, { kind: 'new', description }, now)
    if (plan.fresh === true && r) {
      rebaseOntoBackup(db, profileId, before, {
        bases: plan.unsentBases ?? new Map(),
        records: plan.copyRecords ?? new Map(),
        now
      })
    }
    return {
      views: merged.added + merged.replaced,
      journalId: r?.journalId ?? null,
      setIDs: r ? r.setIDs : null
    }
  })
}

/**
 * On an install that never read its collection, the restore's rows are made the backup's own:
 * a field or copy the backup had not sent keeps the base it was made against, so it is sent (and
 * is a conflict only if the service changed since); anything else was the service's when the
 * backup was taken, so there is nothing to send (a copy is tied again to its record there), and
 * the next sync reads the service's values, as the computer the backup came from would have.
 */
function rebaseOntoBackup(
  db: WriteDb,
  profileId: number,
  after: number,
  backup: {
    readonly bases: ReadonlyMap<string, string>
    readonly records: ReadonlyMap<string, number>
    readonly now: string
  }
): void {
  for (const row of outbox.pending(db, profileId)) {
    if (row.id <= after) continue
    const base = backup.bases.get(`${row.target} ${row.field}`)
    if (base !== undefined) {
      if (base !== row.base) outbox.rebased(db, row.id, base, backup.now)
      continue
    }
    if (row.target.startsWith('copy:')) {
      const localId = row.target.slice('copy:'.length)
      const record = backup.records.get(localId)
      // A copy the service never had (kept on the old computer) is still sent as a new one.
      if (record === undefined) continue
      bindCopyRecord(db, profileId, localId, record)
    }
    outbox.dropped(db, row.id)
  }
}
