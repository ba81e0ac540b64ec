import type { WriteDb } from '../handles'

/**
 * Issue #30 §1: the copy ledger. A disposal (sold, gifted, parted out, lost) is local: the
 * service has no such record. Each row keeps what the copy was when it left (set, prices,
 * currency, date, conditions, estimated value), so it outlives the copy's deletion here and on
 * the service.
 *
 * `entry_id` is a UUID, not a row number: a restore or a full export merges rows from another
 * file by it, where numbers would collide. `batch_id` names the journal entry of the edit that
 * deleted the copy with it (journal.batch_id); while that entry is undone the row does not count
 * (src/main/ledger/ledger-repo.ts). NULL: the copy was left on the service, no edit was made.
 * One entry per copy (ledger_by_copy): a copy leaves once. A restore that brings another entry
 * for the same copy replaces this one (INSERT OR REPLACE), never adds a second.
 * journal_by_batch: each ledger read asks whether its edit was undone. ledger_by_day is the
 * list's order, so a page (and the export's next page, after the last one) reads only its rows.
 */
export function up(db: WriteDb): void {
  db.exec(`
    CREATE TABLE ledger_entries (
      entry_id TEXT PRIMARY KEY,
      profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      local_id TEXT NOT NULL,
      collection_id INTEGER,
      set_id INTEGER NOT NULL,
      set_number TEXT NOT NULL,
      set_name TEXT NOT NULL,
      theme TEXT NOT NULL,
      set_year INTEGER,
      kind TEXT NOT NULL CHECK (kind IN ('sold', 'gifted', 'partedOut', 'lost')),
      disposed_on TEXT NOT NULL,
      proceeds REAL NOT NULL DEFAULT 0 CHECK (proceeds >= 0),
      proceeds_currency TEXT NOT NULL DEFAULT '',
      price_paid REAL NOT NULL DEFAULT 0,
      additional_price_paid REAL NOT NULL DEFAULT 0,
      currency TEXT NOT NULL DEFAULT '',
      date_acquired TEXT NOT NULL DEFAULT '',
      condition_when_acquired TEXT NOT NULL DEFAULT '',
      condition_now TEXT NOT NULL DEFAULT '',
      estimated_value REAL NOT NULL DEFAULT 0,
      note TEXT NOT NULL DEFAULT '',
      deleted_on_service INTEGER NOT NULL DEFAULT 0 CHECK (deleted_on_service IN (0, 1)),
      batch_id TEXT,
      created_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX ledger_by_day ON ledger_entries (profile_id, disposed_on, created_at, entry_id);
    CREATE UNIQUE INDEX ledger_by_copy ON ledger_entries (profile_id, local_id);
    CREATE INDEX journal_by_batch ON journal (profile_id, batch_id) WHERE batch_id IS NOT NULL;
  `)
}
