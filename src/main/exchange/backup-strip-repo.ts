import type { WriteDb } from '../store/handles'
import { LOCAL_TABLES } from '../store/local-tables/index'

/**
 * What a backup file keeps: the user's own data, and nothing a sync gives back. Written in the
 * backup worker, into the new file, never on the live database's connection.
 *
 * The rule is a list of what is KEPT: every other table is made empty, so a cache a later version
 * adds (as the figure catalogue of migration 80 was, 8.4 MB of a 9 MB backup) is left out of
 * backups without anyone remembering to list it here.
 */

/** `PRAGMA application_id` of our backups ("SBK1"). */
const BACKUP_APPLICATION_ID = 0x53424b31

/**
 * The user's data: the collection, copies, figures, flags and their names, saved views, settings
 * (the database holds no secrets: those are in the OS keychain), the edits not yet sent, and
 * every local table (store/local-tables: what the service cannot hold).
 */
const KEPT_TABLES: readonly string[] = [
  'profiles',
  'settings',
  'set_state',
  'copies',
  'minifig_state',
  'flag_labels',
  'saved_views',
  'outbox',
  ...LOCAL_TABLES.map((t) => t.name)
]
/** The undo history: kept only in automatic backups (a restore through the dialog makes its own). */
const JOURNAL = 'journal'

/**
 * Who each set the collection names is (its number and name), taken from the live catalogue,
 * which the backup leaves out: a restore onto an install that has no catalogue yet shows those
 * sets by number until the next sync. Kept as one settings value, `[profileId, setID, number,
 * variant, name]` per set (about 40 bytes each): catalogue rows with their indexes and search
 * index cost 1 KB.
 */
const SET_NAMES_KEY = 'backup.sets'

/** A statement of the live database's schema, as `sqlite_schema` holds it. */
interface SchemaEntry {
  readonly type: string
  readonly name: string
  readonly sql: string
}

/**
 * The live schema a backup file is made with, in the order a fresh file takes it: tables (a
 * virtual table makes its own shadow tables, so those are left out), then indexes, views and
 * triggers. SQLite's own tables (`sqlite_sequence`) come with the tables that need them.
 */
function liveSchema(db: WriteDb): SchemaEntry[] {
  const entries = db
    .prepare(
      `SELECT type, name, sql FROM live.sqlite_schema
       WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'
       ORDER BY CASE type WHEN 'table' THEN 0 WHEN 'index' THEN 1 WHEN 'view' THEN 2 ELSE 3 END,
         rowid`
    )
    .all() as SchemaEntry[]
  const virtual = entries
    .filter((e) => e.type === 'table' && /^CREATE\s+VIRTUAL\s/i.test(e.sql))
    .map((e) => `${e.name}_`)
  return entries.filter((e) => !(e.type === 'table' && virtual.some((v) => e.name.startsWith(v))))
}

const quoted = (name: string): string => `"${name.replace(/"/g, '""')}"`

/** A kept table's rows, copied column by column (generated columns are computed again). */
function copyRows(db: WriteDb, table: string): void {
  const columns = (
    db
      .prepare(`SELECT name FROM pragma_table_xinfo(?, 'live') WHERE hidden NOT IN (2, 3)`)
      .all(table) as { name: string }[]
  )
    .map((c) => quoted(c.name))
    .join(', ')
  db.exec(`INSERT INTO main.${quoted(table)} (${columns})
    SELECT ${columns} FROM live.${quoted(table)}`)
}

/** Whether the attached live file or the new one (`main`) has the table. */
const holds = (db: WriteDb, schema: 'live' | 'main', table: string): boolean =>
  db.prepare(`SELECT 1 FROM ${schema}.sqlite_schema WHERE name = ?`).get(table) !== undefined

/** The rows of one of SQLite's own tables as the live file holds them, when both files have it. */
function copyOwnTable(db: WriteDb, table: string): void {
  if (!holds(db, 'live', table) || !holds(db, 'main', table)) return
  db.exec(`DELETE FROM main.${table}; INSERT INTO main.${table} SELECT * FROM live.${table};`)
}

