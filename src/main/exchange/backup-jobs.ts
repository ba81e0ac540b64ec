import Database from 'better-sqlite3'
import { z } from 'zod'
import { readStoredJson } from '../../shared/parse-json'
import type { CollectionCountsDto } from '../../shared/model/exchange'
import { catalogueSetIds, upsertSets } from '../catalogue/index'
import { outbox } from '../collection/index'
import type { Edit } from '../collection/index'
import type { ReadDb, WriteDb } from '../store/handles'
import { isIntact, quickCheckRows } from '../store/intact'
import { headVersion, migrate } from '../store/migrate'
import { MIGRATIONS } from '../store/migrations/index'
import { getSyncValue } from '../store/sync-state-repo'
import { planViewMerge } from '../views/index'
import type { PortableView } from '../views/index'
import { asBackupError, openUntrusted, readBackup, stageBackup } from './backup-reader'
import type { ProfileMatch } from './backup-reader'
import type { SetName } from './backup-set-names'
import { writeError } from './backup-errors'
import { backupProfiles, rawSetNames } from './backup-repo'
import { MAX_NAMES_BYTES, checkSetNames, placeholderSet } from './backup-set-names'
import { checkBackupSchema, damaged } from './backup-schema'
import { unmarkBackup, writeKeptBackup } from './backup-strip-repo'
import type { Refusal } from './backup-values'
import { recheckLocalRows } from './local-rows'
import type { LocalRows } from './local-rows'
import { applyRestorePlan } from './restore-apply'
import {
  MAX_SERVICE_WRITES,
  countsOf,
  freshServiceWrites,
  isFresh,
  planRestore,
  scopeRestore,
  serviceWritesOf,
  snapshotFromJson,
  snapshotToJson,
  tooManyWrites
} from './restore-plan'
import { readSnapshot } from './snapshot-repo'

/**
 * The jobs the backup worker runs, each on connections of its own: a restore's preview (read
 * the untrusted file and plan against the collection), a restore's apply (plan again, then one
 * transaction on its own write connection to the live database), and the
 * stripping of a fresh backup file. None of them runs on the main thread: each takes seconds on
 * a large collection, and a hostile file may take as long as the budget allows.
 */
export type BackupJob =
  | {
      readonly kind: 'preview'
      /** The chosen file: where the user keeps it, or the copy of the bytes the page sent. */
      readonly source: string
      readonly dir: string
      readonly livePath: string
      readonly profileId: number
      readonly match: ProfileMatch
    }
  | {
      readonly kind: 'apply'
      readonly livePath: string
      readonly profileId: number
      /** The preview's `scope`, moved to the worker (backup-thread.ts), never copied. */
      readonly scope: Uint8Array<ArrayBuffer>
      readonly description: string
      readonly now: string
    }
  | {
      readonly kind: 'install'
      readonly source: string
      readonly dest: string
      readonly dir: string
    }
  | {
      readonly kind: 'strip'
      /** The live database, whose own data is copied in one read transaction (WAL included). */
      readonly livePath: string
      readonly path: string
      readonly takenAt: string
      /** Keep the undo history too (automatic backups). */
      readonly keepJournal: boolean
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
  /**
   * The restorable part of the backup, as the UTF-8 of JSON the `apply` job takes back. Bytes, so
   * it moves between threads without a copy: as a string (5 MB at 20,000 sets) the main thread
   * copied it twice, on the preview's answer and into the apply's worker, and held the thread
   * 40-60 ms each time (docs/benchmarks.md, 2026-11-27, 23:10-23:55 UTC).
   */
  readonly scope: Uint8Array<ArrayBuffer>
}

interface PlanResult {
  readonly edits: readonly Edit[]
  readonly changes: number
  readonly serviceWrites: number
  readonly views: readonly PortableView[] | null
  /** Sets to put in the catalogue by number first, so the edits of them are taken. */
  readonly placeholders: readonly (readonly [number, SetName])[]
  readonly unsentBases: ReadonlyMap<string, string>
  readonly copyRecords: ReadonlyMap<string, number>
  readonly fresh: boolean
  /** The local tables' rows the backup holds (store/local-tables). */
  readonly local: LocalRows
}

