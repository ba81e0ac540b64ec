import { FTS_TRIGGERS_SQL } from '../store/fts'
import type { WriteDb } from '../store/handles'
import { LOCAL_TABLES } from '../store/local-tables/index'

/**
 * What a fresh backup file keeps before it is one: the user's own data, and nothing a sync
 * gives back. Run in the backup worker, on the file being written, never on the live database.
 *
 * The rule is a list of what is KEPT: every other table is emptied, so a cache a later version
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
 * Who each set the collection names is (its number and name), taken from the catalogue before it
 * is emptied: a restore onto an install that has no catalogue yet shows those sets by number
 * until the next sync. Kept as one settings value, `[profileId, setID, number, variant, name]`
 * per set (about 40 bytes each): catalogue rows with their indexes and search index cost 1 KB.
 */
const SET_NAMES_KEY = 'backup.sets'

/** The search index and its shadow tables: emptied with `sets`, the table it indexes. */
const FTS = 'sets_fts'

function tablesOf(db: WriteDb): string[] {
  return (
    db
      .prepare(
        `SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
         AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name`
      )
      .all() as { name: string }[]
  )
    .map((r) => r.name)
    .filter((name) => name !== FTS && !name.startsWith(`${FTS}_`))
}

/** Empties a fresh backup file's caches (run in the backup worker, on the file being written). */
export function stripBackup(db: WriteDb, takenAt: string, keepJournal: boolean): void {
  const kept = new Set([...KEPT_TABLES, ...(keepJournal ? [JOURNAL] : [])])
  db.transaction(() => {
    db.exec(`DROP TRIGGER IF EXISTS sets_fts_insert;
      DROP TRIGGER IF EXISTS sets_fts_delete;
      DROP TRIGGER IF EXISTS sets_fts_update;
      INSERT INTO sets_fts (sets_fts) VALUES ('delete-all');`)
    db.exec(`INSERT INTO settings (key, value) VALUES ('${SET_NAMES_KEY}', (
        SELECT coalesce(json_group_array(json_array(s.profile_id, s.set_id, s.number,
          s.number_variant, s.name)), '[]')
        FROM sets s WHERE EXISTS (
            SELECT 1 FROM set_state st WHERE st.profile_id = s.profile_id AND st.set_id = s.set_id)
          OR EXISTS (
            SELECT 1 FROM copies c WHERE c.profile_id = s.profile_id AND c.set_id = s.set_id)
          OR EXISTS (
            SELECT 1 FROM outbox o WHERE o.profile_id = s.profile_id AND o.set_id = s.set_id)))
      ON CONFLICT (key) DO UPDATE SET value = excluded.value`)
    for (const table of tablesOf(db)) {
      if (!kept.has(table)) db.exec(`DELETE FROM "${table.replace(/"/g, '""')}"`)
    }
    db.exec(FTS_TRIGGERS_SQL)
    db.prepare(
      `INSERT INTO settings (key, value) VALUES ('backup.takenAt', ?)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value`
    ).run(takenAt)
    db.pragma(`application_id = ${BACKUP_APPLICATION_ID}`)
  })()
}

/** A backup installed as the data file is no longer a backup file. */
export function unmarkBackup(db: WriteDb): void {
  db.pragma('application_id = 0')
  db.prepare(`DELETE FROM settings WHERE key IN ('backup.takenAt', '${SET_NAMES_KEY}')`).run()
}
