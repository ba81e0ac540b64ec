import type { CopyDto } from '../../shared/model/collection'
import { isoOfServiceDate } from '../../shared/model/service-date'
import type { CollectionFigure } from '../../shared/protocol/minifig-collection'
import type { CollectionDetailRecord } from '../../shared/protocol/records'
import type { ReadDb, WriteDb } from '../store/handles'
import { all, get, run } from '../store/handles'
import { sql } from '../store/sql'

/** Writes of the collection pull: server values applied where no local edit is waiting. */

export interface ServerSetState {
  readonly setID: number
  readonly owned: boolean
  readonly wanted: boolean
  readonly qtyOwned: number
  readonly notes: string
  readonly rating: number
  /** null: the service did not tell (v2 has no flags), keep ours. */
  readonly flags: number | null
}

/** Set ids (and other targets) with any outbox row: the pull leaves them to the pusher. */
export function targetsWithEdits(db: ReadDb, profileId: number): Set<string> {
  return new Set(
    all<{ target: string }>(
      db,
      sql`SELECT DISTINCT target FROM outbox WHERE profile_id = ${profileId}`
    ).map((r) => r.target)
  )
}

export function localStateSetIds(db: ReadDb, profileId: number): number[] {
  return all<{ set_id: number }>(
    db,
    sql`SELECT set_id FROM set_state WHERE profile_id = ${profileId}`
  ).map((r) => r.set_id)
}

/**
 * Set ids whose row holds what the pull clears from a set no list shows: owned, wanted, a
 * quantity, notes or a rating (flags are kept, copies checked on their own). A row cleared before
 * holds none of them, so clearing it again removes nothing.
 */
export function clearableStateSetIds(db: ReadDb, profileId: number): number[] {
  return all<{ set_id: number }>(
    db,
    sql`SELECT set_id FROM set_state WHERE profile_id = ${profileId}
        AND (owned = 1 OR wanted = 1 OR qty_owned <> 0 OR notes <> '' OR rating <> 0)`
  ).map((r) => r.set_id)
}

/** Returns true when the row changed. */
export function applyServerSetState(
  db: WriteDb,
  profileId: number,
  s: ServerSetState,
  now: string
): boolean {
  const owned = s.owned ? 1 : 0
  const wanted = s.wanted ? 1 : 0
  const r = run(
    db,
    sql`INSERT INTO set_state (profile_id, set_id, owned, wanted, qty_owned, notes, rating, flags, updated_at)
        VALUES (${profileId}, ${s.setID}, ${owned}, ${wanted}, ${s.qtyOwned}, ${s.notes},
          ${s.rating}, ${s.flags ?? 0}, ${now})
        ON CONFLICT (profile_id, set_id) DO UPDATE SET
          owned = excluded.owned, wanted = excluded.wanted, qty_owned = excluded.qty_owned,
          notes = excluded.notes, rating = excluded.rating,
          flags = coalesce(${s.flags}, set_state.flags), updated_at = excluded.updated_at
        WHERE set_state.owned IS NOT excluded.owned OR set_state.wanted IS NOT excluded.wanted
          OR set_state.qty_owned IS NOT excluded.qty_owned OR set_state.notes IS NOT excluded.notes
          OR set_state.rating IS NOT excluded.rating
          OR set_state.flags IS NOT coalesce(${s.flags}, set_state.flags)`
  )
  return r.changes > 0
}

export function setNotesOnly(
  db: WriteDb,
  profileId: number,
  setID: number,
  notes: string,
  now: string
): boolean {
  const r = run(
    db,
    sql`INSERT INTO set_state (profile_id, set_id, notes, updated_at)
        VALUES (${profileId}, ${setID}, ${notes}, ${now})
        ON CONFLICT (profile_id, set_id) DO UPDATE SET notes = excluded.notes,
          updated_at = excluded.updated_at
        WHERE set_state.notes IS NOT excluded.notes`
  )
  return r.changes > 0
}

export function localCopyIds(
  db: ReadDb,
  profileId: number,
  setID: number
): { local_id: string; collection_id: number | null }[] {
  return all(
    db,
    sql`SELECT local_id, collection_id FROM copies WHERE profile_id = ${profileId} AND set_id = ${setID}`
  )
}

