import type { ReadDb } from '../store/handles'
import { all } from '../store/handles'
import { sql } from '../store/sql'
import type { Sql } from '../store/sql'

/**
 * The profile's live copies with where they stand, as the shelf audit, its labels and its scan
 * mode read them: the statements on `copies` live here, with their owner (issue #31); the shelf
 * says which copies by one of the picks below.
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

/** Which live copies: each pick walks its own index of `copies` (or of `sets`, by number). */
type CopyPick =
  /** Location text one of these (as stored, exactly). */
  | { readonly locations: readonly string[] }
  /** Local id one of these. */
  | { readonly localIds: readonly string[] }
  /** This service copy id. */
  | { readonly collectionId: number }
  /** Local id starting so (a label's printed `local 1a2b3c4d`); ten at most. */
  | { readonly localIdHead: string }
  /** Of the sets numbered so, any variant when `variant` is null. */
  | { readonly setNumber: string; readonly variant: number | null }

const ORDER = sql`ORDER BY c.location, s.number_sort, s.number_variant, c.rowid`

/** The pick as the statement's join to `sets`, condition and tail. */
function partsOf(p: number, pick: CopyPick): { join: Sql; where: Sql; rest: Sql } {
  const left = sql`LEFT JOIN sets s ON s.profile_id = ${p} AND s.set_id = c.set_id`
  if ('locations' in pick) {
    const where = sql`c.location IN (SELECT value FROM json_each(${JSON.stringify(pick.locations)}))`
    return { join: left, where, rest: ORDER }
  }
  if ('localIds' in pick) {
    const where = sql`c.local_id IN (SELECT value FROM json_each(${JSON.stringify(pick.localIds)}))`
    return { join: left, where, rest: ORDER }
  }
  if ('collectionId' in pick) {
    return { join: left, where: sql`c.collection_id = ${pick.collectionId}`, rest: sql`` }
  }
  if ('localIdHead' in pick) {
    const head = pick.localIdHead
    const where = sql`substr(c.local_id, 1, ${head.length}) = ${head}`
    return { join: left, where, rest: sql`${ORDER} LIMIT 10` }
  }
  // Driven from the profile's copies (a few thousand at most), each set found by its key.
  const v = pick.variant === null ? sql`` : sql` AND s.number_variant = ${pick.variant}`
  return {
    join: sql`JOIN sets s ON s.profile_id = ${p} AND s.set_id = c.set_id`,
    where: sql`s.number = ${pick.setNumber}${v}`,
    rest: ORDER
  }
}

/** The profile's live copies `pick` names, in location and set number order. */
export function locatedCopies(db: ReadDb, p: number, pick: CopyPick): LocatedCopyRow[] {
  const { join, where, rest } = partsOf(p, pick)
  return all(
    db,
    sql`SELECT c.local_id, c.collection_id, c.set_id, c.location, s.full_number, s.name
        FROM copies c ${join}
        WHERE c.profile_id = ${p} AND c.deleted = 0 AND ${where}
        ${rest}`
  )
}

/** Each location text the profile's live copies use, with how many copies use it. */
export function copyLocations(db: ReadDb, p: number): { location: string; copies: number }[] {
  return all(
    db,
    sql`SELECT location, count(*) AS copies FROM copies
        WHERE profile_id = ${p} AND deleted = 0 AND location <> ''
        GROUP BY location`
  )
}
