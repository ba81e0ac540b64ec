import { deserialize } from 'node:v8'
import { AppError } from '../../shared/errors'
import { bulkDescription } from '../../shared/model/bulk'
import type { BulkAction, BulkEditResultDto, BulkPlanDto } from '../../shared/model/bulk'
import type { ReadDb, WriteDb } from '../store/handles'
import { transaction } from '../store/handles'
import { planBulk } from './bulk-edits'
import type { BulkPlan } from './bulk-edits'
import { fullNumbersOf } from './bulk-repo'
import { applyEdits } from './edits'
import type { Edit } from './edits-types'
import { redoCandidate, undoCandidate } from './journal-repo'
import { flagLabels, setStates } from './read-model-repo'

/**
 * The large writes of the edit path as jobs: a bulk edit (planned and applied), an undo or redo,
 * and a list of edits (an import's apply). Each runs whole on the connection it is given: the
 * edit-writer worker's own (edit-writer.ts) when it is large, the main one when it is small. A
 * job that writes is ONE IMMEDIATE transaction, its reads inside it: what it plans against is
 * what it writes over, one journal entry, and a kill leaves all of it or none.
 */
interface BulkJob {
  readonly profileId: number
  readonly setIDs: readonly number[]
  readonly action: BulkAction
  readonly now: string
}

export type EditJob =
  | (BulkJob & { readonly kind: 'bulkPlan' })
  | (BulkJob & { readonly kind: 'bulkEdit' })
  | {
      readonly kind: 'undo' | 'redo'
      readonly profileId: number
      /** The entry the user saw: only it is replayed (journal:undo's `entryId`). */
      readonly expected: number | undefined
      readonly now: string
    }
  | {
      readonly kind: 'edits'
      readonly profileId: number
      /** `v8.serialize(edits)`: the bytes travel to the worker as they are, read there. */
      readonly edits: Uint8Array
      readonly description: string
      readonly batchId?: string
      readonly now: string
    }

export type EditJobResult<J extends EditJob> = J['kind'] extends 'bulkPlan'
  ? BulkPlanDto
  : J['kind'] extends 'bulkEdit'
    ? BulkEditResultDto
    : J['kind'] extends 'undo' | 'redo'
      ? ReplayResult
      : ApplyListResult

interface ReplayResult {
  /** The entry replayed, or the one expected when it was not next (then `applied` is false). */
  readonly entryId: number | null
  readonly applied: boolean
  readonly setIDs: readonly number[]
}

interface ApplyListResult {
  readonly journalId: number | null
  readonly setIDs: readonly number[]
}

function planned(db: ReadDb, job: BulkJob): { plan: BulkPlan; dto: BulkPlanDto } {
  const known = fullNumbersOf(db, job.profileId, job.setIDs)
  const missing = job.setIDs.filter((id) => !known.has(id))
  if (missing.length > 0) {
    const first = String(missing[0])
    throw new AppError(
      'not_found',
      missing.length === 1
        ? `Set ${first} is not in the catalogue; nothing was changed.`
        : `${missing.length} of the sets (the first is ${first}) are not in the catalogue; nothing was changed.`,
      { field: 'setIDs' }
    )
  }
  const ordered = new Map(job.setIDs.map((id) => [id, known.get(id) ?? '']))
  const plan = planBulk(db, job.profileId, ordered, job.action)
  const labels = flagLabels(db, job.profileId)
  const flagName = (n: number) => labels.find((l) => l.flagNo === n)?.label || `Flag ${n}`
  return {
    plan,
    dto: {
      sets: job.setIDs.length,
      change: plan.change.length,
      already: plan.already,
      skipped: plan.skipped,
      description: bulkDescription(plan.change.length, job.action, flagName)
    }
  }
}

function bulkEdit(db: WriteDb, job: Extract<EditJob, { kind: 'bulkEdit' }>): BulkEditResultDto {
  const { plan, dto } = planned(db, job)
  if (plan.edits.length === 0) return { ...dto, journalId: null, changed: [], states: [] }
  const r = applyEdits(
    db,
    job.profileId,
    plan.edits,
    { kind: 'new', description: dto.description },
    job.now
  )
  return {
    ...dto,
    journalId: r.journalId,
    changed: plan.change,
    states: setStates(db, job.profileId, plan.change)
  }
}

/**
 * Undo or redo the entry next in line. With `expected` (the entry the user saw), only while it
 * still is next: a repeated request then replays nothing, so it can never reach an unrelated edit
 * behind it. Looked up inside the transaction, so no other write can slip between.
 */
function replay(db: WriteDb, job: Extract<EditJob, { kind: 'undo' | 'redo' }>): ReplayResult {
  const p = job.profileId
  const entry = job.kind === 'undo' ? undoCandidate(db, p) : redoCandidate(db, p)
  if (job.expected !== undefined && entry?.id !== job.expected) {
    return { entryId: job.expected, applied: false, setIDs: [] }
  }
  if (!entry) throw new AppError('not_found', `Nothing to ${job.kind}.`)
  // An undo is an edit: it goes through the same path, so it reaches the outbox and syncs.
  const edits = job.kind === 'undo' ? entry.backward : entry.forward
  const r = applyEdits(db, p, edits, { kind: job.kind, entryId: entry.id }, job.now)
  return { entryId: entry.id, applied: true, setIDs: r.setIDs }
}

function applyList(db: WriteDb, job: Extract<EditJob, { kind: 'edits' }>): ApplyListResult {
  const edits = deserialize(job.edits) as Edit[]
  const r = applyEdits(
    db,
    job.profileId,
    edits,
    {
      kind: 'new',
      description: job.description,
      ...(job.batchId !== undefined ? { batchId: job.batchId } : {})
    },
    job.now
  )
  return { journalId: r.journalId, setIDs: r.setIDs }
}

/** Runs one job whole on `db`; throws an AppError the caller passes on as it is. */
export function runEditJob<J extends EditJob>(db: WriteDb, job: J): EditJobResult<J> {
  const run = (): unknown => {
    switch (job.kind) {
      case 'bulkPlan':
        // A read: no transaction, no lock; the plan is asked again when the edit is made.
        return planned(db, job).dto
      case 'bulkEdit':
        return transaction(db, () => bulkEdit(db, job))
      case 'undo':
      case 'redo':
        return transaction(db, () => replay(db, job))
      case 'edits':
        return transaction(db, () => applyList(db, job))
    }
  }
  return run() as EditJobResult<J>
}