interface ApplyResult {
  readonly changes: number
  readonly views: number
  readonly journalId: number | null
  readonly setIDs: readonly number[] | null
}

export type JobResult<J extends BackupJob> = J extends { kind: 'preview' }
  ? PreviewResult
  : J extends { kind: 'apply' }
    ? ApplyResult
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
    const fresh = isFresh(
      current,
      getSyncValue(live, job.profileId, 'collection_pulled_at'),
      outbox.lastId(live, job.profileId)
    )
    const inCatalogue = catalogueSetIds(live, job.profileId)
    // Sets the catalogue lacks (a fresh install's, before its first sync) that the backup names
    // by number are restored, and shown by number until the sync: nothing of them is left out.
    const placeholders = [...read.names].filter(([id]) => !inCatalogue.has(id))
    const scope = scopeRestore(
      current,
      read.backup,
      new Set([...inCatalogue, ...placeholders.map(([id]) => id)]),
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
      serviceWrites: fresh
        ? freshServiceWrites(scope.backup, read.unsentBases, read.copyRecords)
        : serviceWritesOf(plan.edits, scope.current),
      refused: { count: refused.length, shown: refused.slice(0, SHOWN) },
      unknownSets: { count: scope.unknownSets.length, shown: scope.unknownSets.slice(0, SHOWN) },
      scope: new TextEncoder().encode(
        JSON.stringify({
          backup: snapshotToJson(scope.backup),
          refusedSets: [...read.refusedSets, ...scope.overFloor],
          refusedCopies: [...read.refusedCopies],
          placeholders,
          unsentBases: [...read.unsentBases],
          copyRecords: [...read.copyRecords],
          local: read.local
        })
      )
    }
  } finally {
    live.close()
  }
}

/** The `scope` a preview writes, held by the main thread and handed back here to apply. */
const restoreScope = z.object({
  backup: z.string(),
  refusedSets: z.array(z.number()),
  refusedCopies: z.array(z.string()),
  placeholders: z.array(
    z.tuple([z.number(), z.object({ number: z.string(), variant: z.number(), name: z.string() })])
  ),
  unsentBases: z.array(z.tuple([z.string(), z.string()])),
  copyRecords: z.array(z.tuple([z.string(), z.number()])),
  local: z.unknown()
})

function plan(
  job: Pick<Extract<BackupJob, { kind: 'apply' }>, 'livePath' | 'profileId' | 'scope'>,
  newLocalId: () => string
): PlanResult {
  const saved = readStoredJson(
    restoreScope,
    new TextDecoder().decode(job.scope),
    'The restore being applied'
  )
  const live = openLive(job.livePath)
  try {
    const inCatalogue = catalogueSetIds(live, job.profileId)
    // A sync since the preview may have brought some: only those still missing get a placeholder.
    const placeholders = saved.placeholders.filter(([id]) => !inCatalogue.has(id))
    const current = readSnapshot(live, job.profileId)
    const fresh = isFresh(
      current,
      getSyncValue(live, job.profileId, 'collection_pulled_at'),
      outbox.lastId(live, job.profileId)
    )
    const scope = scopeRestore(
      current,
      snapshotFromJson(saved.backup),
      new Set([...inCatalogue, ...placeholders.map(([id]) => id)]),
      new Set(saved.refusedSets),
      new Set(saved.refusedCopies)
    )
    const p = planRestore(scope.current, scope.backup, newLocalId, fresh)
    const unsentBases = new Map(saved.unsentBases)
    const copyRecords = new Map(saved.copyRecords)
    return {
      edits: p.edits,
      changes: p.changes,
      serviceWrites: fresh
        ? freshServiceWrites(scope.backup, unsentBases, copyRecords)
        : serviceWritesOf(p.edits, scope.current),
      views: scope.backup.views,
      placeholders,
      unsentBases,
      copyRecords,
      fresh,
      local: recheckLocalRows(saved.local)
    }
  } finally {
    live.close()
  }
}

