import { NOTES_MAX } from '../../shared/model/collection'
import type { BulkAction, BulkSkipDto } from '../../shared/model/bulk'
import type { ReadDb } from '../store/handles'
import { readSet } from './collection-state-repo'
import { detailedCopies } from './copy-rules'
import { flagField, setEdit } from './edits-types'
import type { Edit, SetFieldValues } from './edits-types'

/**
 * A bulk action as per-set absolute edits. The collection's rules are checked set by set first:
 * a set they would refuse (its detailed copies hold its quantity up, its notes would pass the
 * limit) is skipped with its reason, so one such set never stops the other 4,999.
 */

const QTY_MAX = 999

export interface BulkPlan {
  readonly edits: readonly Edit[]
  /** Sets that change, in the order asked. */
  readonly change: readonly number[]
  readonly already: number
  readonly skipped: readonly BulkSkipDto[]
}

type Outcome =
  | { readonly kind: 'edit'; readonly edit: Edit }
  | { readonly kind: 'already' }
  | { readonly kind: 'skip'; readonly reason: BulkSkipDto['reason']; readonly message: string }

const ALREADY: Outcome = { kind: 'already' }

function copiesMessage(n: number, qty: number): string {
  const copies = n === 1 ? 'a copy with details' : `${n} copies with details`
  return qty === 0
    ? `has ${copies}: delete ${n === 1 ? 'it' : 'them'} first to stop owning it`
    : `has ${copies}: it cannot own fewer than ${n}`
}

function outcome(
  db: ReadDb,
  profileId: number,
  setID: number,
  cur: SetFieldValues,
  action: BulkAction
): Outcome {
  const floorAllows = (qty: number): Outcome | null => {
    const n = detailedCopies(db, profileId, setID)
    return qty >= n ? null : { kind: 'skip', reason: 'copies', message: copiesMessage(n, qty) }
  }
  switch (action.kind) {
    case 'owned':
      if (cur.owned === action.value) return ALREADY
      return (
        (action.value ? null : floorAllows(0)) ?? {
          kind: 'edit',
          edit: setEdit(setID, 'owned', action.value)
        }
      )
    case 'wanted':
      if (cur.wanted === action.value) return ALREADY
      return { kind: 'edit', edit: setEdit(setID, 'wanted', action.value) }
    case 'quantity': {
      // Not owned, nothing to take away: already at the floor the action moves towards.
      if (action.delta < 0 && cur.qtyOwned === 0) return ALREADY
      const qty = cur.qtyOwned + action.delta
      if (qty > QTY_MAX) {
        return { kind: 'skip', reason: 'maxQuantity', message: `already owns ${QTY_MAX}` }
      }
      return (
        (action.delta < 0 ? floorAllows(qty) : null) ?? {
          kind: 'edit',
          edit: setEdit(setID, 'qtyOwned', qty)
        }
      )
    }
    case 'flag': {
      const field = flagField(action.flagNo)
      if (cur[field] === action.value) return ALREADY
      return { kind: 'edit', edit: setEdit(setID, field, action.value) }
    }
    case 'appendNote': {
      const notes = cur.notes === '' ? action.text : `${cur.notes}\n${action.text}`
      if (notes.length > NOTES_MAX) {
        return {
          kind: 'skip',
          reason: 'notesFull',
          message: `its notes would be ${notes.length.toLocaleString('en')} characters (at most ${NOTES_MAX.toLocaleString('en')})`
        }
      }
      return { kind: 'edit', edit: setEdit(setID, 'notes', notes) }
    }
  }
}

export function planBulk(
  db: ReadDb,
  profileId: number,
  sets: ReadonlyMap<number, string>,
  action: BulkAction
): BulkPlan {
  const edits: Edit[] = []
  const change: number[] = []
  const skipped: BulkSkipDto[] = []
  let already = 0
  for (const [setID, fullNumber] of sets) {
    const o = outcome(db, profileId, setID, readSet(db, profileId, setID), action)
    if (o.kind === 'already') already++
    else if (o.kind === 'skip') {
      skipped.push({ setID, fullNumber, reason: o.reason, message: `${fullNumber} ${o.message}` })
    } else {
      edits.push(o.edit)
      change.push(setID)
    }
  }
  return { edits, change, already, skipped }
}
