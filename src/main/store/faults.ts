import { AppError } from '../../shared/errors'

/**
 * Storage failures as the user should hear of them. A full disk is its own error (SQLite's
 * SQLITE_FULL, the file system's ENOSPC): retryable, since nothing was lost and the same write
 * works once there is room. A damaged file (SQLITE_CORRUPT, SQLITE_NOTADB) is another: start-up
 * checks the file and offers a recovery.
 */
const FULL = new Set(['SQLITE_FULL', 'ENOSPC'])
const DAMAGED = new Set(['SQLITE_CORRUPT', 'SQLITE_CORRUPT_INDEX', 'SQLITE_NOTADB'])
/** Another connection holds the file's write lock (store/hand-off.ts: a worker is writing). */
const BUSY = new Set([
  'SQLITE_BUSY',
  'SQLITE_BUSY_SNAPSHOT',
  'SQLITE_BUSY_TIMEOUT',
  'SQLITE_LOCKED'
])

/** The code an error carries (SQLite's, the file system's), if it has one. */
export function codeOf(e: unknown): string | null {
  if (typeof e !== 'object' || e === null || !('code' in e)) return null
  return typeof e.code === 'string' ? e.code : null
}

export function isDiskFull(e: unknown): boolean {
  if (e instanceof AppError) return e.code === 'disk_full'
  const code = codeOf(e)
  return code !== null && FULL.has(code)
}

/** The AppError for a storage failure, or null when `e` is something else. */
export function storageFault(e: unknown): AppError | null {
  if (e instanceof AppError) return null
  const code = codeOf(e)
  if (code === null) return null
  if (FULL.has(code)) {
    return new AppError(
      'disk_full',
      'The disk that holds Studbook’s data is full: this was not saved. Free some space and try ' +
        'again; edits already saved are kept and sent once there is room.',
      undefined,
      { cause: e }
    )
  }
  if (BUSY.has(code)) {
    return new AppError(
      'db_busy',
      'Studbook is writing a large change (a restore, import or bulk edit), so this was not saved. Try again in a moment.',
      undefined,
      { cause: e }
    )
  }
  if (DAMAGED.has(code) || code.startsWith('SQLITE_CORRUPT')) {
    return new AppError(
      'db_damaged',
      'Part of Studbook’s data file is damaged. Start Studbook again to restore a backup or ' +
        'start fresh.',
      undefined,
      { cause: e }
    )
  }
  return null
}
