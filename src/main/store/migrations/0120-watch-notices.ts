import type { WriteDb } from '../handles'

/**
 * Issue #30 §3: the retirement watch tells the user once per set when a wanted set enters its
 * window. Which sets it already told is local (the service holds no such thing): one row per
 * set, kept across restarts, so a notice is never repeated.
 */
export function up(db: WriteDb): void {
  db.exec(`
    CREATE TABLE watch_notices (
      profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      set_id INTEGER NOT NULL,
      exit_date TEXT NOT NULL,
      noticed_at TEXT NOT NULL,
      PRIMARY KEY (profile_id, set_id)
    ) STRICT;
  `)
}
