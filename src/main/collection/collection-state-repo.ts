import type { ReadDb, WriteDb } from '../store/handles'
import { all, get, run } from '../store/handles'
import { upsertCopy } from './collection-sync-repo'
import { sql } from '../store/sql'
import { flagNoOf, SET_FIELDS, setValuesOf } from './edits-types'
import type { CopyValue, Edit, MinifigValue, SetFieldValues } from './edits-types'

/** Local collection state read and written field by field, for the edit path. */

export interface SetStateRow {
  owned: number
  wanted: number
  qty_owned: number
  notes: string
  rating: number
  flags: number
}

export const EMPTY_SET: SetFieldValues = setValuesOf(
  { owned: false, wanted: false, qtyOwned: 0, notes: '', rating: 0 },
  0
)

export function readSet(db: ReadDb, profileId: number, setID: number): SetFieldValues {
  const r = get<SetStateRow>(
    db,
    sql`SELECT owned, wanted, qty_owned, notes, rating, flags FROM set_state
        WHERE profile_id = ${profileId} AND set_id = ${setID}`
  )
  if (!r) return EMPTY_SET
  const { qty_owned: qtyOwned, notes, rating } = r
  return setValuesOf(
    { owned: r.owned === 1, wanted: r.wanted === 1, qtyOwned, notes, rating },
    r.flags
  )
}

function writeSet(
  db: WriteDb,
  profileId: number,
  setID: number,
  v: SetFieldValues,
  now: string
): void {
  let flags = 0
  SET_FIELDS.forEach((field) => {
    const n = flagNoOf(field)
    if (n !== null && v[field] === true) flags |= 1 << (n - 1)
  })
  run(
    db,
    sql`INSERT INTO set_state (profile_id, set_id, owned, wanted, qty_owned, notes, rating, flags, updated_at)
        VALUES (${profileId}, ${setID}, ${v.owned ? 1 : 0}, ${v.wanted ? 1 : 0}, ${v.qtyOwned},
          ${v.notes}, ${v.rating}, ${flags}, ${now})
        ON CONFLICT (profile_id, set_id) DO UPDATE SET owned = excluded.owned,
          wanted = excluded.wanted, qty_owned = excluded.qty_owned, notes = excluded.notes,
          rating = excluded.rating, flags = excluded.flags, updated_at = excluded.updated_at`
  )
}

export interface CopyRow {
  local_id: string
  set_id: number
  collection_id: number | null
  date_acquired: string
  currency: string
  price_paid: number
  additional_price_paid: number
  current_estimated_value: number
  condition_when_acquired: string
  acquired_from: string
  condition_now: string
  location: string
  notes: string
  parts: number
  minifigs: number
  instructions: number
  box: number
  will_trade: number
  modified: number
  date_text: string | null
  kept_local: number
  deleted: number
}

/**
 * Each field of a copy and the column of `copies` that holds it: the compiler holds it to both
 * types (every field, a real column).
 */
const COPY_COLUMNS = {
  dateAcquired: 'date_acquired',
  currency: 'currency',
  pricePaid: 'price_paid',
  additionalPricePaid: 'additional_price_paid',
  currentEstimatedValue: 'current_estimated_value',
  conditionWhenAcquired: 'condition_when_acquired',
  acquiredFrom: 'acquired_from',
  conditionNow: 'condition_now',
  location: 'location',
  notes: 'notes',
  parts: 'parts',
  minifigs: 'minifigs',
  instructions: 'instructions',
  box: 'box',
  willTrade: 'will_trade',
  modified: 'modified'
} as const satisfies { readonly [F in keyof CopyValue]-?: keyof CopyRow }

/**
 * The copy's values of a row read from outside (a backup, as SQLite stored it) under the copy's
 * field names, unchecked: the caller parses them with the copy's schema, which then names the
 * field a damaged value fails on. A typed row of our own database goes through copyFromRow.
 */
export function copyFieldsOfRow(r: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(COPY_COLUMNS).map(([field, column]) => [field, r[column]])
  )
}

export function copyFromRow(r: CopyRow): CopyValue {
  return {
    dateAcquired: r.date_acquired,
    currency: r.currency,
    pricePaid: r.price_paid,
    additionalPricePaid: r.additional_price_paid,
    currentEstimatedValue: r.current_estimated_value,
    conditionWhenAcquired: r.condition_when_acquired,
    acquiredFrom: r.acquired_from,
    conditionNow: r.condition_now,
    location: r.location,
    notes: r.notes,
    parts: r.parts === 1,
    minifigs: r.minifigs === 1,
    instructions: r.instructions === 1,
    box: r.box === 1,
    willTrade: r.will_trade === 1,
    modified: r.modified === 1
  }
}

