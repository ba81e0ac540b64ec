import { randomUUID } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { AppError } from '../../shared/errors'
import type { Handlers } from '../../shared/ipc/contract'
import { applyEdits } from '../collection/index'
import { mergeViews, planViewMerge } from '../views/index'
import { backupName, backupsDir, openBackup, writeBackup } from './backup-file-repo'
import { backupProfiles, backupTakenAt, profileRow } from './backup-repo'
import type { ProfileRow } from './backup-repo'
import type { ExchangeDeps } from './deps'
import { countsOf, planRestore } from './restore-plan'
import { readSnapshot } from './snapshot-repo'
import type { Snapshot } from './snapshot-repo'

type BackupHandlers = Pick<
  Handlers,
  | 'exchange:backup'
  | 'exchange:previewRestore'
  | 'exchange:applyRestore'
  | 'exchange:openDataFolder'
>

interface PendingRestore {
  readonly profileId: number
  readonly name: string
  readonly backup: Snapshot
}

/** A backup bigger than this is surely not one of ours (they hold no catalogue). */
const MAX_BACKUP_BYTES = 512 * 1024 * 1024

/** The backup's collection of the profile in use: the same kind of profile at the same address. */
function matchingSnapshot(
  opened: ReturnType<typeof openBackup>,
  active: ProfileRow | undefined
): { snapshot: Snapshot; takenAt: string | null } {
  const profiles = backupProfiles(opened.db)
  const match = profiles.find((p) => p.kind === active?.kind && p.base_url === active.base_url)
  if (!match) {
    const held = profiles.map((p) => `"${p.label}"`).join(', ') || 'none'
    throw new AppError(
      'invalid_input',
      `This backup holds the collection of another service (${held}), not of the one in use. ` +
        'Switch to that service in Settings to restore it.',
      { field: 'data' }
    )
  }
  const takenAt = backupTakenAt(opened.db)
  return { snapshot: readSnapshot(opened.db, match.id, opened.version), takenAt }
}

/**
 * Data the user owns: "Back up collection…" writes one SQLite file; "Restore…" shows what a backup
 * holds and, once confirmed, backs up the collection as it is and replaces it with the backup's
 * through the edit path (one undo; the service gets the changes like any edit).
 */
export function createBackupHandlers(deps: ExchangeDeps): BackupHandlers {
  const pending = new Map<string, PendingRestore>()
  const db = () => deps.store.write
  const activeRow = (): ProfileRow | undefined => profileRow(db(), deps.profileId())

  /** Saved views the restore adds or changes (none from a backup older than saved views). */
  function viewChanges(profileId: number, backup: Snapshot): number {
    if (backup.views === null) return 0
    const m = planViewMerge(db(), profileId, backup.views)
    return m.added + m.replaced
  }

  async function backupTo(path: string): Promise<number> {
    return writeBackup(deps.store, path, deps.now())
  }

  return {
    'exchange:backup': async ({ saveWithDialog }) => {
      const suggested = join(backupsDir(deps.store), backupName('backup', deps.now()))
      const port = saveWithDialog ? deps.dataFolder : null
      const path = port ? await port.chooseBackupTarget(suggested) : suggested
      const counts = countsOf(readSnapshot(db(), deps.profileId()))
      if (path === null) return { path: null, bytes: 0, counts }
      return { path, bytes: await backupTo(path), counts }
    },
    'exchange:previewRestore': async ({ data, name, fromDialog }) => {
      let source: { bytes: Uint8Array } | { path: string }
      let shown = name ?? 'backup'
      if (fromDialog === true) {
        if (!deps.dataFolder) {
          throw new AppError('invalid_input', 'Choose the backup file on the page.', {
            field: 'fromDialog'
          })
        }
        const path = await deps.dataFolder.chooseBackupSource(backupsDir(deps.store))
        if (path === null) return null
        if (statSync(path).size > MAX_BACKUP_BYTES) {
          throw new AppError('invalid_input', 'This file is too large to be a Studbook backup.')
        }
        source = { bytes: readFileSync(path) }
        shown = basename(path)
      } else {
        source = { bytes: Buffer.from(data ?? '', 'base64') }
      }
      const opened = openBackup(source)
      let found: ReturnType<typeof matchingSnapshot>
      try {
        found = matchingSnapshot(opened, activeRow())
      } finally {
        opened.close()
      }
      const p = deps.profileId()
      const current = readSnapshot(db(), p)
      const views = viewChanges(p, found.snapshot)
      const restoreId = randomUUID()
      pending.clear()
      pending.set(restoreId, { profileId: p, name: shown, backup: found.snapshot })
      return {
        restoreId,
        name: shown,
        takenAt: found.takenAt,
        holds: countsOf(found.snapshot),
        current: countsOf(current),
        changes: planRestore(current, found.snapshot, randomUUID).changes + views
      }
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
      await backupTo(safetyBackup)
      const plan = planRestore(readSnapshot(db(), restore.profileId), restore.backup, randomUUID)
      // Saved views are not collection edits: they are merged by name, outside the journal.
      const merged = restore.backup.views
        ? mergeViews(db(), restore.profileId, restore.backup.views, deps.now().toISOString())
        : { added: 0, replaced: 0 }
      const views = merged.added + merged.replaced
      if (plan.edits.length === 0) {
        if (views > 0) deps.changed([])
        return { applied: views, journalId: null, safetyBackup }
      }
      const r = applyEdits(
        db(),
        restore.profileId,
        plan.edits,
        { kind: 'new', description: `Restore from backup ${restore.name}` },
        deps.now().toISOString()
      )
      deps.changed(r.setIDs)
      return { applied: plan.changes + views, journalId: r.journalId, safetyBackup }
    },
    'exchange:openDataFolder': async () => {
      const path = dirname(deps.store.path)
      if (!deps.dataFolder) return { path, opened: false }
      await deps.dataFolder.openFolder(path)
      return { path, opened: true }
    }
  }
}
