import type { ReadDb, WriteDb } from '../store/handles'
import { get, run } from '../store/handles'
import { sql } from '../store/sql'

/**
 * Whether the packaged app checks for updates by itself, in the database's settings table with the
 * other settings (and so in backups). Absent means on: a new install looks for updates.
 */
const UPDATE_CHECKS = 'updates.check'

export function readUpdateChecks(db: ReadDb): boolean {
  const row = get<{ value: string }>(
    db,
    sql`SELECT value FROM settings WHERE key = ${UPDATE_CHECKS}`
  )
  return row?.value !== 'off'
}

export function writeUpdateChecks(db: WriteDb, enabled: boolean): void {
  const value = enabled ? 'on' : 'off'
  run(
    db,
    sql`INSERT INTO settings (key, value) VALUES (${UPDATE_CHECKS}, ${value})
        ON CONFLICT (key) DO UPDATE SET value = excluded.value`
  )
}
