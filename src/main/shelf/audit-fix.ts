import { AppError } from '../../shared/errors'
import { normalisePath } from '../../shared/model/location-path'
import { readCopy } from '../collection/index'
import type { Edit, EditPlan } from '../collection/index'
import type { ReadDb } from '../store/handles'
import { auditRows } from './audit-rows'
import type { AuditRow } from './shelf-repo'

/**
 * The report's fix as edits of the collection's edit path: one copy edit per copy moved, each
 * the copy's whole record with only its location changed (as the copy form saves it), so the
 * journal holds one entry whose undo puts every location back and the outbox sends each copy as
 * any other edit. Only the rows the user chose move: misplaced copies to the audited location,
 * copies ticked missing to `missingTo`; copies never ticked are left alone.
 */

export async function planAuditFix(
  db: ReadDb,
  p: number,
  a: AuditRow,
  choice: { moveMisplaced: boolean; missingTo: string | null }
): Promise<EditPlan> {
  const rows = await auditRows(db, p, a)
  const missingTo = choice.missingTo === null ? null : normalisePath(choice.missingTo)
  const moves: { localId: string; to: string }[] = []
  for (const r of rows) {
    if (r.localId === null) continue
    if (r.status === 'misplaced' && choice.moveMisplaced)
      moves.push({ localId: r.localId, to: a.location })
    if (r.status === 'missing' && missingTo !== null)
      moves.push({ localId: r.localId, to: missingTo })
  }
  const edits: Edit[] = []
  const made: { to: string }[] = []
  for (const m of moves) {
    const copy = readCopy(db, p, m.localId)
    if (!copy || copy.deleted || copy.value.location === m.to) continue
    made.push(m)
    if (m.to.length > 200) {
      throw new AppError('invalid_input', 'That location is longer than 200 characters.', {
        field: 'missingTo'
      })
    }
    edits.push({
      kind: 'copy',
      setID: copy.setID,
      localId: copy.localId,
      value: { ...copy.value, location: m.to }
    })
  }
  // Counted from the edits made: a copy already where it would go is not moved again.
  const here = made.filter((m) => m.to === a.location).length
  const away = made.length - here
  const parts = [
    here > 0 ? `${String(here)} moved here` : '',
    away > 0
      ? `${String(away)} moved to ${missingTo === '' ? 'no location' : (missingTo ?? '')}`
      : ''
  ].filter((s) => s !== '')
  return {
    edits,
    description: `Shelf audit of ${a.location}: ${parts.join(', ') || 'nothing to move'}`
  }
}
