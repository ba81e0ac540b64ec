import type { ReadDb, WriteDb } from '../store/handles'
import { all } from '../store/handles'
import { setSetting } from '../store/settings-repo'
import { sql } from '../store/sql'

/** The catalogue's set numbers of the given sets; a set the catalogue lacks is absent. */
export function fullNumbersOf(
  db: ReadDb,
  profileId: number,
  setIDs: readonly number[]
): Map<number, string> {
  const rows = all<{ set_id: number; full_number: string }>(
    db,
    sql`SELECT set_id, full_number FROM sets WHERE profile_id = ${profileId}
          AND set_id IN (SELECT value FROM json_each(${JSON.stringify(setIDs)}))`
  )
  return new Map(rows.map((r) => [r.set_id, r.full_number]))
}

/**
 * A write on the main connection after the edit writer's worker committed (edit-writer.ts):
 * caches of counts that move with this connection's own writes (search-repo's `changeCount`)
 * then see that the data changed.
 */
export function noteWrittenElsewhere(db: WriteDb, at: string): void {
  setSetting(db, 'edits.writtenElsewhereAt', at)
}
