import type { ReadDb } from '../store/handles'
import { all, get } from '../store/handles'
import { sql } from '../store/sql'
import { copyFromRow, readSet } from '../collection/index'
import type { CopyValue, MinifigValue, SetFieldValues } from '../collection/index'
import { portableViews } from '../views/index'
import type { PortableView } from '../views/index'

/** One profile's collection, read the same way from the live database and from a backup. */
export interface Snapshot {
  readonly sets: ReadonlyMap<number, SetFieldValues>
  /** Live copies by local id. */
  readonly copies: ReadonlyMap<string, { readonly setID: number; readonly value: CopyValue }>
  /** Local ids of copies deleted here but not yet confirmed by the service. */
  readonly tombstones: ReadonlySet<string>
  readonly minifigs: ReadonlyMap<string, MinifigValue>
  /** Index 0 is flag 1. */
  readonly labels: readonly string[]
  /** Saved views in order; null in a backup written before there were any (it says nothing of them). */
  readonly views: readonly PortableView[] | null
}

/** The schema version that added saved views: a backup from before it carries none. */
const VIEWS_SINCE = 90

type CopyRow = Parameters<typeof copyFromRow>[0]

/** `version`: the schema the database was written with (a backup's own, before migrating). */
export function readSnapshot(db: ReadDb, profileId: number, version = VIEWS_SINCE): Snapshot {
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
  const views = version >= VIEWS_SINCE ? portableViews(db, profileId) : null
  return { sets, copies, tombstones, minifigs, labels, views }
}
