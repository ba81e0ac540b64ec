import type Database from 'better-sqlite3'

/**
 * SQLite's plan for a statement with its values, one step's detail a line: what a test reads to
 * know which index a query takes.
 */
export function queryPlan(
  db: Database.Database,
  text: string,
  params: readonly unknown[] = []
): string {
  return (db.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...params) as { detail: string }[])
    .map((r) => r.detail)
    .join('\n')
}
