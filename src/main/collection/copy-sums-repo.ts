import type { ReadDb } from '../store/handles'
import { get } from '../store/handles'
import { raw, sql } from '../store/sql'
import type { Sql } from '../store/sql'

/**
 * The copies and owned sets other features sum (the money view's slices, the ledger's gains and
 * list): the statements on `copies` and `set_state` live here, with their owner (issue #31). A sum
 * over many rows stays one statement: the caller writes its columns and grouping over the FROM
 * clause given here, so the walk is the same one index as before.
 */

/**
 * `FROM` and `WHERE` over the profile's live copies `c`, each with its catalogue set `s` (null
 * columns when the catalogue lacks it); the caller may add `AND …` conditions and its grouping.
 */
export function liveCopiesWithSets(profileId: number): Sql {
  return sql`FROM copies c
        LEFT JOIN sets s ON s.profile_id = c.profile_id AND s.set_id = c.set_id
        WHERE c.profile_id = ${profileId} AND c.deleted = 0`
}

/**
 * A condition on the rows aliased `entry` (a fixed alias chosen by code, never user text) that
 * carry `profile_id` and `local_id`: true while the copy they name is live in the collection.
 */
export function copyHeldBy(entry: 'e'): Sql {
  return raw(`EXISTS (SELECT 1 FROM copies c WHERE c.profile_id = ${entry}.profile_id
      AND c.local_id = ${entry}.local_id AND c.deleted = 0)`)
}

/**
 * `FROM` and `WHERE` over the live copies `c` of the owned sets `st` with set ids in (lo, hi], each
 * with its catalogue set `s`: one slice of a walk over the owned sets (set_state_owned).
 */
export function ownedSliceCopies(profileId: number, lo: number, hi: number): Sql {
  return sql`FROM set_state st
          JOIN copies c ON c.profile_id = st.profile_id AND c.set_id = st.set_id
            AND c.deleted = 0
          LEFT JOIN sets s ON s.profile_id = st.profile_id AND s.set_id = st.set_id
          WHERE st.profile_id = ${profileId} AND st.owned = 1
            AND st.set_id > ${lo} AND st.set_id <= ${hi}`
}

/** The upper bound (a set ID) of the next `size` owned sets after `after`; null past the last. */
export function nextOwnedBound(
  db: ReadDb,
  profileId: number,
  after: number,
  size: number
): number | null {
  const r = get<{ hi: number | null }>(
    db,
    sql`SELECT max(set_id) AS hi FROM (
          SELECT set_id FROM set_state
          WHERE profile_id = ${profileId} AND owned = 1 AND set_id > ${after}
          ORDER BY set_id LIMIT ${size})`
  )
  return r?.hi ?? null
}

/** Owned copies of the sets in (lo, hi] that the quantity counts but no copy record details. */
export function undetailedOwnedCopies(
  db: ReadDb,
  profileId: number,
  lo: number,
  hi: number
): number {
  const r = get<{ n: number | null }>(
    db,
    sql`SELECT sum(max(st.qty_owned - (SELECT count(*) FROM copies c
            WHERE c.profile_id = st.profile_id AND c.set_id = st.set_id AND c.deleted = 0), 0)) AS n
        FROM set_state st
        WHERE st.profile_id = ${profileId} AND st.owned = 1
          AND st.set_id > ${lo} AND st.set_id <= ${hi}`
  )
  return r?.n ?? 0
}