/**
 * Replaces the synced copies of a set with the service's (copies never pushed are kept). While a
 * new copy of this set waits to claim the record that raising the quantity made, records the app
 * does not know are left for the pusher to claim instead of becoming copies of their own.
 */
export function applyServerCopies(
  db: WriteDb,
  profileId: number,
  setID: number,
  copies: readonly CollectionDetailRecord[],
  skip: ReadonlySet<string>,
  now: string
): void {
  const known = new Set(copies.map((c) => c.collectionID))
  const locals = localCopyIds(db, profileId, setID)
  for (const local of locals) {
    if (local.collection_id === null || skip.has(`copy:${local.local_id}`)) continue
    if (!known.has(local.collection_id)) {
      run(db, sql`DELETE FROM copies WHERE local_id = ${local.local_id}`)
    }
  }
  const claiming = newCopyWaiting(db, profileId, setID)
  for (const c of copies) {
    if (c.deleted) continue
    const existing = get<{ local_id: string; set_id: number }>(
      db,
      sql`SELECT local_id, set_id FROM copies WHERE profile_id = ${profileId} AND collection_id = ${c.collectionID}`
    )
    if (existing && skip.has(`copy:${existing.local_id}`)) continue
    if (!existing && claiming) continue
    // A record is never moved to another set: its id was read under this one.
    if (existing && existing.set_id !== setID) continue
    upsertCopy(db, {
      localId: existing?.local_id ?? `c${profileId}-${c.collectionID}`,
      profileId,
      setID,
      collectionId: c.collectionID,
      now,
      value: copyFieldsOf(c),
      dateText: c.dateAcquired ?? ''
    })
  }
}

/** A copy added here that has not claimed its service record yet (its change is pending). */
function newCopyWaiting(db: ReadDb, profileId: number, setID: number): boolean {
  return (
    get<{ n: number }>(
      db,
      sql`SELECT count(*) AS n FROM copies c JOIN outbox o
            ON o.profile_id = c.profile_id AND o.target = 'copy:' || c.local_id
          WHERE c.profile_id = ${profileId} AND c.set_id = ${setID} AND c.collection_id IS NULL
            AND o.state = 'pending'`
    )?.n !== 0
  )
}

/** The fields of a copy the user edits; ids, set and sync state live beside them. */
type CopyFields = Omit<
  CopyDto,
  'localId' | 'collectionID' | 'setID' | 'sync' | 'keptLocal' | 'outboxId'
>

/** A copy as the service reports it, in the form stored and compared locally (dates yyyy-MM-dd). */
export function copyFieldsOf(r: CollectionDetailRecord): CopyFields {
  return {
    dateAcquired: isoOfServiceDate(r.dateAcquired),
    currency: r.currency ?? '',
    pricePaid: r.pricePaid,
    additionalPricePaid: r.additionalPricePaid,
    currentEstimatedValue: r.currentEstimatedValue,
    conditionWhenAcquired: r.conditionWhenAcquired ?? '',
    acquiredFrom: r.acquiredFrom ?? '',
    conditionNow: r.conditionNow ?? '',
    location: r.location ?? '',
    notes: r.notes ?? '',
    parts: r.parts,
    minifigs: r.minifigs,
    instructions: r.instructions,
    box: r.box,
    willTrade: r.willTrade,
    modified: r.modified
  }
}

const b = (v: boolean) => (v ? 1 : 0)

/**
 * Writes a copy by its local id, for a local edit (`collectionId` null: not on the service yet)
 * and for a copy pulled from the service alike. An update never changes the service id.
 * `dateText` is the service's own date text (pulls); a local edit passes none, and the stored text
 * survives only while the date still names the same day.
 */
