import type { ReadDb } from '../store/handles'
import { all, get } from '../store/handles'
import { sql } from '../store/sql'
import { copyFromRow, localCopy, readSet } from './collection-state-repo'
import type { CopyRow, LocalCopy, SetStateRow } from './collection-state-repo'
import type { CopyValue, MinifigValue, SetFieldValues } from './edits-types'

/**
 * What the user holds, read whole: for the exports, for an import's comparison and for a backup's
 * snapshot (exchange/ reads the collection only through these).
 */

/** A set the user holds anything for, with the catalogue's fields (null when it lacks the set). */
interface HeldSetRow extends SetStateRow {
  set_id: number
  full_number: string | null
  name: string | null
  theme: string | null
  subtheme: string | null
  year: number | null
  pieces: number | null
  minifigs: number | null
  uk_price: string | null
  us_price: string | null
  ca_price: string | null
  eu_price: string | null
  ean: string | null
  upc: string | null
  detail: string | null
}

/** Every set the user holds anything for, in set number order. */
export function heldSets(db: ReadDb, profileId: number): HeldSetRow[] {
  return all<HeldSetRow>(
    db,
    sql`SELECT st.set_id, s.full_number, s.name, s.theme, s.subtheme, s.year, s.pieces, s.minifigs,
          s.uk_price, s.us_price, s.ca_price, s.eu_price, s.ean, s.upc, s.detail, st.owned,
          st.wanted, st.qty_owned, st.notes, st.rating, st.flags
        FROM set_state st LEFT JOIN sets s ON s.profile_id = st.profile_id AND s.set_id = st.set_id
        WHERE st.profile_id = ${profileId} AND (st.owned = 1 OR st.wanted = 1 OR st.qty_owned > 0
          OR st.notes <> '' OR st.rating > 0 OR st.flags <> 0)
        ORDER BY s.number_sort, s.full_number, st.set_id`
  )
}

interface HeldMinifig {
  readonly number: string
  readonly name: string
  readonly category: string
  readonly ownedLoose: number
  readonly wanted: boolean
}

/** Every minifigure owned loose or wanted, by number. */
export function heldMinifigs(db: ReadDb, profileId: number): HeldMinifig[] {
  return all<{
    minifig_number: string
    name: string
    category: string
    owned_loose: number
    wanted: number
  }>(
    db,
    sql`SELECT minifig_number, name, category, owned_loose, wanted FROM minifig_state
        WHERE profile_id = ${profileId} AND (owned_loose > 0 OR wanted = 1)
        ORDER BY minifig_number`
  ).map((m) => ({
    number: m.minifig_number,
    name: m.name,
    category: m.category,
    ownedLoose: m.owned_loose,
    wanted: m.wanted === 1
  }))
}

/** A minifigure the collection has a row for, its number matched without regard to case. */
export function minifigByNumber(
  db: ReadDb,
  profileId: number,
  number: string
): { number: string; name: string } | null {
  const row = get<{ minifig_number: string; name: string }>(
    db,
    sql`SELECT minifig_number, name FROM minifig_state
        WHERE profile_id = ${profileId} AND lower(minifig_number) = lower(${number})`
  )
  return row ? { number: row.minifig_number, name: row.name } : null
}

/** Live copies of these sets, oldest acquisition first (undated ones last) within a set. */
export function liveCopiesOfSets(
  db: ReadDb,
  profileId: number,
  setIDs: readonly number[]
): LocalCopy[] {
  return all<CopyRow>(
    db,
    sql`SELECT c.* FROM copies c
        WHERE c.profile_id = ${profileId} AND c.deleted = 0
          AND c.set_id IN (SELECT value FROM json_each(${JSON.stringify(setIDs)}))
        ORDER BY c.set_id, c.date_acquired = '', c.date_acquired, c.collection_id IS NULL,
          c.collection_id, c.local_id`
  ).map(localCopy)
}

/** How many units of a set are owned and how many live copy records it has. */
interface CopyCount {
  readonly setID: number
  readonly qtyOwned: number
  readonly copies: number
}

/**
 * The owned sets, or these sets owned or not, with their quantity and live copy count: what a
 * label run can name and what it cannot.
 */
