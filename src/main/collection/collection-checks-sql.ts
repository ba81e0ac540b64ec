import type { DoctorCheck } from '../../shared/model/doctor'
import type { ReadDb } from '../store/handles'
import { get } from '../store/handles'
import { sql } from '../store/sql'
import type { Sql } from '../store/sql'

/**
 * The doctor's checks of the local collection, as SQL: each check is one SELECT of problem rows
 * (set_id, local_id, minifig_number, flag_no, detail) driven by the collection's own small tables
 * and their indexes (set_state's partial indexes, copies_by_set), never a scan of the 20,000-set
 * catalogue. The statements on the collection's tables live here, with their owner (issue #31);
 * doctor/ counts and pages them.
 */

/** One problem to look at again (a fix re-checks its own target before it edits). */
export interface ProblemTarget {
  readonly setID?: number | undefined
  readonly localId?: string | undefined
  readonly minifigNumber?: string | undefined
  readonly flagNo?: number | undefined
}

/** A copy as raising the quantity makes it (copy-rules.ts isBlank, in SQL). */
const BLANK = sql`(c.date_acquired = '' AND c.currency = '' AND c.price_paid = 0
  AND c.additional_price_paid = 0 AND c.current_estimated_value = 0
  AND c.condition_when_acquired = '' AND c.acquired_from = '' AND c.condition_now = ''
  AND c.location = '' AND c.notes = '' AND c.parts = 0 AND c.minifigs = 0
  AND c.instructions = 0 AND c.box = 0 AND c.will_trade = 0 AND c.modified = 0)`

/**
 * How good a condition is, acquired or now: 3 sealed or new, 2 complete, 1 incomplete or taken
 * apart; NULL when the words say nothing of it (Unknown, Modified, blank), never compared.
 */
function grade(column: Sql): Sql {
  return sql`(CASE lower(${column})
    WHEN 'new' THEN 3 WHEN 'sealed' THEN 3 WHEN 'misb' THEN 3
    WHEN 'used - complete' THEN 2 WHEN 'assembled' THEN 2 WHEN 'boxed' THEN 2
    WHEN 'bagged up' THEN 2
    WHEN 'used - incomplete' THEN 1 WHEN 'parted out' THEN 1
    ELSE NULL END)`
}

const LAUNCH = sql`substr(json_extract(s.detail, '$.shopDateAdded'), 1, 10)`
/** Half a year before the set's year began: sets of a year are often in shops the autumn before. */
const YEAR_START = sql`(CASE WHEN s.year IS NULL THEN NULL
  ELSE printf('%04d-07-01', s.year - 1) END)`
/** The earliest a copy can have been acquired: six months before its launch or its year. */
const EARLIEST = sql`coalesce(
  min(date(${LAUNCH}, '-6 months'), ${YEAR_START}), date(${LAUNCH}, '-6 months'), ${YEAR_START})`

/** Live copies of the profile with the copy filter of a target. */
function copyTarget(t: ProblemTarget): Sql {
  return t.localId === undefined ? sql`` : sql` AND c.local_id = ${t.localId}`
}

function setTarget(column: Sql, t: ProblemTarget): Sql {
  return t.setID === undefined ? sql`` : sql` AND ${column} = ${t.setID}`
}

export interface CheckContext {
  readonly p: number
  /** yyyy-MM-dd, the local today. */
  readonly today: string
  /** ISO time a year ago: catalogue rows read before it are stale. */
  readonly staleBefore: string
}

