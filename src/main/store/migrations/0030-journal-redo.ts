import type { WriteDb } from '../handles'

/**
 * Redo order: undone entries carry the order they were undone in, so redo re-applies the most
 * recently undone first; a new edit clears it (the undone entries stay in history, not redoable).
 */
export function up(db: WriteDb): void {
  db.exec(`
    ALTER TABLE journal ADD COLUMN redo_seq INTEGER;
    CREATE INDEX journal_redo ON journal (profile_id, redo_seq) WHERE redo_seq IS NOT NULL;
  `)
}
