import type { ReadDb } from '../store/handles'
import { all } from '../store/handles'
import { sql } from '../store/sql'

/**
 * Every statement of the shelf audit: the locations the copies use, the copies at some of them,
 * the copies a code can name, and the audits and their marks (migration 150).
 */

/** A live copy with what a list of a location, a label or an audit row shows. */
export interface LocatedCopyRow {
  readonly local_id: string
  readonly collection_id: number | null
  readonly set_id: number
  readonly location: string
  readonly full_number: string | null
  readonly name: string | null
}

const COPY_COLUMNS = sql`c.local_id, c.collection_id, c.set_id, c.location, s.full_number, s.name`
const ORDER = sql`ORDER BY c.location, s.number_sort, s.number_variant, c.rowid`

/** Each location text the profile's live copies use, with how many copies use it. */
export function locationTexts(db: ReadDb, p: number): { location: string; copies: number }[] {
  return all(
    db,
    sql`SELECT location, count(*) AS copies FROM copies
        WHERE profile_id = ${p} AND deleted = 0 AND location <> ''
        GROUP BY location`
  )
}

/** The live copies whose location text is one of `locations` (as stored, exactly). */
export function copiesWithLocations(
  db: ReadDb,
  p: number,
  locations: readonly string[]
): LocatedCopyRow[] {
  if (locations.length === 0) return []
  return all(
    db,
    sql`SELECT ${COPY_COLUMNS} FROM copies c
        LEFT JOIN sets s ON s.profile_id = ${p} AND s.set_id = c.set_id
        WHERE c.profile_id = ${p} AND c.deleted = 0
          AND c.location IN (SELECT value FROM json_each(${JSON.stringify(locations)}))
        ${ORDER}`
  )
}
