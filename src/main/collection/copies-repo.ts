import type { ReadDb, WriteDb } from '../store/handles'
import { all, get, run, transaction } from '../store/handles'
import { sql } from '../store/sql'
import type { CopyRow } from './collection-state-repo'
import { setEdit } from './edits-types'
import { enqueue, markSent } from './outbox-repo'
import { editKey } from './outbox-target'

/** The copy rows the push of per-copy details reads and marks; the edit side writes them in collection-state-repo. */

/** Live copies of a set as stored rows (blank records included). */
export function liveCopyRows(db: ReadDb, profileId: number, setID: number): CopyRow[] {
  return all<CopyRow>(
    db,
    sql`SELECT * FROM copies WHERE profile_id = ${profileId} AND set_id = ${setID} AND deleted = 0`
  )
}

/** Forgets a copy outright: a blank record the service drops itself when the quantity falls. */
export function forgetCopy(db: WriteDb, profileId: number, localId: string): void {
  run(db, sql`DELETE FROM copies WHERE profile_id = ${profileId} AND local_id = ${localId}`)
}

/** Removes a deleted copy's tombstone once the service no longer holds it. */
export function dropCopyTombstone(db: WriteDb, profileId: number, localId: string): void {
  run(
    db,
    sql`DELETE FROM copies WHERE profile_id = ${profileId} AND local_id = ${localId} AND deleted = 1`
  )
}

/** The service records some local copy already holds. */
export function heldCollectionIds(db: ReadDb, profileId: number): Set<number> {
  return new Set(
    all<{ id: number }>(
      db,
      sql`SELECT collection_id AS id FROM copies WHERE profile_id = ${profileId} AND collection_id IS NOT NULL`
    ).map((r) => r.id)
  )
}

/**
 * Records of this set that copies deleted here still hold on the service, their deletes on their
 * way (pending, or waiting for the user in a conflict): each delete, once it goes out, frees a
 * unit of the quantity that a new copy of the set can take a record from.
 */
export function recordsLeaving(db: ReadDb, profileId: number, setID: number): number {
  return (
    get<{ n: number }>(
      db,
      sql`SELECT count(*) AS n FROM copies c JOIN outbox o
            ON o.profile_id = c.profile_id AND o.target = 'copy:' || c.local_id
          WHERE c.profile_id = ${profileId} AND c.set_id = ${setID} AND c.deleted = 1
            AND c.collection_id IS NOT NULL AND o.state IN ('pending', 'conflict')`
    )?.n ?? 0
  )
}

export function markCopyKeptLocal(db: WriteDb, profileId: number, localId: string): void {
  run(
    db,
    sql`UPDATE copies SET kept_local = 1 WHERE profile_id = ${profileId} AND local_id = ${localId}`
  )
}

/** Ties a local copy to the service record it claimed, before anything is written there. */
export function bindCopyRecord(
  db: WriteDb,
  profileId: number,
  localId: string,
  collectionID: number
): void {
  run(
    db,
    sql`UPDATE copies SET collection_id = ${collectionID}, kept_local = 0, date_text = NULL
        WHERE profile_id = ${profileId} AND local_id = ${localId}`
  )
}

/** Every date text the service gave this account's copies: they tell which date layout it uses. */
export function copyDateTexts(db: ReadDb, profileId: number): string[] {
  return all<{ t: string }>(
    db,
    sql`SELECT date_text AS t FROM copies WHERE profile_id = ${profileId} AND date_text IS NOT NULL`
  ).map((r) => r.t)
}

/** Keeps the service's own text of a confirmed date, unless the user changed the date meanwhile. */
export function keepConfirmedDateText(
  db: WriteDb,
  profileId: number,
  localId: string,
  dateAcquired: string,
  text: string
): void {
  run(
    db,
    sql`UPDATE copies SET date_text = ${text}
        WHERE profile_id = ${profileId} AND local_id = ${localId} AND date_acquired = ${dateAcquired}`
  )
}

/**
 * The set's owned/quantity change in the outbox: `pending` while it is on its way (the record a
 * new copy needs may not exist yet), `held` when it waits for the user (a conflict, or a change
 * that needs attention), `none` when the service's quantity is settled.
 */
export function quantityEditState(
  db: ReadDb,
  profileId: number,
  setID: number
): 'none' | 'pending' | 'held' {
  const states = all<{ state: string }>(
    db,
    sql`SELECT state FROM outbox WHERE profile_id = ${profileId} AND target = ${`set:${setID}`}
          AND field IN ('owned', 'qtyOwned')`
  ).map((r) => r.state)
  if (states.includes('pending')) return 'pending'
  return states.length > 0 ? 'held' : 'none'
}

/**
 * The outbox row that brings the set's quantity on the service back to `qty` after the pusher
 * raises it by one to make a record for a new copy. Committed before the raise leaves, with the
 * raised value as sent: after a crash anywhere, the next round finds the raise (its own write, not
 * a change on the website) and lowers it again; when the raise never left, the row is done as is.
 */
export function holdQuantityReturn(
  db: WriteDb,
  profileId: number,
  setID: number,
  qty: number,
  now: string
): void {
  const key = editKey(setEdit(setID, 'qtyOwned', qty))
  transaction(db, () => {
    const id = enqueue(db, profileId, { ...key, desired: qty, before: qty, journalId: null }, now)
    markSent(db, id, JSON.stringify(qty + 1), now)
  })
}
