import type { ReadDb } from '../store/handles'
import { all, get } from '../store/handles'
import { raw, sql } from '../store/sql'
import type { Sql } from '../store/sql'

/**
 * A set's words (number, name, theme, year) as other features copy or show them: the ledger keeps
 * them in an entry, the shelf's scan mode lists the sets a typed number names, the doctor pages its
 * problems in set-number order with each set's number and name.
 */

/** The catalogue's words for a set, copied into the entry so it outlives the catalogue row. */
export function setWords(
  db: ReadDb,
  profileId: number,
  setID: number
): { full_number: string; name: string; theme: string; year: number | null } | undefined {
  return get(
    db,
    sql`SELECT full_number, name, theme, year FROM sets
        WHERE profile_id = ${profileId} AND set_id = ${setID}`
  )
}

/** Catalogue sets numbered so (`number`, any variant when `variant` is null), a few at most. */
export function setsNamedByNumber(
  db: ReadDb,
  p: number,
  number: string,
  variant: number | null
): { set_id: number; full_number: string; name: string }[] {
  const full = variant === null ? null : `${number}-${String(variant)}`
  return full === null
    ? all(
        db,
        // Every variant's full number starts `<number>-`: a range of sets_by_full_number
        // ('.' follows '-'), where `number = ?` would walk all 20,000 sets.
        sql`SELECT set_id, full_number, name FROM sets
            WHERE profile_id = ${p} AND full_number >= ${`${number}-`}
              AND full_number < ${`${number}.`} AND number = ${number}
            ORDER BY number_variant LIMIT 5`
      )
    : all(
        db,
        sql`SELECT set_id, full_number, name FROM sets
            WHERE profile_id = ${p} AND full_number = ${full} LIMIT 5`
      )
}

/** A list of rows, one column `set_id`, to page with each set's number and name. */
interface RowsOfSets {
  /** The SELECT of the rows. */
  readonly rows: Sql
  /** Its column names, `set_id` among them (fixed by code, never user text). */
  readonly columns: readonly string[]
  /** The columns that order rows of one set (or of none), after the set number. */
  readonly then: readonly string[]
  readonly offset: number
  readonly limit: number
}

/**
 * One page of `q.rows`, each with its set's `full_number` and `name` (null when the catalogue lacks
 * the set), in set-number order (a row of no known set by its set id), then by `q.then`.
 */
export function pageWithSetNames<T>(db: ReadDb, profileId: number, q: RowsOfSets): T[] {
  const then = q.then.map((c) => `, r.${c}`).join('')
  return all<T>(
    db,
    sql`WITH r (${raw(q.columns.join(', '))}) AS (${q.rows})
        SELECT r.*, s.full_number, s.name FROM r
        LEFT JOIN sets s ON s.profile_id = ${profileId} AND s.set_id = r.set_id
        ORDER BY coalesce(s.number_sort, r.set_id), r.set_id${raw(then)}
        LIMIT ${q.limit} OFFSET ${q.offset}`
  )
}
