import { mkdir, rename, rm, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { CollectionCountsDto } from '../../shared/model/exchange'
import type { Store } from '../store/connection'
import { writeError } from './backup-errors'
import { localStamp } from './dates'
import { runBackupJob, runInTempDir } from './backup-thread'

/**
 * A backup is one SQLite file: the database's schema with the rows of the user's own tables,
 * written by the backup worker from one read transaction of the live file (consistent, WAL
 * included, never a copy of the live files); the catalogue and other caches the service gives
 * back on the next sync are left empty (backup-strip-repo.ts). It keeps the schema, so an older
 * backup is read by migrating a temporary copy.
 */

/** Where backups go unless the user chooses: `backups/` in the data folder. */
export function backupsDir(store: Pick<Store, 'path'>): string {
  return join(dirname(store.path), 'backups')
}

export type BackupKind = 'backup' | 'before-restore' | 'auto'

/** `studbook-backup-2026-11-27T02-30-05+1400.studbook`: the user's date and time, and its offset. */
export function backupName(kind: BackupKind, now: Date): string {
  return `studbook-${kind}-${localStamp(now)}.studbook`
}

/**
 * Writes a backup of the whole collection to `dest` (atomically: a partial file, then a rename).
 * Every backup keeps the outbox: the edits the service has not seen are the user's too, and a
 * backup installed in place of a damaged file must still send them. `keepJournal` keeps the undo
 * history as well (automatic backups; a restore through "Restore…" makes its own entry).
 */
export async function writeBackup(
  store: Store,
  dest: string,
  now: Date,
  options: { keepJournal?: boolean; profileId?: number } = {}
): Promise<{ bytes: number; counts: CollectionCountsDto }> {
  const partial = `${dest}.partial`
  try {
    await mkdir(dirname(dest), { recursive: true })
    await rm(partial, { force: true })
    // The copy (one read transaction of the live file) happens in the backup worker.
    const counts = await runBackupJob({
      kind: 'strip',
      livePath: store.path,
      path: partial,
      takenAt: now.toISOString(),
      keepJournal: options.keepJournal ?? false,
      profileId: options.profileId ?? 0
    })
    await rename(partial, dest)
    return { bytes: (await stat(dest)).size, counts }
  } catch (cause) {
    await rm(partial, { force: true }).catch(() => undefined)
    throw writeError(cause)
  }
}

/**
 * Makes `dest` (which must not exist) the database a backup holds, at this version's schema: in
 * the backup worker, a private copy is checked as for a restore, migrated, copied to `dest` with
 * the backup API, and loses the marks of a backup file. The catalogue and the other caches it
 * left out come back with the next sync.
 */
export async function installBackup(source: string, dest: string): Promise<void> {
  await runInTempDir((dir) => runBackupJob({ kind: 'install', source, dest, dir }))
}
