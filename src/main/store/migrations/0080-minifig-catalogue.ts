import type { WriteDb } from '../handles'

/**
 * The catalogue's minifigures, cached like its sets (issue #14): every figure the service knows,
 * its pictures, and the sets each comes in (how many of it per set). The user's own counts stay in
 * `minifig_state`; these tables are the service's, replaced whole by each pull.
 */
export function up(db: WriteDb): void {
  db.exec(`
    CREATE TABLE minifigs (
      profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      minifig_number TEXT NOT NULL,
      name TEXT NOT NULL,
      category TEXT NOT NULL,
      thumbnail_url TEXT,
      image_url TEXT,
      PRIMARY KEY (profile_id, minifig_number)
    ) STRICT;

    CREATE TABLE minifig_sets (
      profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      minifig_number TEXT NOT NULL,
      set_id INTEGER NOT NULL,
      quantity INTEGER NOT NULL CHECK (quantity > 0),
      PRIMARY KEY (profile_id, minifig_number, set_id)
    ) STRICT;
    CREATE INDEX minifig_sets_by_set ON minifig_sets (profile_id, set_id);
  `)
}
