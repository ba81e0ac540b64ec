import type { Handlers } from '../../shared/ipc/contract'
import type { EditDeps } from './edits-deps'
import { writeEdits } from './edit-writer'

export type BulkEditHandlers = Pick<Handlers, 'collection:bulkPlan' | 'collection:bulkEdit'>

/**
 * Bulk edits: one action over a selection, planned set by set, then applied as ONE applyEdits
 * call: one transaction, one journal entry (one Ctrl+Z), an outbox row per set and field. A
 * large selection is planned and written by the edit writer's worker (edit-writer.ts), so the
 * main thread keeps answering; the plan is made inside the edit's own transaction.
 */
export function createBulkEditHandlers(deps: EditDeps): BulkEditHandlers {
  return {
    'collection:bulkPlan': ({ setIDs, action }) =>
      writeEdits(
        deps.store,
        {
          kind: 'bulkPlan',
          profileId: deps.profileId(),
          setIDs,
          action,
          now: deps.now().toISOString()
        },
        setIDs.length
      ),
    'collection:bulkEdit': async ({ setIDs, action }) => {
      const r = await writeEdits(
        deps.store,
        {
          kind: 'bulkEdit',
          profileId: deps.profileId(),
          setIDs,
          action,
          now: deps.now().toISOString()
        },
        setIDs.length
      )
      if (r.changed.length > 0) deps.changed(r.changed)
      return r
    }
  }
}
