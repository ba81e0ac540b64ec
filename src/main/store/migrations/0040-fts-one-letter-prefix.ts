import { FTS_TABLE_SQL } from '../fts'
import type { WriteDb } from '../handles'

/**
 * Rebuilds the search index with a 1-character prefix index (see FTS_TABLE_SQL). The triggers on
 * `sets` name the index table, so they keep working once it exists again.
 */
export function up(db: WriteDb): void {
  db.exec('DROP TABLE sets_fts;')
  db.exec(FTS_TABLE_SQL)
  db.exec(`INSERT INTO sets_fts (sets_fts) VALUES ('rebuild');`)
}
