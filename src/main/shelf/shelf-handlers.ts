import { AppError } from '../../shared/errors'
import type { Handlers } from '../../shared/ipc/contract'
import { writeEditPlan } from '../collection/index'
import type { EditDeps } from '../collection/index'
import { currentAudit, mark, openAuditOf, report, startAudit, tick } from './audit'
import { planAuditFix } from './audit-fix'
import { auditDto } from './audit-rows'
import { locationUses } from './locations'
import { endAudit } from './shelf-repo'

export type ShelfHandlers = Pick<
  Handlers,
  | 'shelf:listLocations'
  | 'shelf:getAudit'
  | 'shelf:startAudit'
  | 'shelf:tick'
  | 'shelf:mark'
  | 'shelf:getReport'
  | 'shelf:applyFix'
  | 'shelf:endAudit'
>

/**
 * The shelf audit's channels. Reads go to the read connection; a tick or a mark is one small
 * transaction of the write connection; the fix goes through the collection's edit writer as one
 * list of edits (one journal entry, pushed and undone like any edit of the user's).
 */
export function createShelfHandlers(deps: EditDeps): ShelfHandlers {
  const now = () => deps.now().toISOString()
  return {
    'shelf:listLocations': ({ query, limit }) =>
      locationUses(deps.store.read, deps.profileId(), query, limit),
    'shelf:getAudit': async ({ auditId }) => {
      const p = deps.profileId()
      const a = currentAudit(deps.store.read, p, auditId)
      return a ? await auditDto(deps.store.read, p, a) : null
    },
    'shelf:startAudit': ({ location, replace }) =>
      startAudit(deps.store.write, deps.profileId(), location, replace, now()),
    'shelf:tick': ({ auditId, code }) =>
      tick(deps.store.write, deps.profileId(), auditId, code, now()),
    'shelf:mark': ({ auditId, localId, code, mark: to }) =>
      mark(deps.store.write, deps.profileId(), auditId, { localId, code }, to, now()),
    'shelf:getReport': ({ auditId }) => {
      const p = deps.profileId()
      const a = currentAudit(deps.store.read, p, auditId)
      if (!a)
        throw new AppError('not_found', 'That audit is no longer there.', { field: 'auditId' })
      return report(deps.store.read, p, a)
    },
    'shelf:applyFix': async ({ auditId, moveMisplaced, missingTo }) => {
      const p = deps.profileId()
      const a = openAuditOf(deps.store.read, p, auditId)
      const plan = await planAuditFix(deps.store.read, p, a, { moveMisplaced, missingTo })
      let journalId: number | null = null
      if (plan.edits.length > 0) {
        const r = await writeEditPlan(deps.store, p, plan, now())
        journalId = r.journalId
        if (r.setIDs.length > 0) deps.changed(r.setIDs)
      }
      // After the edit's commit: a kill between the two leaves the audit open with its copies
      // moved, and the same fix again finds nothing left to move and ends it.
      endAudit(deps.store.write, p, a.id, now(), journalId)
      return { journalId, moved: plan.edits.length, description: plan.description }
    },
    'shelf:endAudit': ({ auditId }) => {
      const p = deps.profileId()
      const a = openAuditOf(deps.store.read, p, auditId)
      endAudit(deps.store.write, p, a.id, now(), null)
      return null
    }
  }
}
