import { randomUUID } from 'node:crypto'
import { AppError } from '../../shared/errors'
import type { Handlers } from '../../shared/ipc/contract'
import { BLANK_COPY } from '../../shared/model/collection'
import type { SetSummaryDto } from '../../shared/model/catalog'
import type { ScanAction, ScanResultDto } from '../../shared/model/scan'
import { parseLabelCode } from '../../shared/model/box-label'
import { copyIdOf } from '../../shared/model/labels'
import { localToday } from '../../shared/model/service-date'
import { transaction } from '../store/handles'
import { parseScanCode, setSummary, setsByCode } from '../catalogue/index'
import { readCopy, readSet } from './collection-state-repo'
import { setStateSql } from './set-state-sql'
import { addCopyEdits } from './copy-edits'
import type { EditDeps } from './edits-deps'
import { applyEdits } from './edits'
import { setEdit } from './edits-types'
import type { Edit } from './edits-types'
import { batchStands, journalEntryOf } from './journal-repo'

/**
 * Scan mode (issue #17): a code finds its set and one action applies, through the edit path (state,
 * outbox and one journal entry per scan in one transaction). A scan's undo is its inverse applied as
 * a new edit, so it works on any line, not only the newest (journal:undo takes back the newest only).
 */
export type ScanHandlers = Pick<Handlers, 'collection:scan' | 'collection:undoScan'>

const SCAN_BATCH = 'scan:'
const UNDO_BATCH = 'scan-undo:'

const label = (s: SetSummaryDto): string => `${s.fullNumber} ${s.name}`

const ACTION_WORDS: Record<ScanAction, string> = {
  owned: 'owned +1',
  wanted: 'wanted',
  copy: 'copy added'
}

function owned(s: SetSummaryDto): string {
  return `now ${s.collection.qtyOwned} owned`
}

function appliedWords(action: ScanAction, s: SetSummaryDto, today: string): string {
  if (action === 'owned') return `Added ${label(s)} — ${owned(s)}`
  if (action === 'wanted') return `Marked ${label(s)} wanted`
  return `Added a copy of ${label(s)} dated ${today} — ${owned(s)}`
}

/** What one scan did, read back from its journal entry; null when the entry is no scan's shape. */
type ScanShape =
  | { readonly kind: 'owned'; readonly setID: number }
  | { readonly kind: 'wanted'; readonly setID: number }
  | { readonly kind: 'copy'; readonly setID: number; readonly localId: string }

function shapeOf(forward: readonly Edit[]): ScanShape | null {
  const copy = forward.find((e) => e.kind === 'copy')
  if (copy)
    return copy.value === null ? null : { kind: 'copy', setID: copy.setID, localId: copy.localId }
  const set = forward.find((e) => e.kind === 'set')
  if (!set || forward.some((e) => e.kind !== 'set' || e.setID !== set.setID)) return null
  if (forward.some((e) => e.kind === 'set' && e.field === 'qtyOwned')) {
    return { kind: 'owned', setID: set.setID }
  }
  if (forward.length === 1 && set.field === 'wanted' && set.value) {
    return { kind: 'wanted', setID: set.setID }
  }
  return null
}

