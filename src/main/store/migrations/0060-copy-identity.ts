import type { WriteDb } from '../handles'

/**
 * Per-copy details (issue #12). `modified` is the service's field, kept and sent back as read.
 * `date_text` is the service's own dateAcquired text (21-08-18), written back unchanged while the
 * user leaves the date alone; NULL when the date was entered here. `kept_local` marks a new copy
 * the service gave no collectionID: it stays on this computer until the user retries.
 */
export function up(db: WriteDb): void {
  db.exec(`
    ALTER TABLE copies ADD COLUMN modified INTEGER NOT NULL DEFAULT 0 CHECK (modified IN (0, 1));
    ALTER TABLE copies ADD COLUMN date_text TEXT;
    ALTER TABLE copies ADD COLUMN kept_local INTEGER NOT NULL DEFAULT 0 CHECK (kept_local IN (0, 1));
  `)
}
