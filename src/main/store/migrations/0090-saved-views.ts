import type { WriteDb } from '../handles'

/**
 * Saved views (issue #17): a Browse query kept by name, per profile, in the user's order. The
 * query is JSON, checked against the contract's schema each time it is read; `name_key` (the name
 * folded for comparison) makes two views of one name impossible whatever the case.
 *
 * With them, the filter "leaves the shop in these years" (a view such as "wanted, retiring this
 * year"): the date sits in `detail`, and without this index the whole catalogue's JSON is read
 * (70 ms over 20,000 sets). The expression must stay exactly the one search-filters.ts uses.
 */
export function up(db: WriteDb): void {
  db.exec(`
    CREATE TABLE saved_views (
      id INTEGER PRIMARY KEY,
      profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      name_key TEXT NOT NULL,
      position INTEGER NOT NULL,
      query TEXT NOT NULL,
      created_at TEXT NOT NULL,
      UNIQUE (profile_id, name_key)
    ) STRICT;

    CREATE INDEX sets_by_exit ON sets (profile_id, json_extract(detail, '$.shopDateRemoved'));
  `)
}
