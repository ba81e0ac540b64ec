import type { ReadDb } from './handles'

/**
 * What `PRAGMA quick_check` finds in a database, up to `max` problems: `['ok']` when it finds
 * none. One statement that reads most of the file (1.2-2.6 s at 200,000 sets): a large file is
 * checked off the main thread (start-check.ts, the backup worker).
 */
export function quickCheckRows(db: ReadDb, max: number): string[] {
  const rows = db.pragma(`quick_check(${String(Math.max(1, Math.floor(max)))})`) as {
    quick_check: unknown
  }[]
  return rows.map((r) => String(r.quick_check))
}

/** True when the check found nothing wrong. */
export const isIntact = (rows: readonly string[]): boolean => rows.length === 1 && rows[0] === 'ok'
