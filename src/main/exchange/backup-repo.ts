import type { ReadDb, WriteDb } from '../store/handles'
import { all, get, run } from '../store/handles'
import { noteCatalogueChange } from '../store/match-sets'
import { sql } from '../store/sql'

/**
 * Reads of a backup file. Every statement names its columns: nothing a hostile file adds (extra
 * columns, generated ones) is read. Values come back as SQLite stored them, unchecked: the caller
 * checks each one with the edit path's rules.
 */

/** The profile rows a backup (or the live database) holds, to match a backup to the profile in use. */
interface ProfileRow {
  id: number
  kind: string
  base_url: string
  label: string
}

export function backupProfiles(db: ReadDb): ProfileRow[] {
  return all<ProfileRow>(db, sql`SELECT id, kind, base_url, label FROM profiles LIMIT 100`)
}

export function profileRow(db: ReadDb, id: number): ProfileRow | undefined {
  return all<ProfileRow>(
    db,
    sql`SELECT id, kind, base_url, label FROM profiles WHERE id = ${id}`
  )[0]
}

/** When the backup was taken, as the backup itself records it. */
export function backupTakenAt(db: ReadDb): unknown {
  return get<{ value: unknown }>(
    db,
    sql`SELECT value FROM settings WHERE key = 'backup.takenAt' LIMIT 1`
  )?.value
}

/** The numbers and names of the collection's sets a backup keeps (backup-set-names.ts), unread. */
export function rawSetNames(db: ReadDb, maxBytes: number): unknown {
  return get<{ value: unknown }>(
    db,
    sql`SELECT value FROM settings WHERE key = 'backup.sets' AND typeof(value) = 'text'
          AND length(CAST(value AS BLOB)) <= ${maxBytes} LIMIT 1`
  )?.value
}

interface SchemaRow {
  type: string
  name: string
  tbl_name: string
  sql: string | null
}

export function backupSchemaRows(db: ReadDb): SchemaRow[] {
  return all<SchemaRow>(db, sql`SELECT type, name, tbl_name, sql FROM sqlite_schema`)
}

/** `hidden` is 0 for an ordinary column, 1 for a virtual table's hidden one, 2/3 for generated. */
export function tableColumns(db: ReadDb, table: string): { name: string; hidden: number }[] {
  return all<{ name: string; hidden: number }>(
    db,
    sql`SELECT name, hidden FROM pragma_table_xinfo(${table})`
  )
}

export function userVersionOf(db: ReadDb): number {
  return db.pragma('user_version', { simple: true }) as number
}

export type Raw = Record<string, unknown>

/** Rows of each table for one profile, counted first so a budget is checked before reading. */
export function countRows(db: ReadDb, table: RowTable, profileId: number): number {
  const q = {
    set_state: sql`SELECT count(*) AS n FROM set_state WHERE profile_id = ${profileId}`,
    copies: sql`SELECT count(*) AS n FROM copies WHERE profile_id = ${profileId}`,
    minifig_state: sql`SELECT count(*) AS n FROM minifig_state WHERE profile_id = ${profileId}`,
    flag_labels: sql`SELECT count(*) AS n FROM flag_labels WHERE profile_id = ${profileId}`,
    saved_views: sql`SELECT count(*) AS n FROM saved_views WHERE profile_id = ${profileId}`,
    outbox: sql`SELECT count(*) AS n FROM outbox WHERE profile_id = ${profileId}`
  }[table]
  return get<{ n: number }>(db, q)?.n ?? 0
}

export type RowTable =
  'set_state' | 'copies' | 'minifig_state' | 'flag_labels' | 'saved_views' | 'outbox'

/** The edits a backup had not sent: what each field's value was on the service (its base). */
export function rawOutboxRows(db: ReadDb, profileId: number): Raw[] {
  return all<Raw>(
    db,
    sql`SELECT target, field, base FROM outbox WHERE profile_id = ${profileId} ORDER BY id`
  )
}

export function rawSetRows(db: ReadDb, profileId: number): Raw[] {
  return all<Raw>(
    db,
    sql`SELECT set_id, owned, wanted, qty_owned, notes, rating, flags FROM set_state
        WHERE profile_id = ${profileId} ORDER BY set_id`
  )
}

/** `modified` came with schema 0060; an older backup's copies read as not modified. */
export function rawCopyRows(db: ReadDb, profileId: number, hasModified: boolean): Raw[] {
  return hasModified
    ? all<Raw>(
        db,
        sql`SELECT local_id, set_id, collection_id, date_acquired, currency, price_paid, additional_price_paid,
              current_estimated_value, condition_when_acquired, acquired_from, condition_now,
              location, notes, parts, minifigs, instructions, box, will_trade, modified, deleted
            FROM copies WHERE profile_id = ${profileId} ORDER BY rowid`
      )
    : all<Raw>(
        db,
        sql`SELECT local_id, set_id, collection_id, date_acquired, currency, price_paid, additional_price_paid,
              current_estimated_value, condition_when_acquired, acquired_from, condition_now,
              location, notes, parts, minifigs, instructions, box, will_trade, 0 AS modified,
              deleted
            FROM copies WHERE profile_id = ${profileId} ORDER BY rowid`
      )
}

export function rawMinifigRows(db: ReadDb, profileId: number): Raw[] {
  return all<Raw>(
    db,
    sql`SELECT minifig_number, owned_loose, wanted FROM minifig_state
        WHERE profile_id = ${profileId} ORDER BY minifig_number`
  )
}

export function rawLabelRows(db: ReadDb, profileId: number): Raw[] {
  return all<Raw>(
    db,
    sql`SELECT flag_no, label FROM flag_labels WHERE profile_id = ${profileId} ORDER BY flag_no`
  )
}

export function rawViewRows(db: ReadDb, profileId: number): Raw[] {
  return all<Raw>(
    db,
    sql`SELECT name, query FROM saved_views WHERE profile_id = ${profileId}
        ORDER BY position, id`
  )
}

/**
 * A write on the main connection after a restore the worker applied: caches of counts that move
 * with this connection's own writes (search-repo's `changeCount`) then see that the data changed,
 * and so do those kept per catalogue.
 */
export function noteRestoreApplied(db: WriteDb, at: string): void {
  // The restore may have put placeholder sets in the catalogue (backup-set-names.ts): what search
  // keeps per catalogue is counted again.
  noteCatalogueChange(db)
  run(
    db,
    sql`INSERT INTO settings (key, value) VALUES ('restore.appliedAt', ${at})
        ON CONFLICT (key) DO UPDATE SET value = excluded.value`
  )
}