/** The planner's statistics, as a whole copy held them (sqlite_stat4 where SQLite keeps it). */
const STATISTICS = ['sqlite_stat1', 'sqlite_stat4']

/**
 * Writes a backup of the database at `livePath` into `db`, a new empty file: the live schema,
 * with the rows of the kept tables only, in one read of the live file (one snapshot, edits still
 * in its WAL included, while the app goes on writing). Every other table is made empty, as a
 * cache a sync gives back. Before, the whole file was copied (VACUUM INTO) and then emptied: at
 * 200,000 sets 454 MB written for a backup of 0.42 MB, 17.9 s of a worker every day, and no
 * backup at all on a disk with less room left than the catalogue (issue #25). Run in the backup
 * worker, never on the live database's connection.
 */
export function writeKeptBackup(
  db: WriteDb,
  livePath: string,
  takenAt: string,
  keepJournal: boolean
): void {
  const kept = new Set([...KEPT_TABLES, ...(keepJournal ? [JOURNAL] : [])])
  // The rows are a snapshot, copied as they are: no constraint checks them again.
  db.pragma('foreign_keys = OFF')
  db.pragma('busy_timeout = 5000')
  db.prepare('ATTACH DATABASE ? AS live').run(livePath)
  try {
    // As the live file: page size and vacuum mode are fixed when its first table is made.
    db.pragma(`main.page_size = ${String(db.pragma('live.page_size', { simple: true }))}`)
    db.pragma(`main.auto_vacuum = ${String(db.pragma('live.auto_vacuum', { simple: true }))}`)
    db.transaction(() => {
      const schema = liveSchema(db)
      const run = (type: string): void => {
        for (const e of schema) if (e.type === type) db.exec(e.sql)
      }
      run('table')
      // Rows before the indexes (built once) and the triggers (a copied row is not an edit).
      for (const e of schema) if (e.type === 'table' && kept.has(e.name)) copyRows(db, e.name)
      run('index')
      // AUTOINCREMENT's counters, made with the kept tables' rows: the live ones, as a copy had.
      copyOwnTable(db, 'sqlite_sequence')
      // ANALYZE of one small table makes the statistics tables, whose rows are then the live ones.
      if (STATISTICS.some((t) => holds(db, 'live', t))) db.exec('ANALYZE main.settings')
      for (const t of STATISTICS) copyOwnTable(db, t)
      db.exec(`INSERT INTO main.settings (key, value) VALUES ('${SET_NAMES_KEY}', (
          SELECT coalesce(json_group_array(json_array(s.profile_id, s.set_id, s.number,
            s.number_variant, s.name)), '[]')
          FROM (SELECT profile_id, set_id FROM main.set_state
                UNION SELECT profile_id, set_id FROM main.copies
                UNION SELECT profile_id, set_id FROM main.outbox WHERE set_id IS NOT NULL) n
          JOIN live.sets s ON s.profile_id = n.profile_id AND s.set_id = n.set_id))
        ON CONFLICT (key) DO UPDATE SET value = excluded.value`)
      db.prepare(
        `INSERT INTO main.settings (key, value) VALUES ('backup.takenAt', ?)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`
      ).run(takenAt)
      run('view')
      run('trigger')
      db.pragma(`main.user_version = ${String(db.pragma('live.user_version', { simple: true }))}`)
      db.pragma(`main.application_id = ${BACKUP_APPLICATION_ID}`)
    })()
  } finally {
    db.exec('DETACH DATABASE live')
    db.pragma('foreign_keys = ON')
  }
}

/** A backup installed as the data file is no longer a backup file. */
export function unmarkBackup(db: WriteDb): void {
  db.pragma('application_id = 0')
  db.prepare(`DELETE FROM settings WHERE key IN ('backup.takenAt', '${SET_NAMES_KEY}')`).run()
}
