import type { WriteDb } from '../handles'

/**
 * Scan mode (issue #17) finds a set by its EAN or UPC on every scan: without these indexes each
 * lookup reads every cached set of the profile (20,000 in the demo, 200,000 in the largest
 * catalogues we plan for).
 */
export function up(db: WriteDb): void {
  db.exec(`
    CREATE INDEX sets_by_ean ON sets (profile_id, ean);
    CREATE INDEX sets_by_upc ON sets (profile_id, upc);
  `)
}