export function copyCounts(
  db: ReadDb,
  profileId: number,
  scope: 'owned' | { readonly setIDs: readonly number[] }
): CopyCount[] {
  const which =
    scope === 'owned'
      ? sql`st.owned = 1`
      : sql`st.set_id IN (SELECT value FROM json_each(${JSON.stringify(scope.setIDs)}))`
  return all<CopyCount>(
    db,
    sql`SELECT st.set_id AS setID, st.qty_owned AS qtyOwned,
          (SELECT count(*) FROM copies c
            WHERE c.profile_id = st.profile_id AND c.set_id = st.set_id AND c.deleted = 0) AS copies
        FROM set_state st
        WHERE st.profile_id = ${profileId} AND ${which}`
  )
}

/** A live copy with where it is and its set's number and name (null when the catalogue lacks it). */
export interface PlacedCopy {
  readonly localId: string
  readonly collectionID: number | null
  readonly setID: number
  readonly fullNumber: string | null
  readonly name: string | null
  readonly location: string
}

/**
 * Live copies of these sets in set-number order, then as the copy table lists them (oldest record
 * first). A set the catalogue lacks still has its copies, after the others.
 */
export function copiesInNumberOrder(
  db: ReadDb,
  profileId: number,
  setIDs: readonly number[]
): PlacedCopy[] {
  return all<PlacedCopy>(
    db,
    sql`SELECT c.local_id AS localId, c.collection_id AS collectionID, c.set_id AS setID,
          s.full_number AS fullNumber, s.name AS name, c.location AS location
        FROM copies c
        LEFT JOIN sets s ON s.profile_id = c.profile_id AND s.set_id = c.set_id
        WHERE c.profile_id = ${profileId} AND c.deleted = 0
          AND c.set_id IN (SELECT value FROM json_each(${JSON.stringify(setIDs)}))
        ORDER BY s.set_id IS NULL, s.number_sort, s.number, s.number_variant, c.set_id, c.rowid`
  )
}

/** One profile's collection, read the same way from the live database and from a backup. */
export interface CollectionSnapshot {
  readonly sets: ReadonlyMap<number, SetFieldValues>
  /** Live copies by local id. */
  readonly copies: ReadonlyMap<string, { readonly setID: number; readonly value: CopyValue }>
  /** Local ids of copies deleted here but not yet confirmed by the service. */
  readonly tombstones: ReadonlySet<string>
  readonly minifigs: ReadonlyMap<string, MinifigValue>
  /** Index 0 is flag 1. */
  readonly labels: readonly string[]
}

export function readCollectionSnapshot(db: ReadDb, profileId: number): CollectionSnapshot {
  const sets = new Map(
    all<{ set_id: number }>(
      db,
      sql`SELECT set_id FROM set_state WHERE profile_id = ${profileId} ORDER BY set_id`
    ).map((r) => [r.set_id, readSet(db, profileId, r.set_id)])
  )
  const copies = new Map<string, { setID: number; value: CopyValue }>()
  const tombstones = new Set<string>()
  for (const r of all<CopyRow>(
    db,
    sql`SELECT * FROM copies WHERE profile_id = ${profileId} ORDER BY rowid`
  )) {
    if (r.deleted === 1) tombstones.add(r.local_id)
    else copies.set(r.local_id, { setID: r.set_id, value: copyFromRow(r) })
  }
  const minifigs = new Map(
    all<{ minifig_number: string; owned_loose: number; wanted: number }>(
      db,
      sql`SELECT minifig_number, owned_loose, wanted FROM minifig_state
          WHERE profile_id = ${profileId} ORDER BY minifig_number`
    ).map((m) => [m.minifig_number, { ownedLoose: m.owned_loose, wanted: m.wanted === 1 }])
  )
  const labels = [1, 2, 3, 4, 5, 6, 7, 8].map(
    (flagNo) =>
      get<{ label: string }>(
        db,
        sql`SELECT label FROM flag_labels WHERE profile_id = ${profileId} AND flag_no = ${flagNo}`
      )?.label ?? ''
  )
  return { sets, copies, tombstones, minifigs, labels }
}
