import Database from 'better-sqlite3'
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { AppError } from '../../shared/errors'
import type { CollectionCountsDto } from '../../shared/model/exchange'
import type { Store } from '../store/connection'
import type { WriteDb } from '../store/handles'
import { headVersion, migrate } from '../store/migrate'
import { MIGRATIONS } from '../store/migrations/index'
import { checkBackupSchema, damaged, notABackup } from './backup-schema'
import { runBackupJob } from './backup-thread'

/**
 * A backup is one SQLite file: a snapshot of the database taken with SQLite's online backup API
 * (consistent, WAL included, never a copy of the live files), from which the catalogue and other
 * caches the service gives back on the next sync are emptied. It keeps the schema, so an older
 * backup is read by migrating a temporary copy.
 */

/** Where backups go unless the user chooses: `backups/` in the data folder. */
export function backupsDir(store: Pick<Store, 'path'>): string {
  return join(dirname(store.path), 'backups')
}

export type BackupKind = 'backup' | 'before-restore' | 'auto'

export function backupName(kind: BackupKind, now: Date): string {
  return `studbook-${kind}-${now.toISOString().slice(0, 19).replace(/:/g, '-')}.studbook`
}

/** Why a backup could not be written, in words the user can act on. */
export function writeError(cause: unknown): AppError {
  if (cause instanceof AppError) return cause
  const code = (cause as { code?: unknown } | null)?.code
  if (code === 'ENOSPC' || code === 'SQLITE_FULL' || code === 'EDQUOT') {
    return new AppError(
      'disk_full',
      'The backup could not be written: the disk it goes to is full. Free some space, or ' +
        'choose another place, and back up again.',
      undefined,
      { cause }
    )
  }
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS' || code === 'SQLITE_READONLY') {
    return new AppError(
      'file_error',
      'The backup could not be written: Studbook may not write to that folder. Choose another.',
      undefined,
      { cause }
    )
  }
  const why = cause instanceof Error ? ` (${cause.message.slice(0, 120)})` : ''
  return new AppError('file_error', `The backup could not be written${why}.`, undefined, {
    cause
  })
}

/**
 * Writes a backup of the whole collection to `dest` (atomically: a partial file, then a rename).
 * `keepPending` keeps the outbox and journal: an automatic backup that replaces a damaged file
 * must still send the edits the service has not seen (a restore through "Restore…" recomputes
 * them instead).
 */
export async function writeBackup(
  store: Store,
  dest: string,
  now: Date,
  options: { keepPending?: boolean; profileId?: number } = {}
): Promise<{ bytes: number; counts: CollectionCountsDto }> {
  const partial = `${dest}.partial`
  try {
    await mkdir(dirname(dest), { recursive: true })
    await rm(partial, { force: true })
    // The online backup API copies pages in small steps between which the main loop runs; the
    // stripping and VACUUM (seconds on a large catalogue) happen in the backup worker.
    await store.write.backup(partial)
    const counts = await runBackupJob({
      kind: 'strip',
      path: partial,
      takenAt: now.toISOString(),
      keepPending: options.keepPending ?? false,
      profileId: options.profileId ?? 0
    })
    await rename(partial, dest)
    return { bytes: (await stat(dest)).size, counts }
  } catch (cause) {
    await rm(partial, { force: true }).catch(() => undefined)
    throw writeError(cause)
  }
}

const FIRST = MIGRATIONS[0]?.version ?? 1

/** An opened backup: a private temporary copy, migrated to this version's schema. */
interface OpenedBackup {
  readonly db: WriteDb
  /** The schema the file was written with, before it was migrated to this version's. */
  readonly version: number
  close(): void
}

/**
 * Opens a backup for reading. What is not a Studbook backup (not SQLite, another program's
 * database, a damaged file) is refused as such; one from a newer Studbook is refused by version.
 * The user's file is never written: a temporary copy is.
 */
function openBackup(source: { bytes: Uint8Array } | { path: string }): OpenedBackup {
  const dir = mkdtempSync(join(tmpdir(), 'studbook-restore-'))
  const copy = join(dir, 'backup.studbook')
  const cleanup = (): void => {
    rmSync(dir, { recursive: true, force: true })
  }
  let db: Database.Database | null = null
  try {
    if ('bytes' in source) writeFileSync(copy, source.bytes)
    else copyFileSync(source.path, copy)
    db = new Database(copy, { fileMustExist: true })
    let version: number
    try {
      // The file comes from outside: its triggers and views may not call functions with effects,
      // and only plain tables of the expected shape are read or migrated.
      db.pragma('trusted_schema = OFF')
      version = checkBackupSchema(db as WriteDb, FIRST, headVersion(MIGRATIONS)).version
    } catch (cause) {
      if (cause instanceof AppError) throw cause
      throw notABackup(undefined, cause)
    }
    if (db.pragma('quick_check', { simple: true }) !== 'ok') throw damaged()
    migrate(db as WriteDb, MIGRATIONS)
    const opened = db
    return {
      db: opened as WriteDb,
      version,
      close: () => {
        opened.close()
        cleanup()
      }
    }
  } catch (e) {
    db?.close()
    cleanup()
    if (e instanceof AppError) throw e
    throw notABackup(undefined, e)
  }
}

/**
 * Makes `dest` (which must not exist) the database a backup holds, at this version's schema: the
 * file is checked and migrated as for a restore, copied with the backup API, and loses the marks
 * of a backup file. The catalogue and the other caches it left out come back with the next sync.
 */
export async function installBackup(source: string, dest: string): Promise<void> {
  const opened = openBackup({ path: source })
  try {
    await opened.db.backup(dest)
  } finally {
    opened.close()
  }
  const db = new Database(dest, { fileMustExist: true })
  try {
    db.pragma('application_id = 0')
    db.prepare("DELETE FROM settings WHERE key = 'backup.takenAt'").run()
  } finally {
    db.close()
  }
}
