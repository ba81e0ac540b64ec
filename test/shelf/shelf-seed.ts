import type { Store } from '../../src/main/store/connection'

let copyNo = 0

/** A live copy at `location` (as a sync or an import may leave it), with a service id. */
export function seedCopyAt(
  store: Store,
  profileId: number,
  setID: number,
  location: string,
  more: { collectionId?: number | null; notes?: string } = {}
): string {
  const localId = `shelf-${String(++copyNo)}`
  store.write
    .prepare(
      `INSERT INTO copies (local_id, profile_id, set_id, collection_id, currency, price_paid,
         location, notes, updated_at)
       VALUES (?, ?, ?, ?, 'EUR', 10, ?, ?, '2026-01-01T00:00:00.000Z')`
    )
    .run(
      localId,
      profileId,
      setID,
      more.collectionId === undefined ? 5000 + copyNo : more.collectionId,
      location,
      more.notes ?? ''
    )
  return localId
}

export function copyLocations(store: Store): Record<string, string> {
  const rows = store.read
    .prepare('SELECT local_id, location FROM copies WHERE deleted = 0 ORDER BY local_id')
    .all() as { local_id: string; location: string }[]
  return Object.fromEntries(rows.map((r) => [r.local_id, r.location]))
}
