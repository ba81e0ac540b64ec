import type { ReadDb } from '../store/handles'
import { all, get } from '../store/handles'
import { sql } from '../store/sql'

/**
 * A set's words (number, name, theme, year) as other features copy or show them: the ledger keeps
 * them in an entry, the shelf's scan mode lists the sets a typed number names.
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
