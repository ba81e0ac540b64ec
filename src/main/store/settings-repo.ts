import type { ReadDb, WriteDb } from './handles'
import { get, run } from './handles'
import { sql } from './sql'

/**
 * The database's key/value settings (the active profile, the report's owner, whether updates are
 * checked, …): one table every feature keeps a few keys in, so it is the store's, like the sync
 * state, and each feature reads and writes its keys through these two functions. Being in the
 * database, settings travel in every backup.
 */
export function getSetting(db: ReadDb, key: string): string | null {
  return (
    get<{ value: string }>(db, sql`SELECT value FROM settings WHERE key = ${key}`)?.value ?? null
  )
}

export function setSetting(db: WriteDb, key: string, value: string): void {
  run(
    db,
    sql`INSERT INTO settings (key, value) VALUES (${key}, ${value})
        ON CONFLICT (key) DO UPDATE SET value = excluded.value`
  )
}
