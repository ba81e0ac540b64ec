import { AppError } from '../../shared/errors'
import { DOCTOR_INFO } from '../../shared/model/doctor'
import type { DoctorCheck } from '../../shared/model/doctor'
import { detailedCopyCount, readCopy, setEdit } from '../collection/index'
import type { Edit, EditPlan, ProblemTarget } from '../collection/index'
import type { ReadDb } from '../store/handles'
import { countProblems, problemPage } from './doctor-repo'

/**
 * A fix as edits of the collection's edit path: absolute, on the one set or copy the user chose,
 * one field each, so the journal holds one entry that Ctrl+Z reverses and the outbox sends it as
 * any other edit. The problem is looked at again first: one already gone edits nothing.
 */

function need<T>(v: T | undefined, what: string): T {
  if (v === undefined) throw new AppError('invalid_input', `Say which ${what} to fix.`)
  return v
}

function clearDate(db: ReadDb, profileId: number, localId: string): Edit {
  const copy = readCopy(db, profileId, localId)
  if (!copy || copy.deleted) throw new AppError('not_found', 'This copy is no longer there.')
  // Only the date changes: every other field is sent back as it is.
  return {
    kind: 'copy',
    setID: copy.setID,
    localId,
    value: { ...copy.value, dateAcquired: '' }
  }
}

export function planFix(
  db: ReadDb,
  profileId: number,
  check: DoctorCheck,
  target: ProblemTarget,
  now: Date
): EditPlan {
  const info = DOCTOR_INFO[check]
  if (info.fix !== 'edit') {
    throw new AppError('invalid_input', `"${info.title}" has no automatic fix: ${info.fixLabel}.`)
  }
  const copyCheck = check === 'copyReleaseDate' || check === 'copyDateOut'
  const key: ProblemTarget = copyCheck
    ? { localId: need(target.localId, 'copy') }
    : { setID: need(target.setID, 'set') }
  if (countProblems(db, profileId, check, now, key) === 0) {
    throw new AppError('not_found', 'This problem is already gone: nothing was changed.')
  }
  const row = problemPage(db, profileId, check, now, { offset: 0, limit: 1 }, key)[0]
  const label = row?.full_number ?? `set ${String(row?.set_id ?? target.setID)}`
  const description = `Doctor: ${info.fixLabel.toLowerCase()} (${label})`
  const setID = key.setID ?? 0
  switch (check) {
    case 'quantityCopies':
      return {
        edits: [setEdit(setID, 'qtyOwned', detailedCopyCount(db, profileId, setID))],
        description
      }
    case 'ownedZero':
      return {
        edits: [setEdit(setID, 'qtyOwned', Math.max(1, detailedCopyCount(db, profileId, setID)))],
        description
      }
    case 'ownedWanted':
      return { edits: [setEdit(setID, 'wanted', false)], description }
    case 'copyReleaseDate':
    case 'copyDateOut':
      return { edits: [clearDate(db, profileId, need(key.localId, 'copy'))], description }
    case 'copyNoPrice':
    case 'conditionBetter':
    case 'figuresUnowned':
    case 'flagNoLabel':
    case 'catalogueStale':
      // Checked above: the others have no automatic fix (DOCTOR_INFO says where to go instead).
      throw new AppError('invalid_input', `"${info.title}" has no automatic fix.`)
  }
}
