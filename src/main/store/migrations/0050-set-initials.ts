import { FTS_COLUMNS } from '../fts'
import type { WriteDb } from '../handles'
import { initialsOf } from '../initials'
import type { IndexedText } from '../initials'

/** Adds each set's word initials (see initials.ts) and computes them for the sets already cached. */
export function up(db: WriteDb): void {
  db.exec('ALTER TABLE sets ADD COLUMN initials INTEGER NOT NULL DEFAULT 0')
  recomputeInitials(db)
}

/**
 * Computes and stores the initials of every cached set. Only migrations write `sets` outside
 * sets-repo.ts (they run before search caches exist); the fixture generator uses it too.
 */
export function recomputeInitials(db: WriteDb): void {
  const rows = db.prepare(`SELECT id, ${FTS_COLUMNS} FROM sets`).raw().all() as [
    number,
    ...(string | null)[]
  ][]
  const bits = initialsOf(
    db,
    rows.map((r): IndexedText => r.slice(1) as (string | null)[])
  )
  const update = db.prepare('UPDATE sets SET initials = ? WHERE id = ?')
  rows.forEach((r, i) => update.run(bits[i] ?? 0, r[0]))
}
