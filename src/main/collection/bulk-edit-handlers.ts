import { AppError } from '../../shared/errors'
import type { Handlers } from '../../shared/ipc/contract'
import { bulkDescription } from '../../shared/model/bulk'
import type { BulkAction, BulkPlanDto } from '../../shared/model/bulk'
import type { EditDeps } from './edits-deps'
import { applyEdits } from './edits'
import { planBulk } from './bulk-edits'
import type { BulkPlan } from './bulk-edits'
import { fullNumbersOf } from './bulk-repo'
import { flagLabels, setCollection } from './read-model-repo'

export type BulkEditHandlers = Pick<Handlers, 'collection:bulkPlan' | 'collection:bulkEdit'>

/**
 * Bulk edits: one action over a selection, planned set by set, then applied as ONE applyEdits
 * call: one transaction, one journal entry (one Ctrl+Z), an outbox row per set and field.
 */
export function createBulkEditHandlers(deps: EditDeps): BulkEditHandlers {
  const db = () => deps.store.write

  function plan(
    setIDs: readonly number[],
    action: BulkAction
  ): { plan: BulkPlan; dto: BulkPlanDto; profileId: number } {
    const p = deps.profileId()
    const known = fullNumbersOf(db(), p, setIDs)
    const missing = setIDs.filter((id) => !known.has(id))
    if (missing.length > 0) {
      const first = String(missing[0])
      throw new AppError(
        'not_found',
        missing.length === 1
          ? `Set ${first} is not in the catalogue; nothing was changed.`
          : `${missing.length} of the sets (the first is ${first}) are not in the catalogue; nothing was changed.`,
        { field: 'setIDs' }
      )
    }
    const ordered = new Map(setIDs.map((id) => [id, known.get(id) ?? '']))
    const planned = planBulk(db(), p, ordered, action)
    const labels = flagLabels(db(), p)
    const flagName = (n: number) => labels.find((l) => l.flagNo === n)?.label || `Flag ${n}`
    return {
      plan: planned,
      profileId: p,
      dto: {
        sets: setIDs.length,
        change: planned.change.length,
        already: planned.already,
        skipped: planned.skipped,
        description: bulkDescription(planned.change.length, action, flagName)
      }
    }
  }

  return {
    'collection:bulkPlan': ({ setIDs, action }) => plan(setIDs, action).dto,
    'collection:bulkEdit': ({ setIDs, action }) => {
      const { plan: planned, dto, profileId } = plan(setIDs, action)
      if (planned.edits.length === 0) return { ...dto, journalId: null, changed: [] }
      const r = applyEdits(
        db(),
        profileId,
        planned.edits,
        { kind: 'new', description: dto.description },
        deps.now().toISOString()
      )
      deps.changed(planned.change)
      return {
        ...dto,
        journalId: r.journalId,
        changed: planned.change.map((setID) => ({
          setID,
          collection: setCollection(db(), profileId, setID)
        }))
      }
    }
  }
}
