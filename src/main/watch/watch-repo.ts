import type { RetailRegion } from '../../shared/model/report'
import type { ReadDb, WriteDb } from '../store/handles'
import { all, run } from '../store/handles'
import { raw, sql } from '../store/sql'
import type { Sql } from '../store/sql'
import { wantedSetsWhere } from '../collection/index'

/** A wanted set with its exit date in one region's shop, as read. */
interface LeavingRow {
  readonly setID: number
  readonly number: string
  readonly name: string
  readonly theme: string
  readonly year: number
  readonly exitDate: string
  readonly price: string | null
}

const PRICE = { UK: 's.uk_price', US: 's.us_price', CA: 's.ca_price', EU: 's.eu_price' } as const

/**
 * The shop-exit date of a region. US: the plain column with its partial index sets_by_exit
 * (migration 110). The other shops' dates are in `detail` (the EU's are the German shop's); they
 * are read only for the profile's wanted sets (set_state_wanted), never across the catalogue.
 */
function exitOf(region: RetailRegion): Sql {
  if (region === 'US') return raw('+s.shop_exit')
  const shop = region === 'EU' ? 'DE' : region
  return raw(
    `CASE WHEN json_valid(s.detail) THEN json_extract(s.detail, '$.shopDates.${shop}.last') END`
  )
}

/**
 * The profile's wanted sets leaving the region's shop from `from` to `to` (yyyy-MM-dd, both
 * included), earliest first; at most `limit`. Bounded on the main thread: the collection's wanted
 * rows (set_state_wanted) drive, each set found by its key (`+` keeps the US date off
 * sets_by_exit, which would be searched once per wanted row). Left to itself SQLite walked
 * sets_by_exit over a long window and looked up every set's state: 25 ms for two years at 20,000
 * sets, against 2 ms from 380 wanted rows (bench/watch.ts).
 */
export function leavingIn(
  db: ReadDb,
  profileId: number,
  region: RetailRegion,
  from: string,
  to: string,
  limit: number
): LeavingRow[] {
  const exit = exitOf(region)
  return wantedSetsWhere<LeavingRow>(db, profileId, {
    columns: sql`s.set_id AS setID, s.full_number AS number, s.name AS name, s.theme AS theme,
          s.year AS year, ${exit} AS exitDate,
          nullif(trim(coalesce(${raw(PRICE[region])}, '')), '') AS price`,
    where: sql`${exit} BETWEEN ${from} AND ${to}`,
    rest: sql`ORDER BY exitDate, s.number_sort, s.full_number
        LIMIT ${limit}`
  })
}

/** Which of these sets the watch has told the user about already. */
export function noticedOf(db: ReadDb, profileId: number, setIds: readonly number[]): Set<number> {
  if (setIds.length === 0) return new Set()
  const rows = all<{ id: number }>(
    db,
    sql`SELECT set_id AS id FROM watch_notices WHERE profile_id = ${profileId}
        AND set_id IN (SELECT value FROM json_each(${JSON.stringify(setIds)}))`
  )
  return new Set(rows.map((r) => r.id))
}

/** Records the sets as told; a set already recorded keeps its first notice. */
export function recordNotices(
  db: WriteDb,
  profileId: number,
  sets: readonly { readonly setID: number; readonly exitDate: string }[],
  at: string
): void {
  for (const s of sets) {
    run(
      db,
      sql`INSERT OR IGNORE INTO watch_notices (profile_id, set_id, exit_date, noticed_at)
          VALUES (${profileId}, ${s.setID}, ${s.exitDate}, ${at})`
    )
  }
}
