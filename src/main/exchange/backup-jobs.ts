import Database from 'better-sqlite3'
import type { CollectionCountsDto } from '../../shared/model/exchange'
import type { Edit } from '../collection/index'
import type { ReadDb, WriteDb } from '../store/handles'
import { headVersion } from '../store/migrate'
import { MIGRATIONS } from '../store/migrations/index'
import { planViewMerge } from '../views/index'
import type { PortableView } from '../views/index'
import { asBackupError, openUntrusted, readBackup, stageBackup } from './backup-reader'
import type { BackupSource, ProfileMatch } from './backup-reader'
import { stripBackup } from './backup-strip-repo'
import type { Refusal } from './backup-values'
import { catalogueSetIds } from './collection-read-repo'
import {
  countsOf,
  planRestore,
  scopeRestore,
  serviceWritesOf,
  snapshotFromJson,
  snapshotToJson
} from './restore-plan'
import { readSnapshot } from './snapshot-repo'

/**
 * The jobs the backup worker runs, each on connections of its own: a restore's preview (read
 * the untrusted file and plan against the collection), a restore's plan at apply time, and the
 * stripping of a fresh backup file. None of them runs on the main thread: each takes seconds on
 * a large collection, and a hostile file may take as long as the budget allows.
 */
export type BackupJob =
  | {
      readonly kind: 'preview'
      readonly source: BackupSource
      readonly dir: string
      readonly livePath: string
      readonly profileId: number
      readonly match: ProfileMatch
    }
  | {
      readonly kind: 'plan'
      readonly livePath: string
      readonly profileId: number
      readonly scope: string
    }
  | {
      readonly kind: 'strip'
      readonly path: string
      readonly takenAt: string
      readonly keepPending: boolean
      readonly profileId: number
    }

/** How many refused rows and unknown sets a preview names (it counts them all). */
const SHOWN = 20

interface PreviewResult {
  readonly takenAt: string | null
  readonly holds: CollectionCountsDto
  readonly current: CollectionCountsDto
  readonly changes: number
  readonly serviceWrites: number
  readonly refused: { readonly count: number; readonly shown: readonly Refusal[] }
  readonly unknownSets: { readonly count: number; readonly shown: readonly number[] }
  /** The restorable part of the backup, as text the `plan` job takes back. */
  readonly scope: string
}

interface PlanResult {
  readonly edits: readonly Edit[]
  readonly changes: number
  readonly serviceWrites: number
  readonly views: readonly PortableView[] | null
}

export type JobResult<J extends BackupJob> = J extends { kind: 'preview' }
  ? PreviewResult
  : J extends { kind: 'plan' }
    ? PlanResult
    : CollectionCountsDto

function openLive(path: string): ReadDb {
  const db = new Database(path, { readonly: true, fileMustExist: true })
  db.pragma('busy_timeout = 5000')
  return db as ReadDb
}

function preview(job: Extract<BackupJob, { kind: 'preview' }>): PreviewResult {
  let read: ReturnType<typeof readBackup>
  try {
    const db = openUntrusted(stageBackup(job.source, job.dir))
    try {
      const first = MIGRATIONS[0]?.version ?? 1
      read = readBackup(db, job.match, { first, head: headVersion(MIGRATIONS) })
    } finally {
      db.close()
    }
  } catch (e) {
    throw asBackupError(e)
  }
  const live = openLive(job.livePath)
  try {
    const current = readSnapshot(live, job.profileId)
    const scope = scopeRestore(
      current,
      read.backup,
      catalogueSetIds(live, job.profileId),
      read.refusedSets,
      read.refusedCopies
    )
    const plan = planRestore(scope.current, scope.backup, () => 'new-copy')
    const views = scope.backup.views ? planViewMerge(live, job.profileId, scope.backup.views) : null
    const refused = [
      ...read.refused,
      ...scope.overFloor.map((id) => ({
        what: `Set ${id}`,
        why: 'more copies with details than the quantity owned'
      }))
    ]
    return {
      takenAt: read.takenAt,
      holds: countsOf(scope.backup),
      current: countsOf(current),
      changes: plan.changes + (views ? views.added + views.replaced : 0),
      serviceWrites: serviceWritesOf(plan.edits, scope.current),
      refused: { count: refused.length, shown: refused.slice(0, SHOWN) },
      unknownSets: { count: scope.unknownSets.length, shown: scope.unknownSets.slice(0, SHOWN) },
      scope: JSON.stringify({
        backup: snapshotToJson(scope.backup),
        refusedSets: [...read.refusedSets, ...scope.overFloor],
        refusedCopies: [...read.refusedCopies]
      })
    }
  } finally {
    live.close()
  }
}

function plan(job: Extract<BackupJob, { kind: 'plan' }>, newLocalId: () => string): PlanResult {
  const saved = JSON.parse(job.scope) as {
    backup: string
    refusedSets: number[]
    refusedCopies: string[]
  }
  const live = openLive(job.livePath)
  try {
    const scope = scopeRestore(
      readSnapshot(live, job.profileId),
      snapshotFromJson(saved.backup),
      catalogueSetIds(live, job.profileId),
      new Set(saved.refusedSets),
      new Set(saved.refusedCopies)
    )
    const p = planRestore(scope.current, scope.backup, newLocalId)
    return {
      edits: p.edits,
      changes: p.changes,
      serviceWrites: serviceWritesOf(p.edits, scope.current),
      views: scope.backup.views
    }
  } finally {
    live.close()
  }
}

/** Empties the caches of a fresh backup file (ours, just written) and counts what it holds. */
function strip(job: Extract<BackupJob, { kind: 'strip' }>): CollectionCountsDto {
  const db = new Database(job.path, { fileMustExist: true })
  try {
    db.pragma('journal_mode = DELETE')
    stripBackup(db as WriteDb, job.takenAt, job.keepPending)
    db.exec('VACUUM')
    return countsOf(readSnapshot(db as ReadDb, job.profileId))
  } finally {
    db.close()
  }
}

export function runJob(job: BackupJob, newLocalId: () => string): unknown {
  switch (job.kind) {
    case 'preview':
      return preview(job)
    case 'plan':
      return plan(job, newLocalId)
    case 'strip':
      return strip(job)
  }
}
