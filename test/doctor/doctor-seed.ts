import type { Store } from '../../src/main/store/connection'

/**
 * Collection states as a sync or an import can leave them, written straight into the tables:
 * the doctor exists for data the edit path itself would never have produced.
 */

export const NOW = new Date('2026-06-15T12:00:00.000Z')

export function seedState(
  store: Store,
  profileId: number,
  setID: number,
  s: { owned?: boolean; wanted?: boolean; qty?: number; flags?: number; notes?: string }
): void {
  store.write
    .prepare(
      `INSERT INTO set_state (profile_id, set_id, owned, wanted, qty_owned, notes, flags, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, '2026-01-01T00:00:00.000Z')
       ON CONFLICT (profile_id, set_id) DO UPDATE SET owned = excluded.owned,
         wanted = excluded.wanted, qty_owned = excluded.qty_owned, notes = excluded.notes,
         flags = excluded.flags`
    )
    .run(
      profileId,
      setID,
      s.owned ? 1 : 0,
      s.wanted ? 1 : 0,
      s.qty ?? 0,
      s.notes ?? '',
      s.flags ?? 0
    )
}

let copyNo = 0

/** A live copy with details (a location unless `blank`) and the given fields. */
export function seedCopy(
  store: Store,
  profileId: number,
  setID: number,
  c: {
    date?: string
    currency?: string
    price?: number
    when?: string
    now?: string
    location?: string
    blank?: boolean
  } = {}
): string {
  const localId = `doc-${++copyNo}`
  store.write
    .prepare(
      `INSERT INTO copies (local_id, profile_id, set_id, collection_id, date_acquired, currency,
         price_paid, condition_when_acquired, condition_now, location, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '2026-01-01T00:00:00.000Z')`
    )
    .run(
      localId,
      profileId,
      setID,
      1000 + copyNo,
      c.date ?? '',
      c.currency ?? (c.blank ? '' : 'EUR'),
      c.price ?? (c.blank ? 0 : 10),
      c.when ?? '',
      c.now ?? '',
      c.location ?? (c.blank ? '' : 'Shelf')
    )
  return localId
}

/** The set's catalogue row: its year, its US launch date, when it was read. */
export function seedCatalogue(
  store: Store,
  profileId: number,
  setID: number,
  c: { year?: number; launch?: string | null; fetchedAt?: string }
): void {
  const detail = JSON.stringify({ shopDateAdded: c.launch ?? null })
  store.write
    .prepare(
      `UPDATE sets SET year = ?, detail = ?, fetched_at = ? WHERE profile_id = ? AND set_id = ?`
    )
    .run(c.year ?? 2020, detail, c.fetchedAt ?? '2026-06-01T00:00:00.000Z', profileId, setID)
}
