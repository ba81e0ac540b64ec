import { AppError } from '../../shared/errors'

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
