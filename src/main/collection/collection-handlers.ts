import { randomUUID } from 'node:crypto'
import { AppError } from '../../shared/errors'
import type { Handlers } from '../../shared/ipc/contract'
import type { SetPatch } from '../../shared/ipc/channels/collection'
import { setChangeWords } from '../../shared/model/edit-words'
import type { EditDeps } from './edits-deps'
import { addCopyEdits } from './copy-edits'
import { applyEdits } from './edits'
import { readCopy, readMinifig, readSet } from './collection-state-repo'
import {
  copiesOf,
  copyDto,
  flagLabels,
  minifig,
  minifigDetail,
  minifigs,
  notes,
  setCollection,
  setExists,
  setLabel,
  setMinifigs,
  totals
} from './read-model-repo'
import { flagField, setEdit } from './edits-types'
import type { Edit } from './edits-types'

export type CollectionHandlers = Pick<
  Handlers,
  | 'collection:updateSet'
  | 'collection:listCopies'
  | 'collection:saveCopy'
  | 'collection:deleteCopy'
  | 'collection:listMinifigs'
  | 'collection:getMinifig'
  | 'collection:listSetMinifigs'
  | 'collection:updateMinifig'
  | 'collection:getTotals'
  | 'collection:listNotes'
  | 'flags:getLabels'
  | 'flags:setLabel'
>

/** The patch as absolute edits, in a fixed field order. */
function patchEdits(setID: number, patch: SetPatch): Edit[] {
  const out: Edit[] = []
  if (patch.owned !== undefined) out.push(setEdit(setID, 'owned', patch.owned))
  if (patch.qtyOwned !== undefined) out.push(setEdit(setID, 'qtyOwned', patch.qtyOwned))
  if (patch.wanted !== undefined) out.push(setEdit(setID, 'wanted', patch.wanted))
  if (patch.notes !== undefined) out.push(setEdit(setID, 'notes', patch.notes))
  if (patch.rating !== undefined) out.push(setEdit(setID, 'rating', patch.rating))
  for (const [no, value] of Object.entries(patch.flags ?? {})) {
    out.push(setEdit(setID, flagField(Number(no)), value))
  }
  return out
}

export function createCollectionHandlers(deps: EditDeps): CollectionHandlers {
  const db = () => deps.store.write
  const now = () => deps.now().toISOString()

  function requireSet(profileId: number, setID: number): void {
    if (!setExists(db(), profileId, setID)) {
      throw new AppError('not_found', `Set ${setID} is not in the catalogue.`, { field: 'setID' })
    }
  }

  function apply(
    profileId: number,
    edits: readonly Edit[],
    description: string
  ): readonly number[] {
    const r = applyEdits(db(), profileId, edits, { kind: 'new', description }, now())
    if (r.applied.length > 0) deps.changed(r.setIDs)
    return r.setIDs
  }

  return {
    'collection:updateSet': ({ setID, patch }) => {
      const p = deps.profileId()
      requireSet(p, setID)
      apply(p, patchEdits(setID, patch), `${setLabel(db(), p, setID)}: ${setChangeWords(patch)}`)
      return setCollection(db(), p, setID)
    },
    'collection:listCopies': ({ setID }) => copiesOf(db(), deps.profileId(), setID),
    'collection:saveCopy': ({ setID, localId, copy }) => {
      const p = deps.profileId()
      requireSet(p, setID)
      if (localId !== undefined) {
        const existing = readCopy(db(), p, localId)
        if (!existing || existing.deleted || existing.setID !== setID) {
          throw new AppError('not_found', 'That copy no longer exists.', { field: 'localId' })
        }
      }
      const id = localId ?? randomUUID()
      const edits: Edit[] = localId
        ? [{ kind: 'copy', setID, localId: id, value: copy }]
        : addCopyEdits(setID, readSet(db(), p, setID).qtyOwned, id, copy)
      apply(p, edits, `${setLabel(db(), p, setID)}: copy ${localId ? 'edited' : 'added'}`)
      const saved = readCopy(db(), p, id)
      if (!saved) throw new AppError('internal', 'The copy was not saved.')
      return copyDto(db(), p, saved)
    },
    'collection:deleteCopy': ({ setID, localId }) => {
      const p = deps.profileId()
      const existing = readCopy(db(), p, localId)
      if (!existing || existing.deleted || existing.setID !== setID) {
        throw new AppError('not_found', 'That copy no longer exists.', { field: 'localId' })
      }
      // A copy the service never gave an id takes back the unit its adding raised; deleting a
      // copy the service holds removes that record and leaves the quantity to the user.
      const unit =
        existing.collectionID === null
          ? [setEdit(setID, 'qtyOwned', Math.max(0, readSet(db(), p, setID).qtyOwned - 1))]
          : []
      apply(
        p,
        [{ kind: 'copy', setID, localId, value: null }, ...unit],
        `${setLabel(db(), p, setID)}: copy deleted`
      )
      return null
    },
    'collection:listMinifigs': ({ filter, query }) =>
      minifigs(db(), deps.profileId(), filter, query),
    'collection:getMinifig': ({ minifigNumber }) => {
      const found = minifigDetail(db(), deps.profileId(), minifigNumber)
      if (!found) {
        throw new AppError('not_found', `Minifigure ${minifigNumber} is not known.`, {
          field: 'minifigNumber'
        })
      }
      return found
    },
    'collection:listSetMinifigs': ({ setID }) => setMinifigs(db(), deps.profileId(), setID),
    'collection:updateMinifig': ({ minifigNumber, ownedLoose, wanted }) => {
      const p = deps.profileId()
      if (!minifig(db(), p, minifigNumber)) {
        throw new AppError('not_found', `Minifigure ${minifigNumber} is not known.`, {
          field: 'minifigNumber'
        })
      }
      if (ownedLoose === undefined && wanted === undefined) {
        throw new AppError('invalid_input', 'Nothing to change.')
      }
      const cur = readMinifig(db(), p, minifigNumber)
      const value = { ownedLoose: ownedLoose ?? cur.ownedLoose, wanted: wanted ?? cur.wanted }
      apply(p, [{ kind: 'minifig', minifigNumber, value }], `Minifigure ${minifigNumber}`)
      const out = minifig(db(), p, minifigNumber)
      if (!out) throw new AppError('internal', 'The minifigure was not saved.')
      return out
    },
    'collection:getTotals': () => totals(db(), deps.profileId()),
    'collection:listNotes': () => notes(db(), deps.profileId()),
    'flags:getLabels': () => flagLabels(db(), deps.profileId()),
    'flags:setLabel': ({ flagNo, label }) => {
      const p = deps.profileId()
      apply(p, [{ kind: 'label', flagNo, value: label }], `Flag ${flagNo} renamed “${label}”`)
      return flagLabels(db(), p)
    }
  }
}
