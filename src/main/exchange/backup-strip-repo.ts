import { FTS_TRIGGERS_SQL } from '../store/fts'
import type { WriteDb } from '../store/handles'

/**
 * What a fresh backup file loses before it is one: the catalogue and other caches the service
 * gives back on the next sync, and (unless kept) the edits not yet sent and their undo history.
 * Run in the backup worker, on the file being written, never on the live database.
 */

/** `PRAGMA application_id` of our backups ("SBK1"). */
const BACKUP_APPLICATION_ID = 0x53424b31

// Emptied in the snapshot: the service's data (fetched again by a sync) and local bookkeeping.
const CACHES = [
  'set_reviews',
  'set_instructions',
  'set_images',
  'set_extras',
  'sets',
  'themes',
  'subthemes',
  'years',
  'conditions',
  'collection_totals',
  'media_cache',
  'allowance',
  'sync_state'
]
/** Edits not yet on the service and their undo history: kept only in automatic backups. */
const PENDING = ['outbox', 'journal']

/** Empties a fresh backup file's caches (run in the backup worker, on the file being written). */
export function stripBackup(db: WriteDb, takenAt: string, keepPending: boolean): void {
  db.transaction(() => {
    db.exec(`DROP TRIGGER IF EXISTS sets_fts_insert;
      DROP TRIGGER IF EXISTS sets_fts_delete;
      DROP TRIGGER IF EXISTS sets_fts_update;
      INSERT INTO sets_fts (sets_fts) VALUES ('delete-all');`)
    for (const table of keepPending ? CACHES : [...CACHES, ...PENDING]) {
      db.exec(`DELETE FROM ${table}`)
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
  db.prepare("DELETE FROM settings WHERE key = 'backup.takenAt'").run()
}
