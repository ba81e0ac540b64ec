import type { ReadDb, WriteDb } from '../store/handles'
import { all, get, run } from '../store/handles'
import { sql } from '../store/sql'

/** A saved view as stored: its query still the JSON text, read and checked by the caller. */
export interface ViewRow {
  readonly id: number
  readonly name: string
  readonly query: string
}

/** A name as compared: two names that fold to one key are the same name. */
export function nameKey(name: string): string {
  return name.normalize('NFKC').toLowerCase()
}

export function viewRows(db: ReadDb, profileId: number): ViewRow[] {
  return all<ViewRow>(
    db,
    sql`SELECT id, name, query FROM saved_views WHERE profile_id = ${profileId}
        ORDER BY position, id`
  )
}

/** The view holding this name in the profile, if any. */
export function viewNamed(db: ReadDb, profileId: number, name: string): number | null {
  return (
    get<{ id: number }>(
      db,
      sql`SELECT id FROM saved_views WHERE profile_id = ${profileId} AND name_key = ${nameKey(name)}`
    )?.id ?? null
  )
}

/** Adds a view after the others; answers its id. */
export function insertView(
  db: WriteDb,
  profileId: number,
  name: string,
  query: string,
  now: string
): number {
  const r = run(
    db,
    sql`INSERT INTO saved_views (profile_id, name, name_key, position, query, created_at)
        VALUES (${profileId}, ${name}, ${nameKey(name)},
          (SELECT coalesce(max(position), -1) + 1 FROM saved_views WHERE profile_id = ${profileId}),
          ${query}, ${now})`
  )
  return Number(r.lastInsertRowid)
}

/** Whether there was such a view to rename. */
export function renameView(db: WriteDb, profileId: number, id: number, name: string): boolean {
  return (
    run(
      db,
      sql`UPDATE saved_views SET name = ${name}, name_key = ${nameKey(name)}
          WHERE profile_id = ${profileId} AND id = ${id}`
    ).changes > 0
  )
}

export function setViewQuery(db: WriteDb, profileId: number, id: number, query: string): void {
  run(
    db,
    sql`UPDATE saved_views SET query = ${query} WHERE profile_id = ${profileId} AND id = ${id}`
  )
}

/** Gives each view its place in `ids` (which the caller checked lists every view once). */
export function setViewOrder(db: WriteDb, profileId: number, ids: readonly number[]): void {
  ids.forEach((id, position) => {
    run(
      db,
      sql`UPDATE saved_views SET position = ${position} WHERE profile_id = ${profileId} AND id = ${id}`
    )
  })
}

/** Whether there was such a view to delete. */
export function deleteView(db: WriteDb, profileId: number, id: number): boolean {
  return (
    run(db, sql`DELETE FROM saved_views WHERE profile_id = ${profileId} AND id = ${id}`).changes > 0
  )
}
