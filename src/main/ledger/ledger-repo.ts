import type { DisposalKind } from '../../shared/model/ledger'
import type { ReadDb, WriteDb } from '../store/handles'
import { all, get, run } from '../store/handles'
import { raw, sql } from '../store/sql'
import type { Sql } from '../store/sql'
import { batchUndone, batchUndoneForGood, copyHeldBy } from '../collection/index'

/**
 * Every statement of the copy ledger. An entry STANDS unless the edit that deleted its copy
 * (journal.batch_id = ledger_entries.batch_id) is undone: Ctrl+Z of a disposal brings the copy
 * back and takes the entry out of every list and sum, redo puts both back. Entries whose edit
 * was undone and can no longer be redone are dead and purged (purgeDead).
 */

interface LedgerRow {
  entry_id: string
  local_id: string
  collection_id: number | null
  set_id: number
  set_number: string
  set_name: string
  theme: string
  set_year: number | null
  kind: DisposalKind
  disposed_on: string
  proceeds: number
  proceeds_currency: string
  price_paid: number
  additional_price_paid: number
  currency: string
  date_acquired: string
  condition_when_acquired: string
  condition_now: string
  estimated_value: number
  note: string
  deleted_on_service: number
  batch_id: string | null
  created_at: string
}

/** A listed entry: the row, whether its copy is still in the collection, its gain. */
export interface ListedRow extends LedgerRow {
  held: number
  gain_currency: string | null
}

const standing = sql`(e.batch_id IS NULL OR NOT ${batchUndone('e')})`

/**
 * The currency an entry's gain is in: what was paid when the proceeds are nothing, the proceeds'
 * when nothing was paid, either when they agree; NULL (no gain, in no sum) when they differ.
 */
const gainCurrency = sql`CASE
  WHEN e.proceeds = 0 THEN e.currency
  WHEN e.price_paid + e.additional_price_paid = 0 THEN e.proceeds_currency
  WHEN e.proceeds_currency = e.currency THEN e.currency
  ELSE NULL END`

export function insertEntry(db: WriteDb, profileId: number, r: LedgerRow): void {
  run(
    db,
    sql`INSERT INTO ledger_entries (entry_id, profile_id, local_id, collection_id, set_id,
          set_number, set_name, theme, set_year, kind, disposed_on, proceeds, proceeds_currency,
          price_paid, additional_price_paid, currency, date_acquired, condition_when_acquired,
          condition_now, estimated_value, note, deleted_on_service, batch_id, created_at)
        VALUES (${r.entry_id}, ${profileId}, ${r.local_id}, ${r.collection_id}, ${r.set_id},
          ${r.set_number}, ${r.set_name}, ${r.theme}, ${r.set_year}, ${r.kind}, ${r.disposed_on},
          ${r.proceeds}, ${r.proceeds_currency}, ${r.price_paid}, ${r.additional_price_paid},
          ${r.currency}, ${r.date_acquired}, ${r.condition_when_acquired}, ${r.condition_now},
          ${r.estimated_value}, ${r.note}, ${r.deleted_on_service}, ${r.batch_id},
          ${r.created_at})`
  )
}

/** The copy's entry, standing or not (one per copy: ledger_by_copy). */
export function entryOfCopy(
  db: ReadDb,
  profileId: number,
  localId: string
): { entry_id: string; disposed_on: string; kind: DisposalKind; stands: number } | undefined {
  return get(
    db,
    sql`SELECT e.entry_id, e.disposed_on, e.kind, ${standing} AS stands FROM ledger_entries e
        WHERE e.profile_id = ${profileId} AND e.local_id = ${localId}`
  )
}

export function deleteEntry(db: WriteDb, profileId: number, entryId: string): boolean {
  return (
    run(
      db,
      sql`DELETE FROM ledger_entries WHERE profile_id = ${profileId} AND entry_id = ${entryId}`
    ).changes > 0
  )
}

/** Entries whose edit was undone and is off the redo chain: nothing can bring them back. */
export function purgeDead(db: WriteDb, profileId: number): number {
  return run(
    db,
    // Driven by the entries (journal_by_batch finds each one's edit): a walk of the journal
    // would read every bulk edit's lists, megabytes, after each change of the data.
    sql`DELETE FROM ledger_entries AS e WHERE e.profile_id = ${profileId}
          AND e.batch_id IS NOT NULL AND ${batchUndoneForGood('e')}`
  ).changes
}

const listed = sql`SELECT e.*, ${gainCurrency} AS gain_currency, ${copyHeldBy('e')} AS held
  FROM ledger_entries e`

export function countStanding(db: ReadDb, profileId: number): number {
  return (
    get<{ n: number }>(
      db,
      sql`SELECT count(*) AS n FROM ledger_entries e WHERE e.profile_id = ${profileId}
          AND ${standing}`
    )?.n ?? 0
  )
}

const newestFirst = sql`ORDER BY e.disposed_on DESC, e.created_at DESC, e.entry_id DESC`

/** Newest disposal first; one page. */
export function standingPage(
  db: ReadDb,
  profileId: number,
  offset: number,
  limit: number
): ListedRow[] {
  return all<ListedRow>(
    db,
    sql`${listed} WHERE e.profile_id = ${profileId} AND ${standing}
        ${newestFirst} LIMIT ${limit} OFFSET ${offset}`
  )
}

/** Where a page ended: the next page starts after it (ledger_by_day walks only its rows). */
export interface PageEnd {
  readonly disposed_on: string
  readonly created_at: string
  readonly entry_id: string
}

/** The page after `after` (the first page when null), in the list's order. */
export function standingPageAfter(
  db: ReadDb,
  profileId: number,
  after: PageEnd | null,
  limit: number
): ListedRow[] {
  const from =
    after === null
      ? sql``
      : sql`AND (e.disposed_on, e.created_at, e.entry_id) <
            (${after.disposed_on}, ${after.created_at}, ${after.entry_id})`
  return all<ListedRow>(
    db,
    sql`${listed} WHERE e.profile_id = ${profileId} AND ${standing} ${from}
        ${newestFirst} LIMIT ${limit}`
  )
}

export function standingOfSet(db: ReadDb, profileId: number, setID: number): ListedRow[] {
  return all<ListedRow>(
    db,
    sql`${listed} WHERE e.profile_id = ${profileId} AND e.set_id = ${setID} AND ${standing}
        ORDER BY e.disposed_on DESC, e.entry_id`
  )
}

export { gainCurrency, standing }

/**
 * A condition on the copies aliased `copy` (a fixed alias chosen by code, never user text): true
 * for a copy the ledger does not hold as disposed of but left on the service (no deleting edit:
 * batch_id NULL). A copy deleted with its disposal is already `deleted`, or back if that edit was
 * undone. One NOT EXISTS on ledger_by_copy (migration 140), so a caller's sums stay one walk.
 */
export function notDisposedOnly(copy: 'c'): Sql {
  return raw(`NOT EXISTS (SELECT 1 FROM ledger_entries e
  WHERE e.profile_id = ${copy}.profile_id AND e.local_id = ${copy}.local_id AND e.batch_id IS NULL)`)
}
