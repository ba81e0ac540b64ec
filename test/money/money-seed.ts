import type { Store } from '../../src/main/store/connection'

/** Owned sets, their catalogue prices and themes, and copies, written straight into the tables. */

export function seedSet(
  store: Store,
  profileId: number,
  setID: number,
  s: {
    theme?: string
    qty?: number
    owned?: boolean
    us?: string | null
    uk?: string | null
    ca?: string | null
    eu?: string | null
  }
): void {
  store.write
    .prepare(
      `UPDATE sets SET theme = ?, us_price = ?, uk_price = ?, ca_price = ?, eu_price = ?
       WHERE profile_id = ? AND set_id = ?`
    )
    .run(
      s.theme ?? 'Castle',
      s.us ?? null,
      s.uk ?? null,
      s.ca ?? null,
      s.eu ?? null,
      profileId,
      setID
    )
  store.write
    .prepare(
      `INSERT INTO set_state (profile_id, set_id, owned, qty_owned, updated_at)
       VALUES (?, ?, ?, ?, '2026-01-01T00:00:00.000Z')
       ON CONFLICT (profile_id, set_id) DO UPDATE SET owned = excluded.owned,
         qty_owned = excluded.qty_owned`
    )
    .run(profileId, setID, s.owned === false ? 0 : 1, s.qty ?? 1)
}

let copyNo = 0

export function seedCopy(
  store: Store,
  profileId: number,
  setID: number,
  c: { currency: string; paid?: number; extra?: number; estimate?: number; deleted?: boolean }
): string {
  const localId = `money-${++copyNo}`
  store.write
    .prepare(
      `INSERT INTO copies (local_id, profile_id, set_id, currency, price_paid,
         additional_price_paid, current_estimated_value, deleted, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, '2026-01-01T00:00:00.000Z')`
    )
    .run(
      localId,
      profileId,
      setID,
      c.currency,
      c.paid ?? 0,
      c.extra ?? 0,
      c.estimate ?? 0,
      c.deleted ? 1 : 0
    )
  return localId
}
