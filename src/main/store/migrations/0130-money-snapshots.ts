import type { WriteDb } from '../handles'

/**
 * Issue #30 §1: the money view's value over time. The service keeps only each copy's figures as
 * they are now, so their history is local: one snapshot per profile and local day (a later one the
 * same day replaces it: the latest of the day wins), and under it rows per currency: its total
 * and each theme's share.
 *
 * `money_snapshots` says a snapshot was taken even when the collection had no priced copies (an
 * empty day is a fact, not a gap). The total is kept beside the themes' rows, not summed at read
 * time, so a year of history reads a few hundred rows rather than every theme's. Rows of
 * different currencies are never added together. Amounts are whole cents, so sums do not drift.
 */
export function up(db: WriteDb): void {
  db.exec(`
    CREATE TABLE money_snapshots (
      profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      day TEXT NOT NULL,
      taken_at TEXT NOT NULL,
      reason TEXT NOT NULL CHECK (reason IN ('daily', 'sync', 'import')),
      -- Owned copies the quantity counts but no copy record details: no price, so in no row.
      undetailed INTEGER NOT NULL,
      PRIMARY KEY (profile_id, day)
    ) STRICT;

    -- No key to money_snapshots: a restore puts each local table back on its own, in name order
    -- (store/local-tables), and a replaced header must not take its rows with it.
    CREATE TABLE money_snapshot_rows (
      profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      day TEXT NOT NULL,
      -- 'total': the currency's whole collection (theme ''); 'theme': one theme's share of it.
      level TEXT NOT NULL CHECK (level IN ('total', 'theme')),
      -- The set's theme as the catalogue names it; '' when the catalogue lacks the set.
      theme TEXT NOT NULL,
      -- ISO code as the copies name it; '' for copies recorded without one.
      currency TEXT NOT NULL,
      copies INTEGER NOT NULL,
      sets INTEGER NOT NULL,
      paid_cents INTEGER NOT NULL,
      -- The sets' retail prices in the currency's shop, over the copies whose set has one.
      retail_cents INTEGER,
      retail_copies INTEGER NOT NULL,
      value_cents INTEGER NOT NULL,
      -- Copies without an estimate, valued at what was paid.
      value_fallback INTEGER NOT NULL,
      -- Key order serves the screen's two reads: a level (and theme) over a range of days.
      PRIMARY KEY (profile_id, level, theme, day, currency)
    ) STRICT;
    CREATE INDEX money_rows_by_day ON money_snapshot_rows (profile_id, day);
  `)
}
