import { AppError } from '../../shared/errors'
import { BLANK_COPY } from '../../shared/model/collection'
import type { ReadDb, WriteDb } from '../store/handles'
import { forgetCopy, liveCopyRows } from './copies-repo'
import { targetsWithEdits } from './collection-sync-repo'
import { copyFromRow, readSet } from './collection-state-repo'
import type { CopyValue } from './edits-types'

/** What counts as a copy "with details", and the quantity floor those copies set (issue #12). */

const BLANK: CopyValue = BLANK_COPY

/** A copy record as raising the quantity makes it: nobody has written anything to it. */
export function isBlank(c: CopyValue): boolean {
  return (Object.keys(BLANK) as (keyof CopyValue)[]).every((k) => c[k] === BLANK[k])
}

/** Live copies of a set that carry details (blank records do not count). */
export function detailedCopies(db: ReadDb, profileId: number, setID: number): number {
  return liveCopyRows(db, profileId, setID).filter((r) => !isBlank(copyFromRow(r))).length
}

/**
 * Lowering a quantity below the copies that carry details would let the service drop one of them
 * (it removes records beyond the quantity), so the edit path refuses; the renderer says why and
 * offers to delete copies first.
 */
export function checkQuantityFloor(db: ReadDb, profileId: number, setID: number): void {
  const n = detailedCopies(db, profileId, setID)
  const qty = readSet(db, profileId, setID).qtyOwned
  if (qty >= n) return
  const message =
    qty === 0
      ? `${n === 1 ? 'A copy of this set carries' : `${n} copies of this set carry`} details: delete ${n === 1 ? 'it' : 'them'} first to stop owning the set.`
      : `${n} copies of this set carry details: delete ${n - qty === 1 ? 'one' : n - qty} first to own ${qty}.`
  throw new AppError('invalid_input', message, { field: 'qtyOwned' })
}

/**
 * A set never lists more copies than it owns. Lowering the quantity makes the service remove the
 * records beyond it, newest blank ones first (docs/protocol.md §2); the blank copies it will
 * remove go here at once, so "Copies (1)" never stands beside "not owned". A copy with details
 * was refused above; one with a change on its way is left to the pusher.
 */
export function dropBlankCopiesBeyondQuantity(db: WriteDb, profileId: number, setID: number): void {
  const qty = readSet(db, profileId, setID).qtyOwned
  const live = liveCopyRows(db, profileId, setID)
  if (live.length <= qty) return
  const busy = targetsWithEdits(db, profileId)
  const blanks = live
    .filter(
      (r) => r.collection_id !== null && !busy.has(`copy:${r.local_id}`) && isBlank(copyFromRow(r))
    )
    .sort((a, b) => (b.collection_id ?? 0) - (a.collection_id ?? 0))
  for (const r of blanks.slice(0, live.length - qty)) forgetCopy(db, profileId, r.local_id)
}
