import type { z } from 'zod'

/**
 * A LOCAL table: data of one profile that the service cannot hold (issue #30: "what the service
 * cannot hold stays local, travels in backups and the full export"). A feature declares its table
 * once (src/main/store/local-tables/); backups keep it, a restore puts its rows back, the full
 * export writes them and its import reads them, each row checked with `row` first.
 *
 * The declarations live in store, beside the migrations that make the tables: the backup worker
 * and the exchange feature read them without importing any feature (no import circle).
 */
export interface LocalTable {
  /** The SQL table; it has a `profile_id` column, which is not listed in `columns`. */
  readonly name: string
  /** The columns carried, in order. Values are TEXT, INTEGER, REAL or NULL (no BLOB). */
  readonly columns: readonly string[]
  /** One row as read, keyed by column: a row it refuses makes the whole file refused. */
  readonly row: z.ZodType<LocalRow>
  /** The most rows of one profile a backup or file may hold; more is refused before reading. */
  readonly maxRows: number
  /**
   * On restore: 'merge' puts the backup's rows back over the ones here (INSERT OR REPLACE by the
   * table's own key) and keeps the rest; 'replace' makes the profile's rows the backup's.
   */
  readonly onRestore: 'merge' | 'replace'
}

type LocalValue = string | number | null
export type LocalRow = Readonly<Record<string, LocalValue>>

/** The most rows of one table any declaration may allow (the backup reader's own budget). */
const MAX_LOCAL_ROWS = 250_000

const IDENTIFIER = /^[a-z][a-z0-9_]{0,62}$/

/** A declaration, checked when the module loads: a bad name fails every test that imports it. */
export function localTable(t: LocalTable): LocalTable {
  const bad = [t.name, ...t.columns].find((n) => !IDENTIFIER.test(n) || n === 'profile_id')
  if (bad !== undefined) throw new Error(`local table ${t.name}: "${bad}" is not a usable name`)
  if (t.columns.length === 0 || new Set(t.columns).size !== t.columns.length) {
    throw new Error(`local table ${t.name}: its columns must be listed once each`)
  }
  if (!Number.isInteger(t.maxRows) || t.maxRows < 1 || t.maxRows > MAX_LOCAL_ROWS) {
    throw new Error(`local table ${t.name}: maxRows must be 1..${MAX_LOCAL_ROWS}`)
  }
  return t
}
