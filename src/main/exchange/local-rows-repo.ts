import type { ReadDb, WriteDb } from '../store/handles'
import { all, get, run } from '../store/handles'
import type { LocalRow, LocalTable } from '../store/local-table'
import { raw, sql } from '../store/sql'

/**
 * The statements over local tables (store/local-tables), for backups, restores and the full
 * export. Table and column names come from the registry, whose names are checked when it loads
 * (`localTable`): they are code's, never a file's. Every value is bound.
 */

const quoted = (name: string): string => `"${name}"`

/** The profile's rows, counted first: a budget is checked before any row is read. */
export function countLocalRows(db: ReadDb, table: LocalTable, profileId: number): number {
  return (
    get<{ n: number }>(
      db,
      sql`SELECT count(*) AS n FROM ${raw(quoted(table.name))} WHERE profile_id = ${profileId}`
    )?.n ?? 0
  )
}

/** The profile's rows as stored, unchecked, in rowid order; at most `limit`. */
export function rawLocalRows(
  db: ReadDb,
  table: LocalTable,
  profileId: number,
  limit: number
): Record<string, unknown>[] {
  const cols = raw(table.columns.map(quoted).join(', '))
  return all<Record<string, unknown>>(
    db,
    sql`SELECT ${cols} FROM ${raw(quoted(table.name))} WHERE profile_id = ${profileId}
        ORDER BY rowid LIMIT ${limit}`
  )
}

/**
 * Puts checked rows in the profile's table: over the ones there (by the table's own key) for a
 * 'merge', instead of them for a 'replace'. The caller holds the transaction.
 */
export function putLocalRows(
  db: WriteDb,
  table: LocalTable,
  profileId: number,
  rows: readonly LocalRow[],
  mode: 'merge' | 'replace' = table.onRestore
): void {
  const name = raw(quoted(table.name))
  if (mode === 'replace') {
    run(db, sql`DELETE FROM ${name} WHERE profile_id = ${profileId}`)
  }
  const cols = raw(['profile_id', ...table.columns].map(quoted).join(', '))
  const marks = raw(table.columns.map(() => '?').join(', '))
  const insert = sql`INSERT OR REPLACE INTO ${name} (${cols}) VALUES (?, ${marks})`
  const statement = db.prepare(insert.text)
  for (const r of rows) statement.run(profileId, ...table.columns.map((c) => r[c] ?? null))
}
