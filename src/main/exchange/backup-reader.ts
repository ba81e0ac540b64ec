import Database from 'better-sqlite3'
import { closeSync, copyFileSync, openSync, readSync, statSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { AppError } from '../../shared/errors'
import type { ReadDb } from '../store/handles'
import { isIntact, quickCheckRows } from '../store/intact'
import {
  backupProfiles,
  backupTakenAt,
  countRows,
  rawCopyRows,
  rawLabelRows,
  rawMinifigRows,
  rawOutboxRows,
  rawSetNames,
  rawSetRows,
  rawViewRows,
  tableColumns
} from './backup-repo'
import type { Raw, RowTable } from './backup-repo'
import { COPY_MODIFIED_SINCE, checkBackupSchema, damaged, notABackup } from './backup-schema'
import { checkCopy, checkLabel, checkMinifig, checkSet, checkView } from './backup-values'
import type { Refusal } from './backup-values'
import { readLocalTables } from './local-rows'
import type { LocalRows } from './local-rows'
import { MAX_NAMES_BYTES, checkSetNames } from './backup-set-names'
import type { SetName } from './backup-set-names'
import type { Snapshot } from './snapshot-repo'
import type { CopyValue, MinifigValue, SetFieldValues } from '../collection/index'
import type { PortableView } from '../views/index'

/**
 * Reading a backup as untrusted data, in the backup worker (never on the main thread): a private
 * copy in a temporary folder the main thread owns and removes, opened read-only, in SQLite's
 * defensive mode, with `query_only` and `trusted_schema = OFF`; its shape checked before any row
 * is read (backup-schema.ts); every table's rows counted against a budget before they are read;
 * every value checked with the edit path's schemas (backup-values.ts).
 */

/** A backup bigger than this is surely not one of ours (they hold no catalogue). */
const MAX_BACKUP_BYTES = 512 * 1024 * 1024
/** Rows of one table of one profile: far above any collection, far below a hang. */
const MAX_ROWS = 250_000
/** Schema entries: ours has about 60. */
const MAX_SCHEMA_ROWS = 2_000

const SQLITE_MAGIC = 'SQLite format 3\0'

/**
 * Copies the file at `source` into `dir` and checks its header: SQLite's magic, and a length that
 * holds the pages the header counts (a truncated file is damaged, whatever SQLite would make of
 * it). The copy is set to the rollback journal, so opening it never looks for a WAL beside it.
 */
export function stageBackup(source: string, dir: string): string {
  const copy = join(dir, 'backup.studbook')
  if (statSync(source).size > MAX_BACKUP_BYTES) {
    throw new AppError('invalid_input', 'This file is too large to be a Studbook backup.', {
      field: 'data'
    })
  }
  copyFileSync(source, copy)
  const size = statSync(copy).size
  const fd = openSync(copy, 'r+')
  try {
    const header = Buffer.alloc(100)
    if (readSync(fd, header, 0, 100, 0) < 100) throw notABackup('too short')
    if (header.toString('latin1', 0, 16) !== SQLITE_MAGIC) throw notABackup('not SQLite')
    const raw = header.readUInt16BE(16)
    const pageSize = raw === 1 ? 65536 : raw
    const pages = header.readUInt32BE(28)
    // The page count is valid only when the change counter matches "version-valid-for".
    const counted = header.readUInt32BE(24) === header.readUInt32BE(92)
    if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0) throw damaged()
    if (counted && pages * pageSize > size) throw damaged()
    writeSync(fd, Buffer.from([1, 1]), 0, 2, 18)
  } finally {
    closeSync(fd)
  }
  return copy
}

export function openUntrusted(path: string): ReadDb {
  const db = new Database(path, { readonly: true, fileMustExist: true })
  try {
    db.unsafeMode(false)
    db.pragma('trusted_schema = OFF')
    db.pragma('query_only = ON')
    db.pragma('cell_size_check = ON')
    db.pragma('mmap_size = 0')
  } catch (e) {
    db.close()
    throw e
  }
  return db as ReadDb
}

/** SQLite's own words for a damaged or foreign file become our typed errors. */
export function asBackupError(e: unknown): AppError {
  if (e instanceof AppError) return e
  const code = (e as { code?: unknown } | null)?.code
  if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_IOERR_SHORT_READ') return damaged(e)
  return notABackup(undefined, e)
}

interface BackupRead {
  /** Only the rows that passed. */
  readonly backup: Snapshot
  readonly refused: readonly Refusal[]
  /** Sets and copies whose rows failed: the restore leaves them as they are. */
  readonly refusedSets: ReadonlySet<number>
  readonly refusedCopies: ReadonlySet<string>
  readonly takenAt: string | null
  /** Who the backup's sets are, by number and name (none in backups older than issue #29). */
  readonly names: ReadonlyMap<number, SetName>
  /** `target field` → the service's value when the unsent edit was made. */
  readonly unsentBases: ReadonlyMap<string, string>
  /** The service's record of each copy that has one (its collection id). */
  readonly copyRecords: ReadonlyMap<string, number>
  /** The local tables' rows (store/local-tables), each checked; none of a table it lacks. */
  readonly local: LocalRows
}

