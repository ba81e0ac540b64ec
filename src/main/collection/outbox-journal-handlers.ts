import { AppError } from '../../shared/errors'
import type { Handlers } from '../../shared/ipc/contract'
import type { UndoResultDto } from '../../shared/model/sync'
import { transaction } from '../store/handles'
import type { EditDeps } from './edits-deps'
import { writeEdits } from './edit-writer'
import { setLabel } from './read-model-repo'
import { writeValue } from './collection-state-repo'
import type { Edit } from './edits-types'
import { parseOutboxTarget } from './outbox-target'
import { readStoredEdit } from './stored-edits'
import type { OutboxTarget } from './outbox-target'
import {
  journalDto,
  journalEntryOf,
  journalStep,
  listJournal,
  nextEntryId,
  replaySize
} from './journal-repo'
import { deleteRow, getRow, markRow, rebaseRow, rowsOf, toDto } from './outbox-repo'

export type OutboxJournalHandlers = Pick<
  Handlers,
  | 'outbox:list'
  | 'outbox:retry'
  | 'outbox:discard'
  | 'outbox:resolveConflict'
  | 'journal:list'
  | 'journal:next'
  | 'journal:undo'
  | 'journal:redo'
>

/** A value of an outbox row (JSON) as the edit that writes it, parsed: a damaged row changes nothing. */
const editOf = (t: OutboxTarget, json: string): Edit => readStoredEdit(t, json, 'A waiting change')

export function createOutboxJournalHandlers(deps: EditDeps): OutboxJournalHandlers {
  const db = () => deps.store.write
  const now = () => deps.now().toISOString()
  const list = () => {
    const p = deps.profileId()
    return rowsOf(db(), p).map((r) => toDto(r, (id) => setLabel(db(), p, id)))
  }
  const ownRow = (id: number) => {
    const row = getRow(db(), id)
    if (!row || row.profile_id !== deps.profileId()) {
      throw new AppError('not_found', 'That change is no longer waiting.', { field: 'id' })
    }
    return row
  }
  const undoState = (entryId: number | null, applied: boolean): UndoResultDto => {
    const p = deps.profileId()
    return {
      entry: entryId === null ? null : journalDto(db(), entryId),
      applied,
      canUndo: nextEntryId(db(), p, 'undo') !== null,
      canRedo: nextEntryId(db(), p, 'redo') !== null
    }
  }
  /**
   * Undo or redo the entry next in line, by the edit writer (edit-writer.ts): a large entry is
   * replayed in its worker, and a second press waits for the first. With `expected` (the entry
   * the user saw), only while it still is next: a repeated request then answers with that entry
   * as it is and replays nothing, so it can never reach an unrelated edit behind it.
   */
  const replay = async (
    which: 'undo' | 'redo',
    expected: number | undefined
  ): Promise<UndoResultDto> => {
    const p = deps.profileId()
    const r = await writeEdits(
      deps.store,
      { kind: which, profileId: p, expected, now: now() },
      replaySize(db(), p, which)
    )
    if (!r.applied) {
      const known = r.entryId !== null && journalEntryOf(db(), p, r.entryId) !== null
      return undoState(known ? r.entryId : null, false)
    }
    deps.changed(r.setIDs)
    return undoState(r.entryId, true)
  }
  const next = (which: 'undo' | 'redo') => {
    const p = deps.profileId()
    const id = nextEntryId(db(), p, which)
    return id === null ? null : journalStep(db(), id)
  }

  return {
    'outbox:list': () => list(),
    'outbox:retry': ({ id }) => {
      const row = ownRow(id)
      markRow(db(), row.id, { state: 'pending', reason: null, server: null }, now())
      deps.changed(row.set_id === null ? [] : [row.set_id])
      return list()
    },
    'outbox:discard': ({ id }) => {
      const row = ownRow(id)
      // Discarding gives up the local change: the local value goes back to the base (what the
      // service had when the edit was made), or to the service's value when a conflict showed it.
      const target = parseOutboxTarget(row)
      const restore = editOf(target, row.server ?? row.base)
      transaction(db(), () => {
        writeValue(db(), row.profile_id, restore, now())
        deleteRow(db(), row.id)
      })
      deps.changed(row.set_id === null ? [] : [row.set_id])
      return list()
    },
    'outbox:resolveConflict': ({ id, keep }) => {
      const row = ownRow(id)
      if (row.state !== 'conflict' || row.server === null) {
        throw new AppError('conflict', 'That change is not in conflict.', { field: 'id' })
      }
      const server = row.server
      // Read either way: "mine" keeps the service's value as the new base, so it must be readable.
      const theirs = editOf(parseOutboxTarget(row), server)
      transaction(db(), () => {
        if (keep === 'theirs') {
          writeValue(db(), row.profile_id, theirs, now())
          deleteRow(db(), row.id)
        } else {
          // Mine: push again, now knowing the service's value as the base.
          markRow(db(), row.id, { state: 'pending', reason: null, server: null }, now())
          rebaseRow(db(), row.id, server, now())
        }
      })
      deps.changed(row.set_id === null ? [] : [row.set_id])
      return list()
    },
    'journal:list': ({ limit }) => listJournal(db(), deps.profileId(), limit),
    'journal:next': () => ({ undo: next('undo'), redo: next('redo') }),
    'journal:undo': ({ entryId }) => replay('undo', entryId),
    'journal:redo': ({ entryId }) => replay('redo', entryId)
  }
}
