import type { DoctorCheck } from '../../shared/model/doctor'
import type { ReadDb } from '../store/handles'
import { get } from '../store/handles'
import { sql } from '../store/sql'
import { pageWithSetNames } from '../catalogue/index'
import { problemRowsSql } from '../collection/index'
import type { CheckContext, ProblemTarget } from '../collection/index'

/**
 * The doctor's checks: each is one SELECT of problem rows over the local collection (set, copy,
 * figure or flag, and a detail in words), the collection's problemRowsSql; the screen asks a count
 * and one bounded page at a time, each row with its set's number and name from the catalogue.
 */

export interface ProblemRow {
  readonly set_id: number | null
  readonly local_id: string | null
  readonly minifig_number: string | null
  readonly flag_no: number | null
  readonly detail: string
  readonly full_number: string | null
  readonly name: string | null
}

function context(profileId: number, now: Date): CheckContext {
  const y = now.getFullYear()
  const m = String(now.getMonth() + 1).padStart(2, '0')
  const d = String(now.getDate()).padStart(2, '0')
  const yearAgo = new Date(now.getTime() - 365 * 24 * 3600 * 1000)
  return { p: profileId, today: `${y}-${m}-${d}`, staleBefore: yearAgo.toISOString() }
}

/** How many problems a check finds now. */
export function countProblems(
  db: ReadDb,
  profileId: number,
  check: DoctorCheck,
  now: Date,
  target: ProblemTarget = {}
): number {
  const q = problemRowsSql(check, context(profileId, now), target)
  return get<{ n: number }>(db, sql`SELECT count(*) AS n FROM (${q})`)?.n ?? 0
}

/** One page of a check's problems, in set-number order, with each set's number and name. */
export function problemPage(
  db: ReadDb,
  profileId: number,
  check: DoctorCheck,
  now: Date,
  page: { readonly offset: number; readonly limit: number },
  target: ProblemTarget = {}
): ProblemRow[] {
  const q = problemRowsSql(check, context(profileId, now), target)
  return pageWithSetNames<ProblemRow>(db, profileId, {
    rows: q,
    columns: ['set_id', 'local_id', 'minifig_number', 'flag_no', 'detail'],
    then: ['local_id', 'minifig_number', 'flag_no'],
    ...page
  })
}
