import type { ReadDb } from '../store/handles'
import { readCollectionSnapshot } from '../collection/index'
import type { CollectionSnapshot } from '../collection/index'
import { portableViews } from '../views/index'
import type { PortableView } from '../views/index'

/** One profile's collection and views, read the same way from the live database and from a backup. */
export interface Snapshot extends CollectionSnapshot {
  /** Saved views in order; null in a backup written before there were any (it says nothing of them). */
  readonly views: readonly PortableView[] | null
}

/** The schema version that added saved views: a backup from before it carries none. */
const VIEWS_SINCE = 90

/** `version`: the schema the database was written with (a backup's own, before migrating). */
export function readSnapshot(db: ReadDb, profileId: number, version = VIEWS_SINCE): Snapshot {
  const views = version >= VIEWS_SINCE ? portableViews(db, profileId) : null
  return { ...readCollectionSnapshot(db, profileId), views }
}
