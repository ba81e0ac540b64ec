import { randomUUID } from 'node:crypto'
import { AppError } from '../../shared/errors'
import { DISPOSAL_WORDS } from '../../shared/model/ledger'
import type { DisposalKind } from '../../shared/model/ledger'
import { applyEdits, isBlank, listCopies, readCopy, readSet, setEdit } from '../collection/index'
import type { Edit } from '../collection/index'
import type { WriteDb } from '../store/handles'
import { transaction } from '../store/handles'
import { setWords } from '../catalogue/index'
import { deleteEntry, entryOfCopy, insertEntry, purgeDead } from './ledger-repo'

interface Disposal {
  readonly setID: number
  readonly localId: string
  readonly kind: DisposalKind
  readonly disposedOn: string
  readonly proceeds: number
  readonly proceedsCurrency: string
  readonly note: string
  readonly deleteCopy: boolean
}

interface DisposeResult {
  readonly entryId: string
  readonly journalId: number | null
  /** Sets whose collection changed (the copy's set when it was deleted). */
  readonly setIDs: readonly number[]
}

/**
 * Disposes of one copy in ONE transaction: the entry and, when the user confirmed it, the copy's
 * deletion through the collection's edit path (state, outbox, journal). A kill at any point
 * leaves both or neither. The deletion's journal entry carries the entry's batch id, so Ctrl+Z
 * brings the copy back and takes the entry out of the ledger with it (ledger-repo's `standing`).
 *
 * The deletion also lowers the set's quantity by one: the service keeps the quantity when a
 * record is deleted (docs/protocol.md §2), and a disposed copy leaves the owned count. Left on
 * the service, the copy and the quantity stay as the service has them, and only the ledger
 * counts the copy as gone (docs/features.md, "The copy ledger").
 */
export function dispose(db: WriteDb, profileId: number, d: Disposal, now: Date): DisposeResult {
  const at = now.toISOString()
  return transaction(db, () => {
    const copy = readCopy(db, profileId, d.localId)
    if (!copy || copy.deleted || copy.setID !== d.setID) {
      throw new AppError('not_found', 'That copy is no longer in the collection.', {
        field: 'localId'
      })
    }
    const had = entryOfCopy(db, profileId, d.localId)
    if (had && had.stands === 1) {
      const word = DISPOSAL_WORDS[had.kind].toLowerCase()
      throw new AppError(
        'conflict',
        `This copy is already in the ledger: ${word} on ${had.disposed_on}.`
      )
    }
    const v = copy.value
    if (v.dateAcquired !== '' && d.disposedOn < v.dateAcquired) {
      throw new AppError(
        'invalid_input',
        `That date is before the copy was acquired (${v.dateAcquired}).`,
        { field: 'disposedOn' }
      )
    }
    const words = setWords(db, profileId, d.setID)
    const number = words?.full_number ?? `set ${String(d.setID)}`
    const entryId = randomUUID()
    const batchId = d.deleteCopy ? `ledger:${entryId}` : null
    let journalId: number | null = null
    let setIDs: readonly number[] = []
    if (d.deleteCopy) {
      const qty = readSet(db, profileId, d.setID).qtyOwned
      // One unit fewer, but never below the copies with details that stay (the edit path's
      // floor): a quantity the service already holds too low is left as it is, not refused.
      const staying = listCopies(db, profileId, d.setID).filter(
        (c) => c.localId !== d.localId && !isBlank(c.value)
      ).length
      const edits: Edit[] = [
        { kind: 'copy', setID: d.setID, localId: d.localId, value: null },
        setEdit(d.setID, 'qtyOwned', Math.min(qty, Math.max(qty - 1, staying)))
      ]
      const word = DISPOSAL_WORDS[d.kind].toLowerCase()
      const r = applyEdits(
        db,
        profileId,
        edits,
        {
          kind: 'new',
          description: `${number}: copy ${word} and deleted`,
          batchId: `ledger:${entryId}`
        },
        at
      )
      journalId = r.journalId
      setIDs = r.setIDs
    }
    // Only now: the new edit ended the redo chain, so an undone disposal of this copy is dead.
    purgeDead(db, profileId)
    // A disposal undone but still redoable holds the copy's one row: this one takes its place.
    const left = entryOfCopy(db, profileId, d.localId)
    if (left) deleteEntry(db, profileId, left.entry_id)
    insertEntry(db, profileId, {
      entry_id: entryId,
      local_id: d.localId,
      collection_id: copy.collectionID,
      set_id: d.setID,
      set_number: number,
      set_name: words?.name ?? '',
      theme: words?.theme ?? '',
      set_year: words?.year ?? null,
      kind: d.kind,
      disposed_on: d.disposedOn,
      proceeds: d.proceeds,
      proceeds_currency: d.proceedsCurrency,
      price_paid: v.pricePaid,
      additional_price_paid: v.additionalPricePaid,
      currency: v.currency,
      date_acquired: v.dateAcquired,
      condition_when_acquired: v.conditionWhenAcquired,
      condition_now: v.conditionNow,
      estimated_value: v.currentEstimatedValue,
      note: d.note,
      deleted_on_service: d.deleteCopy ? 1 : 0,
      batch_id: batchId,
      created_at: at
    })
    return { entryId, journalId, setIDs }
  })
}