/** The service's values: a set's field, a copy, a figure, a flag's name (JSON, bounded). */
const BASE_TARGET =
  /^(set:[1-9]\d{0,9}|minifig:[A-Za-z0-9._-]{1,50}|label:[1-8]|copy:[A-Za-z0-9-]{1,64})$/

function unsentBases(rows: readonly Raw[]): Map<string, string> {
  const out = new Map<string, string>()
  for (const r of rows) {
    const { target, field, base } = r
    if (typeof target !== 'string' || !BASE_TARGET.test(target)) continue
    if (typeof field !== 'string' || !/^[a-zA-Z0-9]{1,40}$/.test(field)) continue
    if (typeof base !== 'string' || base.length > 4000) continue
    try {
      JSON.parse(base)
    } catch {
      continue
    }
    // The oldest row of a field holds what the service had before any of them.
    const key = `${target} ${field}`
    if (!out.has(key)) out.set(key, base)
  }
  return out
}

export interface ProfileMatch {
  readonly kind: string
  readonly baseUrl: string
}

function budgeted(db: ReadDb, table: RowTable, profileId: number, read: () => Raw[]): Raw[] {
  const n = countRows(db, table, profileId)
  if (n > MAX_ROWS) {
    throw new AppError(
      'invalid_input',
      `This backup holds ${n} rows of ${table}, more than a restore reads (${MAX_ROWS}).`,
      { field: 'data' }
    )
  }
  return read()
}

export function readBackup(
  db: ReadDb,
  match: ProfileMatch,
  versions: { first: number; head: number }
): BackupRead {
  const schemaRows = db.prepare('SELECT count(*) AS n FROM sqlite_schema').get() as { n: number }
  if (schemaRows.n > MAX_SCHEMA_ROWS) throw notABackup('too many schema entries')
  if (!isIntact(quickCheckRows(db, 1))) throw damaged()
  const { version, has } = checkBackupSchema(db, versions.first, versions.head)
  const profiles = backupProfiles(db)
  const found = profiles.find((p) => p.kind === match.kind && p.base_url === match.baseUrl)
  if (!found) {
    const held = profiles.map((p) => `"${p.label.slice(0, 60)}"`).join(', ') || 'none'
    throw new AppError(
      'invalid_input',
      `This backup holds the collection of another service (${held}), not of the one in use. ` +
        'Switch to that service in Settings to restore it.',
      { field: 'data' }
    )
  }
  const p = found.id
  const refused: Refusal[] = []
  const refusedSets = new Set<number>()
  const refusedCopies = new Set<string>()

  const sets = new Map<number, SetFieldValues>()
  for (const r of budgeted(db, 'set_state', p, () => rawSetRows(db, p))) {
    const c = checkSet(r)
    if ('value' in c) sets.set(c.setID, c.value)
    else {
      refused.push(c.refusal)
      if (typeof c.setID === 'number') refusedSets.add(c.setID)
    }
  }
  const hasModified =
    version >= COPY_MODIFIED_SINCE && tableColumns(db, 'copies').some((c) => c.name === 'modified')
  const copies = new Map<string, { setID: number; value: CopyValue }>()
  const tombstones = new Set<string>()
  const copyRecords = new Map<string, number>()
  for (const r of budgeted(db, 'copies', p, () => rawCopyRows(db, p, hasModified))) {
    const c = checkCopy(r)
    if ('refusal' in c) {
      refused.push(c.refusal)
      if (typeof c.localId === 'string') refusedCopies.add(c.localId)
    } else if (c.deleted) tombstones.add(c.localId)
    else {
      copies.set(c.localId, { setID: c.setID, value: c.value })
      const id = r.collection_id
      if (typeof id === 'number' && Number.isInteger(id) && id > 0) copyRecords.set(c.localId, id)
    }
  }
  const minifigs = new Map<string, MinifigValue>()
  for (const r of budgeted(db, 'minifig_state', p, () => rawMinifigRows(db, p))) {
    const c = checkMinifig(r)
    if ('refusal' in c) refused.push(c.refusal)
    else minifigs.set(c.number, c.value)
  }
  const labels = ['', '', '', '', '', '', '', '']
  for (const r of budgeted(db, 'flag_labels', p, () => rawLabelRows(db, p))) {
    const c = checkLabel(r)
    if ('refusal' in c) refused.push(c.refusal)
    else labels[c.flagNo - 1] = c.label
  }
  let views: PortableView[] | null = null
  if (has.has('saved_views')) {
    views = []
    for (const r of budgeted(db, 'saved_views', p, () => rawViewRows(db, p))) {
      const c = checkView(r)
      if ('refusal' in c) refused.push(c.refusal)
      else views.push(c)
    }
  }
  const local = readLocalTables(db, p, has)
  const taken = backupTakenAt(db)
  return {
    backup: { sets, copies, tombstones, minifigs, labels, views },
    refused,
    refusedSets,
    refusedCopies,
    takenAt: typeof taken === 'string' && taken.length <= 40 ? taken : null,
    names: checkSetNames(rawSetNames(db, MAX_NAMES_BYTES), p),
    unsentBases: unsentBases(budgeted(db, 'outbox', p, () => rawOutboxRows(db, p))),
    copyRecords,
    local
  }
}
