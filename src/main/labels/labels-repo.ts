import type { ReadDb } from '../store/handles'
import { all } from '../store/handles'
import { sql } from '../store/sql'
import type { Sql } from '../store/sql'

/** The labels' reads: live copies of a scope's sets with the names a label prints. */

interface LabelCopyRow {
  local_id: string
  set_id: number
  collection_id: number | null
  location: string
  /** Null when the catalogue does not hold the set (yet). */
  full_number: string | null
  name: string | null
}

interface LabelSetRow {
  set_id: number
  qty_owned: number
  copies: number
}

/** Every owned set. */
export function ownedScope(): Sql {
  return sql`st.owned = 1`
}

/** These sets, owned or not: a copy is a copy. */
export function setsScope(ids: readonly number[]): Sql {
  return sql`st.set_id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`
}

/**
 * The scope's sets with their quantity and live copy count, so the screen can say how many owned
 * units have no record to label.
 */
export function labelSets(db: ReadDb, profileId: number, scope: Sql): LabelSetRow[] {
  return all<LabelSetRow>(
    db,
    sql`SELECT st.set_id, st.qty_owned,
          (SELECT count(*) FROM copies c
            WHERE c.profile_id = st.profile_id AND c.set_id = st.set_id AND c.deleted = 0) AS copies
        FROM set_state st
        WHERE st.profile_id = ${profileId} AND ${scope}`
  )
}

/**
 * Live copies of these sets in set-number order, then as the copy table lists them (oldest record
 * first). A set the catalogue lacks still has its copies, after the others.
 */
export function labelCopies(db: ReadDb, profileId: number, ids: readonly number[]): LabelCopyRow[] {
  return all<LabelCopyRow>(
    db,
    sql`SELECT c.local_id, c.set_id, c.collection_id, c.location, s.full_number, s.name
        FROM copies c
        LEFT JOIN sets s ON s.profile_id = c.profile_id AND s.set_id = c.set_id
        WHERE c.profile_id = ${profileId} AND c.deleted = 0
          AND c.set_id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))
        ORDER BY s.set_id IS NULL, s.number_sort, s.number, s.number_variant, c.set_id, c.rowid`
  )
}
