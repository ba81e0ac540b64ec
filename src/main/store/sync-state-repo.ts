import type { ReadDb, WriteDb } from './handles'
import { get, run, withLazyCommit } from './handles'
import { sql } from './sql'

/** Named cursors and watermarks of one profile's sync (e.g. the next catalogue page to fetch). */
type SyncKey =
  | 'sets_next_page'
  /** The page size `sets_next_page` counts in: the size the service honoured. */
  | 'sets_page_size'
  /** JSON {got, expected}: the last catalogue pull stopped before the service's total. */
  | 'catalogue_incomplete'
  | 'sets_started_at'
  /** The set count the catalogue pull under way expects: how far an interrupted one got of it. */
  | 'sets_expected'
  | 'catalogue_complete_at'
  | 'recent_watermark'
  | 'last_sync_at'
  /** When the catalogue's minifigures were last asked for (offered or not). */
  | 'minifigs_pulled_at'
  | 'collection_pulled_at'
  /** 'key' or 'hash': the service stopped accepting it; cleared by a new key or a sign-in. */
  | 'credentials_rejected'
  /** JSON {sets, minifigs}: records the last sync that ended left out, unreadable (issue 27). */
  | 'last_sync_unreadable'

export function getSyncValue(db: ReadDb, profileId: number, key: SyncKey): string | null {
  return (
    get<{ value: string }>(
      db,
      sql`SELECT value FROM sync_state WHERE profile_id = ${profileId} AND key = ${key}`
    )?.value ?? null
  )
}

export function setSyncValue(
  db: WriteDb,
  profileId: number,
  key: SyncKey,
  value: string | null
): void {
  if (value === null) {
    run(db, sql`DELETE FROM sync_state WHERE profile_id = ${profileId} AND key = ${key}`)
    return
  }
  run(
    db,
    sql`INSERT INTO sync_state (profile_id, key, value) VALUES (${profileId}, ${key}, ${value})
        ON CONFLICT (profile_id, key) DO UPDATE SET value = excluded.value`
  )
}

interface AllowanceRow {
  readonly used: number
  readonly limit: number | null
}

/** UTC day as yyyy-MM-dd: the service counts getSets calls per key per UTC day. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10)
}

/** Today's count, and the limit learnt on the latest day the service refused (carried forward). */
export function getAllowance(db: ReadDb, profileId: number, day: string): AllowanceRow {
  const used = get<{ used: number }>(
    db,
    sql`SELECT used FROM allowance WHERE profile_id = ${profileId} AND day = ${day}`
  )
  const limit = get<{ limit_per_day: number }>(
    db,
    sql`SELECT limit_per_day FROM allowance
        WHERE profile_id = ${profileId} AND limit_per_day IS NOT NULL ORDER BY day DESC LIMIT 1`
  )
  return { used: used?.used ?? 0, limit: limit?.limit_per_day ?? null }
}

/**
 * `calls` -1 takes back a request the service refused without counting it. Made before every
 * getSets request, on the main thread, while a catalogue load's worker writes: its commit does not
 * wait for the disk (handles.ts `withLazyCommit`). A power cut may lose the last few counts; the
 * service keeps its own, and says so when it refuses (docs/protocol.md §6).
 */
export function countAllowanceCall(db: WriteDb, profileId: number, day: string, calls = 1): void {
  withLazyCommit(db, () =>
    run(
      db,
      sql`INSERT INTO allowance (profile_id, day, used) VALUES (${profileId}, ${day}, max(0, ${calls}))
        ON CONFLICT (profile_id, day) DO UPDATE SET used = max(0, used + ${calls})`
    )
  )
}

/** Once the service refuses, the calls made so far today are the allowance. */
export function recordAllowanceLimit(db: WriteDb, profileId: number, day: string): void {
  run(
    db,
    sql`INSERT INTO allowance (profile_id, day, used, limit_per_day) VALUES (${profileId}, ${day}, 0, 0)
        ON CONFLICT (profile_id, day) DO UPDATE SET limit_per_day = used`
  )
}