export interface LocalCopy {
  readonly localId: string
  readonly setID: number
  readonly collectionID: number | null
  readonly value: CopyValue
  readonly deleted: boolean
  /** The service's own date text, while the date is the one it read (see upsertCopy). */
  readonly dateText: string | null
  readonly keptLocal: boolean
}

export function localCopy(r: CopyRow): LocalCopy {
  return {
    localId: r.local_id,
    setID: r.set_id,
    collectionID: r.collection_id,
    value: copyFromRow(r),
    deleted: r.deleted === 1,
    dateText: r.date_text,
    keptLocal: r.kept_local === 1
  }
}

export function readCopy(db: ReadDb, profileId: number, localId: string): LocalCopy | null {
  const r = get<CopyRow>(
    db,
    sql`SELECT * FROM copies WHERE profile_id = ${profileId} AND local_id = ${localId}`
  )
  return r ? localCopy(r) : null
}

export function listCopies(db: ReadDb, profileId: number, setID: number): LocalCopy[] {
  return all<CopyRow>(
    db,
    sql`SELECT * FROM copies WHERE profile_id = ${profileId} AND set_id = ${setID} AND deleted = 0
        ORDER BY rowid`
  ).map(localCopy)
}

function writeCopy(
  db: WriteDb,
  profileId: number,
  setID: number,
  localId: string,
  c: CopyValue | null,
  now: string
): void {
  if (c === null) {
    // A copy the service knows stays as a tombstone until the delete is confirmed.
    run(
      db,
      sql`UPDATE copies SET deleted = 1, updated_at = ${now} WHERE profile_id = ${profileId} AND local_id = ${localId} AND collection_id IS NOT NULL`
    )
    run(
      db,
      sql`DELETE FROM copies WHERE profile_id = ${profileId} AND local_id = ${localId} AND collection_id IS NULL`
    )
    return
  }
  upsertCopy(db, { localId, profileId, setID, collectionId: null, value: c, now })
}

export function readMinifig(db: ReadDb, profileId: number, minifigNumber: string): MinifigValue {
  const r = get<{ owned_loose: number; wanted: number }>(
    db,
    sql`SELECT owned_loose, wanted FROM minifig_state
        WHERE profile_id = ${profileId} AND minifig_number = ${minifigNumber}`
  )
  return { ownedLoose: r?.owned_loose ?? 0, wanted: r?.wanted === 1 }
}

function readLabel(db: ReadDb, profileId: number, flagNo: number): string {
  return (
    get<{ label: string }>(
      db,
      sql`SELECT label FROM flag_labels WHERE profile_id = ${profileId} AND flag_no = ${flagNo}`
    )?.label ?? ''
  )
}

/** The current local value of what an edit changes (null: a copy that does not exist). */
export function currentValue(db: ReadDb, profileId: number, e: Edit): unknown {
  switch (e.kind) {
    case 'set':
      return readSet(db, profileId, e.setID)[e.field]
    case 'copy': {
      const c = readCopy(db, profileId, e.localId)
      return c && !c.deleted ? c.value : null
    }
    case 'minifig':
      return readMinifig(db, profileId, e.minifigNumber)
    case 'label':
      return readLabel(db, profileId, e.flagNo)
  }
}

/** Writes an edit's value into the local state. */
export function writeValue(db: WriteDb, profileId: number, e: Edit, now: string): void {
  switch (e.kind) {
    case 'set': {
      const before = readSet(db, profileId, e.setID)
      writeSet(db, profileId, e.setID, { ...before, [e.field]: e.value }, now)
      return
    }
    case 'copy':
      writeCopy(db, profileId, e.setID, e.localId, e.value, now)
      return
    case 'minifig':
      run(
        db,
        sql`INSERT INTO minifig_state (profile_id, minifig_number, owned_loose, wanted, updated_at)
            VALUES (${profileId}, ${e.minifigNumber}, ${e.value.ownedLoose}, ${e.value.wanted ? 1 : 0}, ${now})
            ON CONFLICT (profile_id, minifig_number) DO UPDATE SET owned_loose = excluded.owned_loose,
              wanted = excluded.wanted, updated_at = excluded.updated_at`
      )
      return
    case 'label':
      run(
        db,
        sql`INSERT INTO flag_labels (profile_id, flag_no, label) VALUES (${profileId}, ${e.flagNo}, ${e.value})
            ON CONFLICT (profile_id, flag_no) DO UPDATE SET label = excluded.label`
      )
      return
  }
}
