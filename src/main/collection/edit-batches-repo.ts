import { raw } from '../store/sql'
import type { Sql } from '../store/sql'

/**
 * Conditions on an edit batch (journal.batch_id) for another feature's own query: a row that
 * names the edit that made it (`profile_id`, `batch_id`, under the alias `row`, a fixed alias
 * chosen by code) asks whether that edit was undone. One EXISTS on journal_by_batch
 * (migration 140) per row, so the caller's query stays one walk of its own table.
 */

/** The row's edit was undone (Ctrl+Z); a redo can still bring it back. */
export function batchUndone(row: 'e'): Sql {
  return raw(`EXISTS (SELECT 1 FROM journal j
  WHERE j.profile_id = ${row}.profile_id AND j.batch_id = ${row}.batch_id AND j.undone = 1)`)
}

/** The row's edit was undone and is off the redo chain: nothing can bring it back. */
export function batchUndoneForGood(row: 'e'): Sql {
  return raw(`EXISTS (SELECT 1 FROM journal j
  WHERE j.profile_id = ${row}.profile_id AND j.batch_id = ${row}.batch_id
    AND j.undone = 1 AND j.redo_seq IS NULL)`)
}