export function upsertCopy(
  db: WriteDb,
  row: {
    localId: string
    profileId: number
    setID: number
    collectionId: number | null
    value: CopyFields
    now: string
    dateText?: string
  }
): void {
  const { localId, profileId, setID, collectionId, value: c, now } = row
  const text = row.dateText ?? null
  run(
    db,
    sql`INSERT INTO copies (local_id, profile_id, set_id, collection_id, date_acquired, currency,
          price_paid, additional_price_paid, current_estimated_value, condition_when_acquired,
          acquired_from, condition_now, location, notes, parts, minifigs, instructions, box,
          will_trade, modified, date_text, deleted, updated_at)
        VALUES (${localId}, ${profileId}, ${setID}, ${collectionId}, ${c.dateAcquired},
          ${c.currency}, ${c.pricePaid}, ${c.additionalPricePaid}, ${c.currentEstimatedValue},
          ${c.conditionWhenAcquired}, ${c.acquiredFrom}, ${c.conditionNow}, ${c.location},
          ${c.notes}, ${b(c.parts)}, ${b(c.minifigs)}, ${b(c.instructions)}, ${b(c.box)},
          ${b(c.willTrade)}, ${b(c.modified)}, ${text}, 0, ${now})
        ON CONFLICT (local_id) DO UPDATE SET
          date_text = CASE WHEN excluded.date_text IS NOT NULL THEN excluded.date_text
            WHEN copies.date_acquired = excluded.date_acquired THEN copies.date_text END,
          date_acquired = excluded.date_acquired, currency = excluded.currency,
          price_paid = excluded.price_paid, additional_price_paid = excluded.additional_price_paid,
          current_estimated_value = excluded.current_estimated_value,
          condition_when_acquired = excluded.condition_when_acquired,
          acquired_from = excluded.acquired_from, condition_now = excluded.condition_now,
          location = excluded.location, notes = excluded.notes, parts = excluded.parts,
          minifigs = excluded.minifigs, instructions = excluded.instructions, box = excluded.box,
          will_trade = excluded.will_trade, modified = excluded.modified, deleted = 0,
          updated_at = excluded.updated_at`
  )
}

/** A figure of the user's collection as the service gives it: the shape the answer's schema reads. */
export type ServerMinifig = CollectionFigure

export function applyServerMinifig(
  db: WriteDb,
  profileId: number,
  m: ServerMinifig,
  now: string
): void {
  run(
    db,
    sql`INSERT INTO minifig_state (profile_id, minifig_number, name, category, owned_in_sets,
          owned_loose, wanted, updated_at)
        VALUES (${profileId}, ${m.minifigNumber}, ${m.name ?? ''}, ${m.category ?? ''},
          ${m.ownedInSets}, ${m.ownedLoose}, ${b(m.wanted)}, ${now})
        ON CONFLICT (profile_id, minifig_number) DO UPDATE SET
          name = CASE WHEN excluded.name = '' THEN minifig_state.name ELSE excluded.name END,
          category = CASE WHEN excluded.category = '' THEN minifig_state.category ELSE excluded.category END,
          owned_in_sets = excluded.owned_in_sets, owned_loose = excluded.owned_loose,
          wanted = excluded.wanted, updated_at = excluded.updated_at`
  )
}

export function setFlagLabel(db: WriteDb, profileId: number, flagNo: number, label: string): void {
  run(
    db,
    sql`INSERT INTO flag_labels (profile_id, flag_no, label) VALUES (${profileId}, ${flagNo}, ${label})
        ON CONFLICT (profile_id, flag_no) DO UPDATE SET label = excluded.label`
  )
}

interface TotalsRow {
  readonly totalSetsOwned: number
  readonly totalDistinctSetsOwned: number
  readonly totalSetsWanted: number
  readonly totalMinifigsOwned: number
  readonly totalMinifigsWanted: number
}

export function setTotals(db: WriteDb, profileId: number, t: TotalsRow, now: string): void {
  run(
    db,
    sql`INSERT OR REPLACE INTO collection_totals (profile_id, sets_owned, distinct_sets_owned,
          sets_wanted, minifigs_owned, minifigs_wanted, fetched_at)
        VALUES (${profileId}, ${t.totalSetsOwned}, ${t.totalDistinctSetsOwned}, ${t.totalSetsWanted},
          ${t.totalMinifigsOwned}, ${t.totalMinifigsWanted}, ${now})`
  )
}
