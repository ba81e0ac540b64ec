import type { ReadDb, WriteDb } from '../store/handles'
import { transaction } from '../store/handles'
import { getSetting, setSetting } from '../store/settings-repo'
import { raw, sql } from '../store/sql'
import type { Sql } from '../store/sql'

/**
 * The report's own reads: its scope conditions and owner. The owned sets and their copies are the
 * collection's (ownedSetsWithNames, liveCopiesOfSets).
 */

/** Every owned set: the scope with no further condition. */
export const ALL_OWNED: Sql = raw('1')

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
