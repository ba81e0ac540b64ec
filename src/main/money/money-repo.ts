import type { SnapshotReason } from '../../shared/model/money'
import type { ReadDb, WriteDb } from '../store/handles'
import { all, get, run } from '../store/handles'
import { raw, sql } from '../store/sql'
import { notDisposedOnly } from '../ledger/index'
import { ownedSliceCopies } from '../collection/index'

/**
 * The money view's SQL: the owned copies summed in slices of sets (over the collection's
 * ownedSliceCopies; its nextOwnedBound cuts the slices), and the snapshots kept.
 */

/** One currency and theme's sums over a slice of owned sets (amounts in whole cents). */
export interface MoneySums {
  currency: string
  theme: string
  copies: number
  sets: number
  paid_cents: number
  retail_cents: number | null
  retail_copies: number
  value_cents: number
  value_fallback: number
}

/**
 * A copy the ledger holds as disposed of but left on the service has left the collection (issue
 * #30 §1) though its record stays: it is not counted. The ledger says which, in this same walk.
 */
const NOT_DISPOSED = notDisposedOnly('c')

/**
 * The retail price of a copy's set in its currency's shop, as the catalogue keeps it (text):
 * USD the US shop, GBP the UK's, CAD Canada's, EUR the German shop's (the catalogue's EU column).
 */
const RETAIL_TEXT = raw(`CASE upper(trim(c.currency))
  WHEN 'USD' THEN s.us_price WHEN 'GBP' THEN s.uk_price
  WHEN 'CAD' THEN s.ca_price WHEN 'EUR' THEN s.eu_price END`)

/**
 * The live copies of owned sets in (lo, hi], summed per currency and theme (cut to the lengths
 * a backup's rows may have). Catalogue text is hostile: only a plain decimal ("519.99", "519,99") is a retail price, anything else is none.
 */
export function sliceSums(db: ReadDb, profileId: number, lo: number, hi: number): MoneySums[] {
  return all<MoneySums>(
    db,
    sql`WITH c AS (
          SELECT substr(upper(trim(c.currency)), 1, 10) AS currency,
            substr(coalesce(s.theme, ''), 1, 200) AS theme, c.set_id,
            CAST(round(c.price_paid * 100) + round(c.additional_price_paid * 100) AS INTEGER)
              AS paid,
            CASE WHEN c.current_estimated_value > 0
              THEN CAST(round(c.current_estimated_value * 100) AS INTEGER) END AS estimate,
            trim(coalesce(${RETAIL_TEXT}, '')) AS rp
          ${ownedSliceCopies(profileId, lo, hi)} AND ${NOT_DISPOSED}
        ), p AS (
          SELECT *, CASE WHEN rp GLOB '[0-9]*' AND rp NOT GLOB '*[^0-9.,]*'
              AND length(rp) - length(replace(replace(rp, '.', ''), ',', '')) <= 1
              AND length(rp) <= 14 AND CAST(replace(rp, ',', '.') AS REAL) > 0
            THEN CAST(round(CAST(replace(rp, ',', '.') AS REAL) * 100) AS INTEGER) END AS retail
          FROM c
        )
        SELECT currency, theme, count(*) AS copies, count(DISTINCT set_id) AS sets,
          sum(paid) AS paid_cents, sum(retail) AS retail_cents, count(retail) AS retail_copies,
          sum(coalesce(estimate, paid)) AS value_cents, count(*) - count(estimate) AS value_fallback
        FROM p GROUP BY currency, theme`
  )
}

/** One row as written: a currency's total, or one theme's share of it. */
export type SnapshotRowWrite = MoneySums & { level: 'total' | 'theme' }

/**
 * A day's snapshot is written in steps, each its own short transaction (money/snapshot.ts): the
 * day's header goes first, so until the last step the day has no snapshot and every read leaves
 * its rows alone; a crash in between leaves a day the next start takes again.
 */
export function dropDay(db: WriteDb, profileId: number, day: string): void {
  run(db, sql`DELETE FROM money_snapshots WHERE profile_id = ${profileId} AND day = ${day}`)
}

/** Writes rows of the day over those of the same currency, level and theme. */
export function upsertRows(
  db: WriteDb,
  profileId: number,
  day: string,
  rows: readonly SnapshotRowWrite[]
): void {
  for (const r of rows) {
    run(
      db,
      sql`INSERT INTO money_snapshot_rows (profile_id, day, level, theme, currency, copies, sets,
            paid_cents, retail_cents, retail_copies, value_cents, value_fallback)
          VALUES (${profileId}, ${day}, ${r.level}, ${r.theme}, ${r.currency}, ${r.copies},
            ${r.sets}, ${r.paid_cents}, ${r.retail_cents}, ${r.retail_copies}, ${r.value_cents},
            ${r.value_fallback})
          ON CONFLICT (profile_id, level, theme, day, currency) DO UPDATE SET
            copies = excluded.copies, sets = excluded.sets, paid_cents = excluded.paid_cents,
            retail_cents = excluded.retail_cents, retail_copies = excluded.retail_copies,
            value_cents = excluded.value_cents, value_fallback = excluded.value_fallback`
    )
  }
}

