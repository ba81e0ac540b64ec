import type { ReadDb } from '../store/handles'
import { all } from '../store/handles'
import { sql } from '../store/sql'
import type { Sql } from '../store/sql'

/**
 * The user's owned and wanted sets as other features list them (the report, the retirement
 * watch), each with its catalogue row: the statements on `set_state` live here, with its owner;
 * the caller picks the sets and the catalogue columns it needs by conditions over `sets s`.
 */

/** An owned set with its catalogue row (null fields when the catalogue lacks the set). */
export interface OwnedSetRow {
  readonly set_id: number
  readonly qty_owned: number
  readonly set_notes: string
  readonly full_number: string | null
  readonly name: string | null
  readonly theme: string | null
  readonly year: number | null
  readonly thumbnail_url: string | null
  readonly uk_price: string | null
  readonly us_price: string | null
  readonly ca_price: string | null
  readonly eu_price: string | null
}

/** A condition on the owned or wanted sets: one of these sets. */
export function userSetIdsIn(ids: readonly number[]): Sql {
  return sql`st.set_id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`
}

/**
 * Owned sets matching `scope` (a condition over the user's state and `sets s`: userSetIdsIn, or a
 * search's condition), in set number order. A set the catalogue lacks is still listed (left
 * join), after the others.
 */
export function ownedSetsWithNames(db: ReadDb, profileId: number, scope: Sql): OwnedSetRow[] {
  return all<OwnedSetRow>(
    db,
    sql`SELECT st.set_id, st.qty_owned, st.notes AS set_notes, s.full_number, s.name, s.theme,
          s.year, s.thumbnail_url, s.uk_price, s.us_price, s.ca_price, s.eu_price
        FROM set_state st
        LEFT JOIN sets s ON s.profile_id = st.profile_id AND s.set_id = st.set_id
        WHERE st.profile_id = ${profileId} AND st.owned = 1 AND ${scope}
        ORDER BY s.set_id IS NULL, s.number_sort, s.number, s.number_variant, st.set_id`
  )
}

/** What the caller reads of each wanted set: its columns, its condition and its order. */
interface WantedSetsQuery {
  /** The selected columns, over `sets s`. */
  readonly columns: Sql
  /** A condition over `sets s`. */
  readonly where: Sql
  /** ORDER BY and LIMIT. */
  readonly rest: Sql
}

/**
 * The profile's wanted sets the catalogue holds, as `q` selects them. CROSS JOIN makes the wanted
 * rows (set_state_wanted, a few hundred) drive, each set found by its key: left to itself SQLite
 * may walk an index of the catalogue and look up every set's state (bench/watch.ts).
 */
export function wantedSetsWhere<T>(db: ReadDb, profileId: number, q: WantedSetsQuery): T[] {
  return all<T>(
    db,
    sql`SELECT ${q.columns}
        FROM set_state st
        CROSS JOIN sets s ON s.profile_id = st.profile_id AND s.set_id = st.set_id
        WHERE st.profile_id = ${profileId} AND st.wanted = 1
          AND ${q.where}
        ${q.rest}`
  )
}
