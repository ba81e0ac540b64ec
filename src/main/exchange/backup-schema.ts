import { AppError } from '../../shared/errors'
import type { ReadDb } from '../store/handles'
import { LOCAL_TABLES } from '../store/local-tables/index'
import { newerSchema } from '../store/migrate'
import { backupSchemaRows, tableColumns, userVersionOf } from './backup-repo'

/**
 * What a backup must look like before a single row of it is read. A backup comes from outside:
 * any name in it may be a view over an endless recursive query, a virtual table run by a module,
 * or a table whose generated columns compute anything. Only plain tables with the columns we
 * expect are read, and anything else under a name we read is refused by that name.
 */

/** The tables a restore reads and the columns it needs from each (its SELECTs name only these). */
const READ_TABLES: Readonly<Record<string, readonly string[]>> = {
  profiles: ['id', 'kind', 'base_url', 'label'],
  settings: ['key', 'value'],
  set_state: ['profile_id', 'set_id', 'owned', 'wanted', 'qty_owned', 'notes', 'rating', 'flags'],
  copies: [
    'local_id',
    'profile_id',
    'set_id',
    'collection_id',
    'date_acquired',
    'currency',
    'price_paid',
    'additional_price_paid',
    'current_estimated_value',
    'condition_when_acquired',
    'acquired_from',
    'condition_now',
    'location',
    'notes',
    'parts',
    'minifigs',
    'instructions',
    'box',
    'will_trade',
    'deleted'
  ],
  minifig_state: ['profile_id', 'minifig_number', 'owned_loose', 'wanted'],
  flag_labels: ['profile_id', 'flag_no', 'label'],
  saved_views: ['id', 'profile_id', 'name', 'position', 'query'],
  outbox: ['profile_id', 'target', 'field', 'base']
}

/** Read only when the backup's schema has it (older backups do not). */
const OPTIONAL_TABLES = new Set(['saved_views'])

/**
 * The local tables (store/local-tables): read when the backup has them, checked as strictly as
 * ours; a backup without one (older, or from before a feature was added) restores without it.
 */
const LOCAL_READS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  LOCAL_TABLES.map((l) => [l.name, ['profile_id', ...l.columns]])
)

/** The schema that added `copies.modified` (0060) and saved views (0090). */
export const COPY_MODIFIED_SINCE = 60
const VIEWS_SINCE = 90

export const notABackup = (why?: string, cause?: unknown): AppError =>
  new AppError(
    'invalid_input',
    'This file is not a Studbook backup: choose a file made with "Back up collection…".' +
      (why ? ` (${why})` : ''),
    { field: 'data' },
    cause === undefined ? undefined : { cause }
  )

export const damaged = (cause?: unknown): AppError =>
  new AppError(
    'invalid_input',
    'This backup file is damaged and cannot be restored.',
    { field: 'data' },
    cause === undefined ? undefined : { cause }
  )

interface CheckedSchema {
  /** The schema the backup was written with. */
  readonly version: number
  /** Tables present among the optional ones. */
  readonly has: ReadonlySet<string>
}

/**
 * Checks the backup's shape: its version against this Studbook's (`first`..`head`), every table
 * we read a plain table (not a view, not virtual, no generated column, no trigger on it) with
 * the columns we name. Throws an AppError that says which name is wrong.
 */
export function checkBackupSchema(db: ReadDb, first: number, head: number): CheckedSchema {
  const rows = backupSchemaRows(db)
  const version = userVersionOf(db)
  const newer = newerSchema('This backup was made', version, head, 'restore')
  if (newer !== null) throw new AppError('invalid_input', newer, { field: 'data' })
  if (version < first) throw notABackup(`schema version ${version}`)
  const has = new Set<string>()
  for (const [table, columns] of Object.entries({ ...READ_TABLES, ...LOCAL_READS })) {
    const found = rows.filter((r) => r.name === table)
    if (found.length === 0) {
      const optional = (OPTIONAL_TABLES.has(table) && version < VIEWS_SINCE) || table in LOCAL_READS
      if (optional) continue
      throw notABackup(`no table ${table}`)
    }
    const row = found[0]
    if (found.length > 1 || row?.type !== 'table') {
      throw notABackup(`${table} is a ${row?.type ?? 'missing'}, not a table`)
    }
    if (/^\s*CREATE\s+VIRTUAL\b/i.test(row.sql ?? '')) {
      throw notABackup(`${table} is a virtual table`)
    }
    const triggers = rows.filter((r) => r.type === 'trigger' && r.tbl_name === table)
    if (triggers.length > 0) throw notABackup(`a trigger ${triggers[0]?.name ?? ''} on ${table}`)
    const cols = tableColumns(db, table)
    // hidden 2 and 3 are generated columns: their expressions would run on every read.
    const generated = cols.find((c) => c.hidden !== 0)
    if (generated) throw notABackup(`${table}.${generated.name} is a generated column`)
    const names = new Set(cols.map((c) => c.name))
    const missing = columns.find((c) => !names.has(c))
    if (missing !== undefined) throw notABackup(`no column ${table}.${missing}`)
    has.add(table)
  }
  return { version, has }
}
