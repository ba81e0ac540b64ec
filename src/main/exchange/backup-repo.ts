import type { ReadDb } from '../store/handles'
import { all } from '../store/handles'
import { sql } from '../store/sql'

/** The profile rows a backup (or the live database) holds, to match a backup to the profile in use. */
export interface ProfileRow {
  id: number
  kind: string
  base_url: string
  label: string
}

export function backupProfiles(db: ReadDb): ProfileRow[] {
  return all<ProfileRow>(db, sql`SELECT id, kind, base_url, label FROM profiles`)
}

export function profileRow(db: ReadDb, id: number): ProfileRow | undefined {
  return all<ProfileRow>(
    db,
    sql`SELECT id, kind, base_url, label FROM profiles WHERE id = ${id}`
  )[0]
}

/** When the backup was taken, as the backup itself records it. */
export function backupTakenAt(db: ReadDb): string | null {
  return (
    all<{ value: string }>(db, sql`SELECT value FROM settings WHERE key = 'backup.takenAt'`)[0]
      ?.value ?? null
  )
}
