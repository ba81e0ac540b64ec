import type { Handlers } from '../../shared/ipc/contract'
import { DOCTOR_CHECKS } from '../../shared/model/doctor'
import type { DoctorCheck, DoctorRowDto } from '../../shared/model/doctor'
import { writeEditPlan } from '../collection/index'
import type { EditDeps } from '../collection/index'
import { countProblems, problemPage } from './doctor-repo'
import type { ProblemRow } from './doctor-repo'
import { planFix } from './doctor-fixes'

export type DoctorHandlers = Pick<Handlers, 'doctor:getSummary' | 'doctor:list' | 'doctor:applyFix'>

/** Lets the loop answer between two queries (timers, IPC, the window's other requests). */
function nextSlice(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}

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
 * few ms each on the 20,000-set demo, a slice each: bench/doctor.ts). A fix goes through the collection's edit
 * writer as a list of edits, so it is journaled, pushed and undone like any edit of the user's.
 */
export function createDoctorHandlers(deps: EditDeps): DoctorHandlers {
  return {
    'doctor:getSummary': async () => {
      const db = deps.store.read
      const p = deps.profileId()
      const now = deps.now()
      const checks: { check: DoctorCheck; count: number }[] = []
      // One check per slice: ten counts in one go held the loop 100 ms and more under load.
      for (const check of DOCTOR_CHECKS) {
        await nextSlice()
        checks.push({ check, count: countProblems(db, p, check, now) })
      }
      return { checks, total: checks.reduce((n, c) => n + c.count, 0) }
    },
    'doctor:list': async ({ check, offset, limit }) => {
      const db = deps.store.read
      const p = deps.profileId()
      const now = deps.now()
      const total = countProblems(db, p, check, now)
      await nextSlice()
      const rows = problemPage(db, p, check, now, { offset, limit }).map((r) => rowDto(check, r))
      return { check, offset, total, rows }
    },
    'doctor:applyFix': async ({ check, setID, localId }) => {
      const p = deps.profileId()
      const now = deps.now()
      const plan = planFix(deps.store.read, p, check, { setID, localId }, now)
      const r = await writeEditPlan(deps.store, p, plan, now.toISOString())
      if (r.setIDs.length > 0) deps.changed(r.setIDs)
      return { journalId: r.journalId, description: plan.description }
    }
  }
}
