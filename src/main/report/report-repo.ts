import type { ReadDb, WriteDb } from '../store/handles'
import { all, transaction } from '../store/handles'
import { getSetting, setSetting } from '../store/settings-repo'
import { raw, sql } from '../store/sql'
import type { Sql } from '../store/sql'
import type { RetailPrices } from './report-values'

/** The report's reads: owned sets of a scope with their catalogue names, then their live copies. */

export interface ReportSetRow extends RetailPrices {
  set_id: number
  qty_owned: number
  set_notes: string
  /** Null when the catalogue does not hold the set (yet). */
  full_number: string | null
  name: string | null
  theme: string | null
  year: number | null
  thumbnail_url: string | null
}

/** Every owned set: the scope with no further condition. */
export const ALL_OWNED: Sql = raw('1')

/** A condition on `st.set_id`: one of these sets. */
export function setIdsIn(ids: readonly number[]): Sql {
  return sql`st.set_id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`
}

/**
 * Owned sets matching `scope` (a condition over `set_state st` and `sets s`), in set number order.
 * A set the catalogue lacks is still listed (left join), after the others.
 */
export function ownedSets(db: ReadDb, profileId: number, scope: Sql): ReportSetRow[] {
  return all<ReportSetRow>(
    db,
    sql`SELECT st.set_id, st.qty_owned, st.notes AS set_notes, s.full_number, s.name, s.theme,
          s.year, s.thumbnail_url, s.uk_price, s.us_price, s.ca_price, s.eu_price
        FROM set_state st
        LEFT JOIN sets s ON s.profile_id = st.profile_id AND s.set_id = st.set_id
        WHERE st.profile_id = ${profileId} AND st.owned = 1 AND ${scope}
        ORDER BY s.set_id IS NULL, s.number_sort, s.number, s.number_variant, st.set_id`
  )
}

/** The condition on `c.set_id` that picks the copies of these sets. */
export function copiesOfSets(ids: readonly number[]): Sql {
  return sql`c.set_id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`
}

/**
 * The owner printed on reports, in the database's settings table: kept on this computer, and in
 * every backup, which is a snapshot of the database.
 */
const OWNER_NAME = 'report.ownerName'
const OWNER_ADDRESS = 'report.ownerAddress'

function setting(db: ReadDb, key: string): string {
  return getSetting(db, key) ?? ''
}

export function readOwner(db: ReadDb): { name: string; address: string } {
  return { name: setting(db, OWNER_NAME), address: setting(db, OWNER_ADDRESS) }
}

export function writeOwner(db: WriteDb, owner: { name: string; address: string }): void {
  transaction(db, () => {
    for (const [key, value] of [
      [OWNER_NAME, owner.name],
      [OWNER_ADDRESS, owner.address]
    ] as const) {
      setSetting(db, key, value)
    }
  })
}
