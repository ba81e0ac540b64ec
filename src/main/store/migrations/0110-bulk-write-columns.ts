import { BULK_INDEXES_SQL } from '../fts'
import type { WriteDb } from '../handles'

/**
 * Issue #25: the catalogue is written in short slices, which needs two columns.
 *
 * `minifigs.pulled_in`: the pull that last wrote a figure. A pull upserts its figures slice by
 * slice under a new number, then removes those of older numbers, so no one transaction holds the
 * whole catalogue (130,000 links at 200,000 sets).
 *
 * `sets.shop_exit`: the US shop's last day, which the exit filter searches, as a plain column. The
 * index over `json_extract(detail, ...)` cost a JSON parse per row written (+25% on each page of
 * a load); the exit, EAN and UPC indexes become partial indexes over plain columns (store/fts.ts).
 * Rows with `detail` that is not JSON (a hostile file) keep no exit date rather than stop here.
 */
export function up(db: WriteDb): void {
  db.exec(`
    ALTER TABLE minifigs ADD COLUMN pulled_in INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX minifigs_by_pull ON minifigs (profile_id, pulled_in);

    ALTER TABLE sets ADD COLUMN shop_exit TEXT;
    UPDATE sets SET shop_exit = json_extract(detail, '$.shopDateRemoved')
      WHERE CASE WHEN json_valid(detail) THEN json_type(detail, '$.shopDateRemoved') END = 'text';

    DROP INDEX IF EXISTS sets_by_exit;
    DROP INDEX IF EXISTS sets_by_ean;
    DROP INDEX IF EXISTS sets_by_upc;
  `)
  db.exec(BULK_INDEXES_SQL)
}
