import { randomUUID } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { AppError } from '../../shared/errors'
import type { Handlers } from '../../shared/ipc/contract'
import type { CollectionCountsDto } from '../../shared/model/exchange'
import { backupName, backupsDir, writeBackup } from './backup-file-repo'
import type { FileBytes } from '../../shared/ipc/file-wire'
import { noteRestoreApplied, profileRow } from './backup-repo'
import { runBackupJob, runInTempDir } from './backup-thread'
import { MAX_SERVICE_WRITES, tooManyWrites } from './restore-plan'
import { whileWritingElsewhere } from '../store/hand-off'
import type { JobOptions } from './backup-thread'
import type { ExchangeDeps } from './deps'

export type BackupHandlers = Pick<
  Handlers,
  | 'exchange:backup'
  | 'exchange:previewRestore'
  | 'exchange:openedBackup'
  | 'exchange:cancelRestore'
  | 'exchange:applyRestore'
  | 'exchange:openDataFolder'
>

interface PendingRestore {
  readonly profileId: number
  readonly name: string
  /**
   * The restorable part of the backup, as the worker wrote it (the main thread never parses it),
   * moved on to the apply's worker.
   */
  readonly scope: Uint8Array<ArrayBuffer>
  readonly serviceWrites: number
}

const EMPTY_COUNTS: CollectionCountsDto = {
  setsOwned: 0,
  unitsOwned: 0,
  setsWanted: 0,
  copies: 0,
  minifigsLoose: 0,
  minifigsWanted: 0,
  labels: 0,
  views: 0
}

/**
 * The page's bytes as a file in the preview's temporary folder, for the worker to read. Written by
 * the thread pool part by part: nothing joins, decodes or copies them on the main thread.
 */
async function written(dir: string, parts: FileBytes): Promise<string> {
  const path = join(dir, 'chosen.studbook')
  await writeFile(path, parts, { mode: 0o600 })
  return path
}

/** Extra knobs for tests: the worker's budgets. */
interface BackupHandlerOptions {
  readonly job?: Omit<JobOptions, 'signal'>
}

/**
 * Data the user owns: "Back up collection…" writes one SQLite file; "Restore…" shows what a backup
 * holds and, once confirmed, backs up the collection as it is and replaces it with the backup's
 * through the edit path (one undo; the service gets the changes like any edit).
 *
 * The backup is read and planned in the backup worker (backup-reader.ts): the main thread only
 * starts it, and at the end applies the planned edits in one transaction.
 */
export function createBackupHandlers(
  deps: ExchangeDeps,
  options: BackupHandlerOptions = {}
): BackupHandlers {
  const pending = new Map<string, PendingRestore>()
  /** The preview being read: a new one stops it (one restore dialog at a time). */
  let reading: AbortController | null = null
  const db = () => deps.store.write

  /** Where the backup to preview is: a file the user chose in main, or the page's bytes. */
  type Chosen = { readonly path: string } | { readonly parts: FileBytes }

  async function preview(chosen: Chosen, shown: string) {
    const p = deps.profileId()
    const active = profileRow(db(), p)
    if (!active) throw new AppError('not_found', 'No service is in use.')
    reading?.abort()
    const controller = new AbortController()
    reading = controller
    try {
      const r = await runInTempDir(async (dir) =>
        runBackupJob(
          {
            kind: 'preview',
            source: 'path' in chosen ? chosen.path : await written(dir, chosen.parts),
            dir,
            livePath: deps.store.path,
            profileId: p,
            match: { kind: active.kind, baseUrl: active.base_url }
          },
          { ...options.job, signal: controller.signal }
        )
      )
      if (r.serviceWrites > MAX_SERVICE_WRITES) throw tooManyWrites(r.serviceWrites)
      const restoreId = randomUUID()
      pending.clear()
      pending.set(restoreId, {
        profileId: p,
        name: shown,
        scope: r.scope,
        serviceWrites: r.serviceWrites
      })
      return {
        restoreId,
        name: shown,
        takenAt: r.takenAt,
        holds: r.holds,
        current: r.current,
        changes: r.changes,
        serviceWrites: r.serviceWrites,
        refused: r.refused,
        unknownSets: r.unknownSets
      }
    } finally {
      if (reading === controller) reading = null
    }
  }

  return {
    'exchange:backup': async ({ saveWithDialog }) => {
      const suggested = join(backupsDir(deps.store), backupName('backup', deps.now()))
      const port = saveWithDialog ? deps.dataFolder : null
      const path = port ? await port.chooseBackupTarget(suggested) : suggested
      if (path === null) return { path: null, bytes: 0, counts: EMPTY_COUNTS }
      const r = await writeBackup(deps.store, path, deps.now(), { profileId: deps.profileId() })
      return { path, bytes: r.bytes, counts: r.counts }
    },
    'exchange:previewRestore': async ({ data, name, opened }) => {
      if (opened === true) {
        // A file the OS opened Studbook with: read from its path in the worker, as a chosen one.
        const path = deps.dataFolder?.takeOpenedBackup?.() ?? null
        return path === null ? null : preview({ path }, basename(path))
      }
      if (data !== undefined) return preview({ parts: data }, name ?? 'backup')
      if (!deps.dataFolder) {
        throw new AppError('invalid_input', 'Choose the backup file on the page.', {
          field: 'fromDialog'
        })
      }
      const path = await deps.dataFolder.chooseBackupSource(backupsDir(deps.store))
      if (path === null) return null
      return preview({ path }, basename(path))
    },
    'exchange:openedBackup': () => ({ waiting: deps.dataFolder?.hasOpenedBackup?.() ?? false }),
    'exchange:cancelRestore': () => {
      const running = reading
      running?.abort()
      return { cancelled: running !== null }
    },
    'exchange:applyRestore': async ({ restoreId }) => {
      const restore = pending.get(restoreId)
      if (!restore || restore.profileId !== deps.profileId()) {
        throw new AppError('not_found', 'That restore has expired; choose the backup again.', {
          field: 'restoreId'
        })
      }
      pending.delete(restoreId)
      // The collection as it is now, first: a restore is undoable, and this is the second way back.
      const safetyBackup = join(backupsDir(deps.store), backupName('before-restore', deps.now()))
      await writeBackup(deps.store, safetyBackup, deps.now())
      // Planned again against the collection as it is now (a sync may have changed it since),
      // and applied in one transaction by the worker: the main thread is not held for it.
      // Meanwhile a write of the main connection fails at once as db_busy rather than wait.
      const done = await whileWritingElsewhere(db(), () =>
        runBackupJob({
          kind: 'apply',
          livePath: deps.store.path,
          profileId: restore.profileId,
          scope: restore.scope,
          description: `Restore from backup ${restore.name}`,
          now: deps.now().toISOString()
        })
      )
      // Counts cached on the main connection move with its own writes: this one tells them.
      noteRestoreApplied(db(), deps.now().toISOString())
      if (done.setIDs) deps.changed(done.setIDs)
      else if (done.views > 0) deps.changed([])
      return { applied: done.changes + done.views, journalId: done.journalId, safetyBackup }
    },
    'exchange:openDataFolder': async () => {
      const path = dirname(deps.store.path)
      if (!deps.dataFolder) return { path, opened: false }
      await deps.dataFolder.openFolder(path)
      return { path, opened: true }
    }
  }
}
