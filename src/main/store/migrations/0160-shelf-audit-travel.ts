import type { WriteDb } from '../handles'

/**
 * Issue #30 §4: the shelf audit travels in backups and the full export (store/local-tables), so
 * both of its tables become local tables as that mechanism needs them:
 * - every row names its profile (`profile_id`, which shelf_audit_marks lacked);
 * - an audit is keyed by (profile, id), so a restore's INSERT OR REPLACE of a backup's audit can
 *   never land on another profile's audit of the same number (ids came from one rowid counter);
 * - no foreign key from a mark to its audit: a restore puts each table back on its own, in name
 *   order (marks first), and a replaced audit row would take the marks just put back with it.
 *   The profile's key still removes both with the profile.
 * New ids still come from the whole table's highest (shelf-repo), so they stay unique here.
 */
export function up(db: WriteDb): void {
  db.exec(`
    CREATE TABLE shelf_audits_v2 (
      profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      id INTEGER NOT NULL,
      location TEXT NOT NULL,
      started_at TEXT NOT NULL,
      ended_at TEXT,
      fix_journal_id INTEGER,
      PRIMARY KEY (profile_id, id)
    ) STRICT;
    INSERT INTO shelf_audits_v2 (profile_id, id, location, started_at, ended_at, fix_journal_id)
      SELECT profile_id, id, location, started_at, ended_at, fix_journal_id FROM shelf_audits;

    CREATE TABLE shelf_audit_marks_v2 (
      profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      audit_id INTEGER NOT NULL,
      local_id TEXT NOT NULL,
      code TEXT NOT NULL,
      mark TEXT NOT NULL CHECK (mark IN ('seen', 'missing')),
      marked_at TEXT NOT NULL,
      PRIMARY KEY (profile_id, audit_id, local_id, code)
    ) STRICT;
    INSERT INTO shelf_audit_marks_v2 (profile_id, audit_id, local_id, code, mark, marked_at)
      SELECT a.profile_id, m.audit_id, m.local_id, m.code, m.mark, m.marked_at
      FROM shelf_audit_marks m JOIN shelf_audits a ON a.id = m.audit_id;

    DROP TABLE shelf_audit_marks;
    DROP TABLE shelf_audits;
    ALTER TABLE shelf_audits_v2 RENAME TO shelf_audits;
    ALTER TABLE shelf_audit_marks_v2 RENAME TO shelf_audit_marks;
    CREATE UNIQUE INDEX shelf_audits_open ON shelf_audits (profile_id) WHERE ended_at IS NULL;
  `)
}
