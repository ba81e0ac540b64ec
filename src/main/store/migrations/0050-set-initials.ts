import type { WriteDb } from '../handles'
import { recomputeInitials } from '../initials'

/** Adds each set's word initials (see initials.ts) and computes them for the sets already cached. */
export function up(db: WriteDb): void {
  db.exec('ALTER TABLE sets ADD COLUMN initials INTEGER NOT NULL DEFAULT 0')
  recomputeInitials(db)
}