/** Each check's problem rows as (set_id, local_id, minifig_number, flag_no, detail). */
export function problemRowsSql(check: DoctorCheck, x: CheckContext, t: ProblemTarget): Sql {
  const p = x.p
  switch (check) {
    case 'quantityCopies':
      return sql`SELECT d.set_id, NULL AS local_id, NULL AS minifig_number, NULL AS flag_no,
          'quantity ' || coalesce(st.qty_owned, 0) || ', ' || d.n
            || (CASE d.n WHEN 1 THEN ' copy' ELSE ' copies' END) || ' with details' AS detail
        FROM (SELECT c.set_id, count(*) AS n FROM copies c
              WHERE c.profile_id = ${p} AND c.deleted = 0 AND NOT ${BLANK}
              ${setTarget(sql`c.set_id`, t)} GROUP BY c.set_id) d
        LEFT JOIN set_state st ON st.profile_id = ${p} AND st.set_id = d.set_id
        WHERE coalesce(st.qty_owned, 0) <> d.n`
    case 'ownedZero':
      return sql`SELECT st.set_id, NULL, NULL, NULL, 'owned, quantity 0'
        FROM set_state st WHERE st.profile_id = ${p} AND st.owned = 1 AND st.qty_owned = 0
        ${setTarget(sql`st.set_id`, t)}`
    case 'ownedWanted':
      return sql`SELECT st.set_id, NULL, NULL, NULL, 'quantity ' || st.qty_owned || ', also wanted'
        FROM set_state st WHERE st.profile_id = ${p} AND st.owned = 1 AND st.wanted = 1
        ${setTarget(sql`st.set_id`, t)}`
    case 'copyNoPrice':
      return sql`SELECT c.set_id, c.local_id, NULL, NULL,
          CASE WHEN c.price_paid = 0 AND c.currency = '' THEN 'no price, no currency'
               WHEN c.price_paid = 0 THEN 'no price (' || c.currency || ')'
               ELSE 'paid ' || printf('%g', c.price_paid) || ', no currency' END
        FROM copies c WHERE c.profile_id = ${p} AND c.deleted = 0 AND NOT ${BLANK}
          AND (c.price_paid = 0 OR c.currency = '') ${copyTarget(t)}`
    case 'copyReleaseDate':
      return sql`SELECT c.set_id, c.local_id, NULL, NULL, 'acquired ' || c.date_acquired
          || ', released ' || ${LAUNCH}
        FROM copies c JOIN sets s ON s.profile_id = ${p} AND s.set_id = c.set_id
        WHERE c.profile_id = ${p} AND c.deleted = 0 AND c.date_acquired <> ''
          AND c.date_acquired = ${LAUNCH} ${copyTarget(t)}`
    case 'copyDateOut':
      return sql`SELECT c.set_id, c.local_id, NULL, NULL,
          CASE WHEN c.date_acquired > ${x.today} THEN 'acquired ' || c.date_acquired || ', after today'
               ELSE 'acquired ' || c.date_acquired || ', before the set existed ('
                 || coalesce(${LAUNCH}, s.year) || ')' END
        FROM copies c LEFT JOIN sets s ON s.profile_id = ${p} AND s.set_id = c.set_id
        WHERE c.profile_id = ${p} AND c.deleted = 0 AND c.date_acquired <> ''
          AND (c.date_acquired > ${x.today} OR c.date_acquired < ${EARLIEST}) ${copyTarget(t)}`
    case 'conditionBetter':
      return sql`SELECT c.set_id, c.local_id, NULL, NULL, 'acquired ' || c.condition_when_acquired
          || ', now ' || c.condition_now
        FROM copies c WHERE c.profile_id = ${p} AND c.deleted = 0
          AND ${grade(sql`c.condition_now`)} > ${grade(sql`c.condition_when_acquired`)}
          ${copyTarget(t)}`
    case 'figuresUnowned':
      // Only figures the catalogue places in sets: without that list nothing can be compared.
      return sql`SELECT NULL, NULL, f.minifig_number, NULL,
          f.owned_in_sets || ' counted in sets, the sets you own hold ' || f.held AS detail
        FROM (SELECT ms.minifig_number, ms.owned_in_sets,
                (SELECT coalesce(sum(m.quantity * st.qty_owned), 0) FROM minifig_sets m
                 JOIN set_state st ON st.profile_id = ${p} AND st.set_id = m.set_id AND st.owned = 1
                 WHERE m.profile_id = ${p} AND m.minifig_number = ms.minifig_number) AS held
              FROM minifig_state ms
              WHERE ms.profile_id = ${p} AND ms.owned_in_sets > 0
                ${t.minifigNumber === undefined ? sql`` : sql`AND ms.minifig_number = ${t.minifigNumber}`}
                AND EXISTS (SELECT 1 FROM minifig_sets m WHERE m.profile_id = ${p}
                            AND m.minifig_number = ms.minifig_number)) f
        WHERE f.owned_in_sets > f.held`
    case 'flagNoLabel':
      return sql`WITH RECURSIVE n(flag_no) AS (SELECT 1 UNION ALL SELECT flag_no + 1 FROM n
                   WHERE flag_no < 8)
        SELECT NULL, NULL, NULL, n.flag_no, count(*) || (CASE count(*) WHEN 1 THEN ' set' ELSE ' sets' END)
          || ' carry flag ' || n.flag_no
        FROM n JOIN set_state st ON st.profile_id = ${p} AND st.flags <> 0
          AND (st.flags >> (n.flag_no - 1)) & 1 = 1
        WHERE NOT EXISTS (SELECT 1 FROM flag_labels l WHERE l.profile_id = ${p}
                          AND l.flag_no = n.flag_no AND trim(l.label) <> '')
          ${t.flagNo === undefined ? sql`` : sql`AND n.flag_no = ${t.flagNo}`}
        GROUP BY n.flag_no`
    case 'catalogueStale':
      return sql`SELECT mine.set_id, NULL, NULL, NULL,
          CASE WHEN s.set_id IS NULL THEN 'not in the catalogue'
               ELSE 'catalogue read ' || substr(s.fetched_at, 1, 10) END
        FROM (SELECT st.set_id FROM set_state st WHERE st.profile_id = ${p}
                AND (st.owned = 1 OR st.wanted = 1 OR st.qty_owned > 0 OR st.flags <> 0
                     OR st.notes <> '' OR st.rating > 0) ${setTarget(sql`st.set_id`, t)}
              UNION
              SELECT c.set_id FROM copies c WHERE c.profile_id = ${p} AND c.deleted = 0
                ${setTarget(sql`c.set_id`, t)}) mine
        LEFT JOIN sets s ON s.profile_id = ${p} AND s.set_id = mine.set_id
        WHERE s.set_id IS NULL OR s.fetched_at < ${x.staleBefore}`
  }
}

/** Live copies of a set that carry details (copy-rules.ts detailedCopies, in SQL). */
export function detailedCopyCount(db: ReadDb, profileId: number, setID: number): number {
  return (
    get<{ n: number }>(
      db,
      sql`SELECT count(*) AS n FROM copies c WHERE c.profile_id = ${profileId}
            AND c.set_id = ${setID} AND c.deleted = 0 AND NOT ${BLANK}`
    )?.n ?? 0
  )
}
