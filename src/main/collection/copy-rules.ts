import { AppError } from '../../shared/errors'
import { BLANK_COPY } from '../../shared/model/collection'
import type { ReadDb } from '../store/handles'
import { liveCopyRows } from './copies-repo'
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
  throw new AppError(
    'invalid_input',
    `${n} ${n === 1 ? 'copy' : 'copies'} of this set carry details: delete ${n - qty === 1 ? 'one' : n - qty} first to own ${qty}.`,
    { field: 'qtyOwned' }
  )
}