/**
 * A restore's writes: planned against the collection as it is now, then applied as ONE
 * transaction (views, state, outbox, one journal entry) on this worker's own connection to the
 * live database. The main thread is not held for it; a kill leaves all of it or none. A write
 * the main connection makes meanwhile waits for this one (busy_timeout), as it would for any.
 */
function apply(job: Extract<BackupJob, { kind: 'apply' }>, newLocalId: () => string): ApplyResult {
  const p = plan(job, newLocalId)
  if (p.serviceWrites > MAX_SERVICE_WRITES) throw tooManyWrites(p.serviceWrites)
  const db = new Database(job.livePath, { fileMustExist: true })
  try {
    // The settings every connection of the app's database uses (store/connection.ts).
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = FULL')
    db.pragma('foreign_keys = ON')
    db.pragma('busy_timeout = 5000')
    const done = applyRestorePlan(db as WriteDb, job.profileId, p, job.description, job.now)
    return { changes: p.changes, ...done }
  } finally {
    db.close()
  }
}

/**
 * The sets a backup names by number put in its (empty) catalogue, as a restore onto a fresh
 * install does: the collection shows them by number until the next sync.
 */
function placeNamedSets(db: WriteDb): void {
  const raw = rawSetNames(db, MAX_NAMES_BYTES)
  const at = new Date().toISOString()
  for (const profile of backupProfiles(db)) {
    const inCatalogue = catalogueSetIds(db, profile.id)
    const missing = [...checkSetNames(raw, profile.id)].filter(([id]) => !inCatalogue.has(id))
    if (missing.length === 0) continue
    db.transaction(() => {
      upsertSets(
        db,
        profile.id,
        missing.map(([id, name]) => placeholderSet(id, name)),
        at
      )
    })()
  }
}

/**
 * A listed backup made the data file again (recovery from a damaged one): checked as a restore
 * checks it, then migrated (the private copy only) and copied to `dest`.
 */
async function install(job: Extract<BackupJob, { kind: 'install' }>): Promise<null> {
  const copy = stageBackup(job.source, job.dir)
  const db = new Database(copy, { fileMustExist: true })
  try {
    db.unsafeMode(false)
    db.pragma('trusted_schema = OFF')
    checkBackupSchema(db as ReadDb, MIGRATIONS[0]?.version ?? 1, headVersion(MIGRATIONS))
    if (!isIntact(quickCheckRows(db as ReadDb, 1))) throw damaged()
    migrate(db as WriteDb, MIGRATIONS)
    await db.backup(job.dest)
  } catch (e) {
    throw asBackupError(e)
  } finally {
    db.close()
  }
  const out = new Database(job.dest, { fileMustExist: true })
  try {
    placeNamedSets(out as WriteDb)
    unmarkBackup(out as WriteDb)
  } finally {
    out.close()
  }
  return null
}

/** Writes a backup file of the live database's own data and counts what it holds. */
function strip(job: Extract<BackupJob, { kind: 'strip' }>): CollectionCountsDto {
  // A connection of its own reads the live file in one transaction: a consistent copy, edits
  // still in the WAL included, while the main connection goes on writing; nothing of it on the
  // main thread.
  try {
    const db = new Database(job.path)
    try {
      writeKeptBackup(db as WriteDb, job.livePath, job.takenAt, job.keepJournal)
      return countsOf(readSnapshot(db as ReadDb, job.profileId))
    } finally {
      db.close()
    }
  } catch (e) {
    // A full disk or a folder it may not write says so (the cause does not cross threads).
    throw writeError(e)
  }
}

export function runJob(job: BackupJob, newLocalId: () => string): unknown {
  switch (job.kind) {
    case 'preview':
      return preview(job)
    case 'apply':
      return apply(job, newLocalId)
    case 'install':
      return install(job)
    case 'strip':
      return strip(job)
  }
}
