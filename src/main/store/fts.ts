import type { ReadDb, WriteDb } from './handles'
import { get } from './handles'
import { sql } from './sql'

/** The columns of `sets` the search index holds, in index order. */
export const FTS_COLUMNS = 'full_number, name, theme, subtheme, tags, ean, upc'
const COLS = FTS_COLUMNS
/** The search index's tokenizer; initials.ts tokenizes non-ASCII text with the same one. */
export const FTS_TOKENIZE = 'unicode61 remove_diacritics 2'
const OLD = COLS.split(', ')
  .map((c) => `old.${c}`)
  .join(', ')
const NEW = COLS.split(', ')
  .map((c) => `new.${c}`)
  .join(', ')
const CHANGED = COLS.split(', ')
  .map((c) => `old.${c} IS NOT new.${c}`)
  .join(' OR ')

/**
 * Triggers keeping the external-content FTS index in step with `sets` for incremental changes.
 * The update trigger fires only when an indexed column really changed.
 */
export const FTS_TRIGGERS_SQL = `
  CREATE TRIGGER IF NOT EXISTS sets_fts_insert AFTER INSERT ON sets BEGIN
    INSERT INTO sets_fts (rowid, ${COLS}) VALUES (new.id, ${NEW});
  END;
  CREATE TRIGGER IF NOT EXISTS sets_fts_delete AFTER DELETE ON sets BEGIN
    INSERT INTO sets_fts (sets_fts, rowid, ${COLS}) VALUES ('delete', old.id, ${OLD});
  END;
  CREATE TRIGGER IF NOT EXISTS sets_fts_update AFTER UPDATE OF ${COLS} ON sets WHEN ${CHANGED} BEGIN
    INSERT INTO sets_fts (sets_fts, rowid, ${COLS}) VALUES ('delete', old.id, ${OLD});
    INSERT INTO sets_fts (rowid, ${COLS}) VALUES (new.id, ${NEW});
  END;
`

/**
 * Prefix indexes of 1, 2 and 3 characters: a one-letter search (the first keystroke) is the
 * worst case, and without a 1-character index FTS5 merges every term's list on each query.
 */
export const FTS_TABLE_SQL = `
  CREATE VIRTUAL TABLE sets_fts USING fts5 (
    ${COLS},
    content = 'sets', content_rowid = 'id',
    tokenize = '${FTS_TOKENIZE}', prefix = '1 2 3'
  );
`

/** True while a bulk load runs (or was interrupted): the index must be rebuilt before it is trusted. */
function ftsIsStale(db: ReadDb): boolean {
  const row = get<{ n: number }>(
    db,
    sql`SELECT count(*) AS n FROM sqlite_schema WHERE type = 'trigger' AND name LIKE 'sets_fts_%'`
  )
  return (row?.n ?? 0) < 3
}

/**
 * Bulk loads insert plain rows and rebuild the index once at the end (3x faster than per-row
 * triggers). Dropping the triggers is itself the "stale" marker, so a crash mid-load is detected.
 */
export function beginBulkLoad(db: WriteDb): void {
  db.exec(`DROP TRIGGER IF EXISTS sets_fts_insert;
    DROP TRIGGER IF EXISTS sets_fts_delete;
    DROP TRIGGER IF EXISTS sets_fts_update;`)
}

/** Rebuilds the index from `sets` and restores the triggers, in one transaction. */
export function endBulkLoad(db: WriteDb): void {
  db.transaction(() => {
    db.exec(`INSERT INTO sets_fts (sets_fts) VALUES ('rebuild');`)
    db.exec(FTS_TRIGGERS_SQL)
  }).immediate()
  // Fresh statistics after a bulk load, so the planner picks the indexes the search relies on.
  db.pragma('optimize = 0x10002')
}

/** Called on open: repairs an index left stale by a crash during a bulk load. */
export function repairFts(db: WriteDb): boolean {
  if (!ftsIsStale(db)) return false
  endBulkLoad(db)
  return true
}
