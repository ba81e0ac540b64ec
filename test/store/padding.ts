import type Database from 'better-sqlite3'

/** Rows of `padding`: 4,000 random bytes each, 12 MB in all. */
export const PADDING_ROWS = 3000

/**
 * Grows a data file with a table of no feature's (`padding`), as a large catalogue's caches would:
 * SQLite's checks read it as they read the catalogue, and a backup leaves it out.
 */
export function addPadding(db: Database.Database): void {
  db.exec(`CREATE TABLE padding (b BLOB) STRICT;
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${String(PADDING_ROWS)})
    INSERT INTO padding SELECT randomblob(4000) FROM n;`)
}
