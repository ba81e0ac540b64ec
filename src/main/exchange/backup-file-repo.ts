import Database from 'better-sqlite3'
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  renameSync,
  statSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { AppError } from '../../shared/errors'
import type { Store } from '../store/connection'
import { FTS_TRIGGERS_SQL } from '../store/fts'
import type { WriteDb } from '../store/handles'
import { headVersion, migrate, userVersion } from '../store/migrate'
import { MIGRATIONS } from '../store/migrations/index'

/**
 * A backup is one SQLite file: a snapshot of the database taken with SQLite's online backup API
 * (consistent, WAL included, never a copy of the live files), from which the catalogue and other
 * caches the service gives back on the next sync are emptied. It keeps the schema, so an older
 * backup is read by migrating a temporary copy.
 */

/** `PRAGMA application_id` of our backups ("SBK1"). */
const BACKUP_APPLICATION_ID = 0x53424b31

/** Where backups go unless the user chooses: `backups/` in the data folder. */
export function backupsDir(store: Pick<Store, 'path'>): string {
  return join(dirname(store.path), 'backups')
}

export type BackupKind = 'backup' | 'before-restore' | 'auto'

export function backupName(kind: BackupKind, now: Date): string {
  return `studbook-${kind}-${now.toISOString().slice(0, 19).replace(/:/g, '-')}.studbook`
}

// Emptied in the snapshot: the service's data (fetched again by a sync) and local bookkeeping.
const CACHES = [
  'set_reviews',
  'set_instructions',
  'set_images',
  'set_extras',
  'sets',
  'themes',
  'subthemes',
  'years',
  'conditions',
  'collection_totals',
  'media_cache',
  'allowance',
  'sync_state'
]
/** Edits not yet on the service and their undo history: kept only in automatic backups. */
const PENDING = ['outbox', 'journal']

function strip(db: Database.Database, takenAt: string, keepPending: boolean): void {
  db.exec(`DROP TRIGGER IF EXISTS sets_fts_insert;
    DROP TRIGGER IF EXISTS sets_fts_delete;
    DROP TRIGGER IF EXISTS sets_fts_update;
    INSERT INTO sets_fts (sets_fts) VALUES ('delete-all');`)
  for (const table of keepPending ? CACHES : [...CACHES, ...PENDING]) {
    db.exec(`DELETE FROM ${table}`)
  }
  db.exec(FTS_TRIGGERS_SQL)
  db.prepare(
    `INSERT INTO settings (key, value) VALUES ('backup.takenAt', ?)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value`
  ).run(takenAt)
  db.pragma(`application_id = ${BACKUP_APPLICATION_ID}`)
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
  options: { keepPending?: boolean } = {}
): Promise<number> {
  mkdirSync(dirname(dest), { recursive: true })
  const partial = `${dest}.partial`
  rmSync(partial, { force: true })
  try {
    await store.write.backup(partial)
    const db = new Database(partial)
    try {
      db.pragma('journal_mode = DELETE')
      db.transaction(() => {
        strip(db, now.toISOString(), options.keepPending ?? false)
      })()
      db.exec('VACUUM')
    } finally {
      db.close()
    }
    renameSync(partial, dest)
    return statSync(dest).size
  } catch (cause) {
    rmSync(partial, { force: true })
    throw new AppError('file_error', 'The backup could not be written.', undefined, { cause })
  }
}

const REQUIRED_TABLES = ['profiles', 'set_state', 'copies', 'minifig_state', 'flag_labels']

const notABackup = (cause?: unknown): AppError =>
  new AppError(
    'invalid_input',
    'This file is not a Studbook backup: choose a file made with "Back up collection…".',
    { field: 'data' },
    cause === undefined ? undefined : { cause }
  )

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
export function openBackup(source: { bytes: Uint8Array } | { path: string }): OpenedBackup {
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
    let tables: string[]
    try {
      // The file comes from outside: its triggers and views may not call functions with effects.
      db.pragma('trusted_schema = OFF')
      tables = (
        db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all() as {
          name: string
        }[]
      ).map((t) => t.name)
    } catch (cause) {
      throw notABackup(cause)
    }
    if (!REQUIRED_TABLES.every((t) => tables.includes(t))) throw notABackup()
    const version = userVersion(db as WriteDb)
    const head = headVersion(MIGRATIONS)
    if (version > head) {
      throw new AppError(
        'invalid_input',
        `This backup was made by a newer Studbook (schema ${version}; this version knows ${head}). ` +
          'Update Studbook to restore it.',
        { field: 'data' }
      )
    }
    if (version < (MIGRATIONS[0]?.version ?? 1)) throw notABackup()
    if (db.pragma('quick_check', { simple: true }) !== 'ok') {
      throw new AppError('invalid_input', 'This backup file is damaged and cannot be restored.', {
        field: 'data'
      })
    }
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
    throw notABackup(e)
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
