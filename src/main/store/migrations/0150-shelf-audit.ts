import type { WriteDb } from '../handles'

/**
 * Issue #30 §4: the shelf audit. An audit walks one location (and its sub-locations); what the
 * user ticked is kept row by row as it is ticked, so a restart or a kill resumes the audit where
 * it was. One open audit per profile (the partial unique index). The service holds nothing of
 * this: it stays local, and only a fix ("moved to …") edits the copies, through the edit path.
 *
 * A mark names a copy (`local_id`) or, for a code that named no copy, the code itself
 * (`local_id` ''): one row per thing seen, so ticking twice changes nothing.
 *
 * `copies_by_location` serves the location list and an audit's expected copies: the copies of a
 * profile grouped by their location text, without reading each row.
 */
export function up(db: WriteDb): void {
  db.exec(`
    CREATE TABLE shelf_audits (
      id INTEGER PRIMARY KEY,
      profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      location TEXT NOT NULL,
      started_at TEXT NOT NULL,
      ended_at TEXT,
      fix_journal_id INTEGER
    ) STRICT;
    CREATE UNIQUE INDEX shelf_audits_open ON shelf_audits (profile_id) WHERE ended_at IS NULL;

    CREATE TABLE shelf_audit_marks (
      audit_id INTEGER NOT NULL REFERENCES shelf_audits (id) ON DELETE CASCADE,
      local_id TEXT NOT NULL,
      code TEXT NOT NULL,
      mark TEXT NOT NULL CHECK (mark IN ('seen', 'missing')),
      marked_at TEXT NOT NULL,
      PRIMARY KEY (audit_id, local_id, code)
    ) STRICT;

    CREATE INDEX copies_by_location ON copies (profile_id, location) WHERE deleted = 0;
  `)
}
