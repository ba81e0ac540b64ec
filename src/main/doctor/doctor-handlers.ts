import { serialize } from 'node:v8'
import type { Handlers } from '../../shared/ipc/contract'
import { DOCTOR_CHECKS } from '../../shared/model/doctor'
import type { DoctorRowDto } from '../../shared/model/doctor'
import { writeEdits } from '../collection/index'
import type { EditDeps } from '../collection/index'
import { countProblems, problemPage } from './doctor-repo'
import type { ProblemRow } from './doctor-repo'
import { planFix } from './doctor-fixes'

export type DoctorHandlers = Pick<Handlers, 'doctor:summary' | 'doctor:list' | 'doctor:fix'>

function rowDto(check: DoctorRowDto['check'], r: ProblemRow): DoctorRowDto {
  return {
    check,
    setID: r.set_id,
    fullNumber: r.full_number,
    name: r.name,
    localId: r.local_id,
    minifigNumber: r.minifig_number,
    flagNo: r.flag_no,
    detail: r.detail
  }
}

/**
 * The doctor's channels. Reads are counts and bounded pages on the read connection (indexed, a
 * few ms on the 20,000-set demo: bench/doctor.ts). A fix goes through the collection's edit
 * writer as a list of edits, so it is journaled, pushed and undone like any edit of the user's.
 */
export function createDoctorHandlers(deps: EditDeps): DoctorHandlers {
  return {
    'doctor:summary': () => {
      const db = deps.store.read
      const p = deps.profileId()
      const now = deps.now()
      const checks = DOCTOR_CHECKS.map((check) => ({
        check,
        count: countProblems(db, p, check, now)
      }))
      return { checks, total: checks.reduce((n, c) => n + c.count, 0) }
    },
    'doctor:list': ({ check, offset, limit }) => {
      const db = deps.store.read
      const p = deps.profileId()
      const now = deps.now()
      return {
        check,
        offset,
        total: countProblems(db, p, check, now),
        rows: problemPage(db, p, check, now, { offset, limit }).map((r) => rowDto(check, r))
      }
    },
    'doctor:fix': async ({ check, setID, localId }) => {
      const p = deps.profileId()
      const now = deps.now()
      const plan = planFix(deps.store.read, p, check, { setID, localId }, now)
      const r = await writeEdits(
        deps.store,
        {
          kind: 'edits',
          profileId: p,
          edits: serialize(plan.edits),
          description: plan.description,
          now: now.toISOString()
        },
        plan.edits.length
      )
      if (r.setIDs.length > 0) deps.changed(r.setIDs)
      return { journalId: r.journalId, description: plan.description }
    }
  }
}