export function createScanHandlers(deps: EditDeps): ScanHandlers {
  const db = () => deps.store.write

  function summaryOf(p: number, setID: number): SetSummaryDto {
    const s = setSummary(db(), setStateSql, p, setID)
    if (!s) throw new AppError('not_found', `Set ${setID} is not in the catalogue.`)
    return s
  }

  /**
   * A box label names a copy the collection already counts: the box is in hand, so no action
   * adds it again. The copy is shown with its set and location; nothing is written. A label whose
   * copy is gone (deleted, or another profile's) is unknown, as a set code nobody carries.
   */
  function labelScan(p: number, code: string, action: ScanAction, localId: string): ScanResultDto {
    const base = { code, action, set: null, choices: [], copy: null, journalId: null } as const
    const copy = readCopy(db(), p, localId)
    if (!copy || copy.deleted) {
      return {
        ...base,
        status: 'unknown',
        summary: `No copy in this collection has the label ${code}: it was deleted, or it belongs to another profile`
      }
    }
    const set = summaryOf(p, copy.setID)
    const at = copy.value.location === '' ? 'no location' : `at ${copy.value.location}`
    return {
      ...base,
      status: 'copy',
      set,
      copy: { localId, copyId: copyIdOf(copy), location: copy.value.location },
      summary: `Your copy of ${label(set)} (label) — ${at}; nothing added`
    }
  }

  return {
    'collection:scan': ({ code, action, setID }) => {
      const p = deps.profileId()
      const labelled = parseLabelCode(code)
      if (labelled !== null) return labelScan(p, code, action, labelled)
      const found = setsByCode(db(), setStateSql, p, parseScanCode(code))
      const base = { code, action, set: null, choices: [], copy: null, journalId: null } as const
      if (setID !== undefined && !found.some((s) => s.setID === setID)) {
        throw new AppError('invalid_input', `Set ${setID} does not carry the code ${code}.`, {
          field: 'setID'
        })
      }
      if (setID === undefined && found.length === 0) {
        return { ...base, status: 'unknown', summary: unknownWords(code) }
      }
      if (setID === undefined && found.length > 1) {
        return {
          ...base,
          status: 'ambiguous',
          choices: found,
          summary: `${found.length} sets carry the code ${code}: choose one`
        }
      }
      const target = found.find((s) => setID === undefined || s.setID === setID)
      if (!target) throw new AppError('internal', 'No set to scan.')
      const at = deps.now()
      const today = localToday(at)
      const r = transaction(db(), () => {
        // Read inside the transaction: the +1 counts from what is stored at this moment.
        const cur = readSet(db(), p, target.setID)
        const edits: Edit[] =
          action === 'owned'
            ? [setEdit(target.setID, 'qtyOwned', cur.qtyOwned + 1)]
            : action === 'wanted'
              ? [setEdit(target.setID, 'wanted', true)]
              : addCopyEdits(target.setID, cur.qtyOwned, randomUUID(), {
                  ...BLANK_COPY,
                  dateAcquired: today
                })
        const description = `${label(target)}: scanned ${code}, ${ACTION_WORDS[action]}`
        // The batch id marks the entry as a scan's, so only a scan's entry can be undone as one.
        const batchId = `${SCAN_BATCH}${code}`
        return applyEdits(db(), p, edits, { kind: 'new', description, batchId }, at.toISOString())
      })
      if (r.applied.length > 0) deps.changed(r.setIDs)
      const set = summaryOf(p, target.setID)
      if (r.journalId === null) {
        return { ...base, status: 'unchanged', set, summary: `${label(set)} was already wanted` }
      }
      return {
        ...base,
        status: 'applied',
        set,
        journalId: r.journalId,
        summary: appliedWords(action, set, today)
      }
    },
    'collection:undoScan': ({ journalId }) => {
      const p = deps.profileId()
      const at = deps.now().toISOString()
      const r = transaction(db(), () => {
        const entry = journalEntryOf(db(), p, journalId)
        const shape = entry?.batchId?.startsWith(SCAN_BATCH) ? shapeOf(entry.forward) : null
        if (!entry || !shape) {
          throw new AppError('not_found', 'That scan is not in the activity list.', {
            field: 'journalId'
          })
        }
        const undoBatch = `${UNDO_BATCH}${journalId}`
        if (entry.undone || batchStands(db(), p, undoBatch)) {
          throw new AppError('conflict', 'That scan was already undone.')
        }
        const cur = readSet(db(), p, shape.setID)
        const fewer = setEdit(shape.setID, 'qtyOwned', Math.max(0, cur.qtyOwned - 1))
        let edits: Edit[]
        if (shape.kind === 'wanted') edits = [setEdit(shape.setID, 'wanted', false)]
        else if (shape.kind === 'owned') edits = [fewer]
        else {
          const copy = readCopy(db(), p, shape.localId)
          if (!copy || copy.deleted)
            throw new AppError('conflict', 'That copy was already deleted.')
          // The copy goes first, then the unit its adding raised (docs/protocol.md §2).
          edits = [{ kind: 'copy', setID: shape.setID, localId: shape.localId, value: null }, fewer]
        }
        const code = (entry.batchId ?? '').slice(SCAN_BATCH.length)
        const description = `${label(summaryOf(p, shape.setID))}: scan of ${code} undone`
        const mode = { kind: 'new', description, batchId: undoBatch } as const
        return { shape, r: applyEdits(db(), p, edits, mode, at) }
      })
      if (r.r.applied.length > 0) deps.changed(r.r.setIDs)
      const set = summaryOf(p, r.shape.setID)
      const summary =
        r.shape.kind === 'wanted'
          ? `Undone: ${label(set)} no longer wanted`
          : `Undone: ${label(set)} — ${owned(set)}`
      return { set, summary, journalId: r.r.journalId }
    }
  }
}

function unknownWords(code: string): string {
  const q = parseScanCode(code)
  const misread =
    q.checkDigitOk === false
      ? ': its check digit is wrong, so it was probably misread or mistyped'
      : ''
  return `No set carries the code ${code}${misread}`
}