interface DayHeader {
  readonly profileId: number
  readonly day: string
  readonly takenAt: string
  readonly reason: SnapshotReason
  readonly undetailed: number
  /** Every row the day now has, as `[level, theme, currency]`: the others are stale. */
  readonly keys: readonly (readonly [string, string, string])[]
}

/** The last step: the day's stale rows (an earlier snapshot's) go, and its header is written. */
export function finishDay(db: WriteDb, h: DayHeader): void {
  run(
    db,
    sql`DELETE FROM money_snapshot_rows INDEXED BY money_rows_by_day
        WHERE profile_id = ${h.profileId} AND day = ${h.day}
          AND json_array(level, theme, currency)
            NOT IN (SELECT value FROM json_each(${JSON.stringify(h.keys)}))`
  )
  run(
    db,
    sql`INSERT INTO money_snapshots (profile_id, day, taken_at, reason, undetailed)
        VALUES (${h.profileId}, ${h.day}, ${h.takenAt}, ${h.reason}, ${h.undetailed})`
  )
}

/**
 * Up to `limit` rows past their keeping: days before `keepFrom` (the screen's longest period),
 * themes' rows before `themesFrom` (their row budget). Returns how many went.
 */
export function pruneRows(
  db: WriteDb,
  profileId: number,
  keepFrom: string,
  themesFrom: string,
  limit: number
): number {
  const rows = run(
    db,
    sql`DELETE FROM money_snapshot_rows WHERE rowid IN (
          SELECT rowid FROM money_snapshot_rows INDEXED BY money_rows_by_day
          WHERE profile_id = ${profileId} AND day < ${themesFrom}
            AND (level = 'theme' OR day < ${keepFrom})
          LIMIT ${limit})`
  ).changes
  const days = run(
    db,
    sql`DELETE FROM money_snapshots WHERE profile_id = ${profileId} AND day < ${keepFrom}`
  ).changes
  return rows + days
}

/** Whether the profile has a snapshot of this day. */
export function hasSnapshot(db: ReadDb, profileId: number, day: string): boolean {
  return (
    get<{ one: number }>(
      db,
      sql`SELECT 1 AS one FROM money_snapshots WHERE profile_id = ${profileId} AND day = ${day}`
    ) !== undefined
  )
}

interface SnapshotDayRow {
  day: string
  taken_at: string
  reason: SnapshotReason
  undetailed: number
}

/** The newest snapshot day, or undefined when none was taken. */
export function newestSnapshot(db: ReadDb, profileId: number): SnapshotDayRow | undefined {
  return get<SnapshotDayRow>(
    db,
    sql`SELECT day, taken_at, reason, undetailed FROM money_snapshots
        WHERE profile_id = ${profileId} ORDER BY day DESC LIMIT 1`
  )
}

/** Snapshot days from `from` on, oldest first. */
export function snapshotDays(db: ReadDb, profileId: number, from: string): string[] {
  return all<{ day: string }>(
    db,
    sql`SELECT day FROM money_snapshots WHERE profile_id = ${profileId} AND day >= ${from}
        ORDER BY day`
  ).map((r) => r.day)
}

export type SnapshotRow = MoneySums & { day: string }

/** The rows of a level (the totals, or one theme) from `from` on, by the key. */
export function snapshotRows(
  db: ReadDb,
  profileId: number,
  theme: string | null,
  from: string
): SnapshotRow[] {
  const level = theme === null ? 'total' : 'theme'
  return all<SnapshotRow>(
    db,
    sql`SELECT day, currency, theme, copies, sets, paid_cents, retail_cents, retail_copies,
          value_cents, value_fallback
        FROM money_snapshot_rows
        WHERE profile_id = ${profileId} AND level = ${level} AND theme = ${theme ?? ''}
          AND day >= ${from}
        ORDER BY currency, day`
  )
}

/** Every theme's row of one day (the newest snapshot's themes, for the table and the choice). */
export function themesOfDay(db: ReadDb, profileId: number, day: string): SnapshotRow[] {
  return all<SnapshotRow>(
    db,
    sql`SELECT day, currency, theme, copies, sets, paid_cents, retail_cents, retail_copies,
          value_cents, value_fallback
        FROM money_snapshot_rows INDEXED BY money_rows_by_day
        WHERE profile_id = ${profileId} AND day = ${day} AND level = 'theme'
        ORDER BY currency, value_cents DESC, theme`
  )
}
