import Database from 'better-sqlite3'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { AppError } from '../../shared/errors'
import { storageFault } from './faults'
import { repairFts } from './fts'
import { isIntact } from './intact'
import { trackCatalogue } from './match-sets'
import { correctSampledStatistics } from './set-statistics'
import type { ReadDb, WriteDb } from './handles'
import { assertNotFromFuture, headVersion, migrate, userVersion } from './migrate'
import { MIGRATIONS } from './migrations/index'
import { intactProblems } from './start-check'
import type { Migration } from './migrations/index'

export interface Store {
  readonly path: string
  readonly read: ReadDb
  readonly write: WriteDb
  /** The file of the backup taken before the last migration, if one was needed. */
  readonly backup: string | null
  /** This open made the schema (a new or empty file): nothing in it was ever the user's. */
  readonly created: boolean
  close(): void
}

interface OpenOptions {
  readonly migrations?: readonly Migration[]
  /** Run `PRAGMA quick_check` before anything else reads the file (default true). */
  readonly check?: boolean
}

/** How long a write waits for another connection's lock (store/hand-off.ts sets it to 0 meanwhile). */
export const BUSY_TIMEOUT_MS = 5000

/** Set on every open and read back, so a silently ignored pragma cannot go unnoticed. */
function applyPragmas(db: Database.Database): void {
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = FULL')
  db.pragma('foreign_keys = ON')
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
  const mode = db.pragma('journal_mode', { simple: true })
  const sync = db.pragma('synchronous', { simple: true })
  const fk = db.pragma('foreign_keys', { simple: true })
  const busy = db.pragma('busy_timeout', { simple: true })
  if (mode !== 'wal' || sync !== 2 || fk !== 1 || busy !== BUSY_TIMEOUT_MS) {
    throw new AppError('db_error', 'The database could not be opened with safe settings.')
  }
}

/**
 * A damaged page is found here, at start, instead of by the reads that land on it later. Most
 * of the file is read once (0.1–0.2 s on the 20,000-set demo catalogue, 35 MB; see
 * docs/architecture.md), which the OS cache then serves to the first searches anyway. A large
 * file is read on a thread of its own (start-check.ts).
 */
async function assertIntact(path: string, db: ReadDb): Promise<void> {
  const rows = await intactProblems(path, db, 5)
  if (isIntact(rows)) return
  throw new AppError('db_damaged', 'Part of Studbook’s data file is damaged.', {
    reason: rows.join('; ').slice(0, 300)
  })
}

/**
 * Opens (creating if needed) the database, checks it is intact, refuses one from a newer version,
 * takes a backup with the backup API before migrating an existing file, and migrates to head.
 */
export async function openStore(path: string, options: OpenOptions = {}): Promise<Store> {
  const migrations = options.migrations ?? MIGRATIONS
  mkdirSync(dirname(path), { recursive: true })
  let db: Database.Database
  try {
    db = new Database(path)
  } catch (e) {
    throw new AppError('db_error', 'The database file could not be opened.', undefined, {
      cause: e
    })
  }
  try {
    applyPragmas(db)
    const write = db as WriteDb
    if (options.check ?? true) await assertIntact(path, write)
    assertNotFromFuture(write, migrations)
    const from = userVersion(write)
    let backup: string | null = null
    if (from > 0 && from < headVersion(migrations)) {
      backup = `${path}.v${from}-${Date.now()}.bak`
      await db.backup(backup)
    }
    migrate(write, migrations)
    repairFts(write)
    correctSampledStatistics(write)
    trackCatalogue(write)
    return {
      path,
      read: write,
      write,
      backup,
      created: from === 0,
      close: () => {
        if (db.open) db.close()
      }
    }
  } catch (e) {
    db.close()
    if (e instanceof AppError) throw e
    // A file that is not a database at all, or a damaged page hit before the check, is damage too.
    throw (
      storageFault(e) ??
      new AppError('db_error', 'The database could not be prepared.', undefined, { cause: e })
    )
  }
}
