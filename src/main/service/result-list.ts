import { AppError } from '../../shared/errors'

/** A list result as records: the client decodes them by the record tables; anything else is a bug. */
export function asList<T>(value: unknown, operation: string): T[] {
  if (value === null || value === undefined) return []
  if (!Array.isArray(value)) {
    throw new AppError('internal', `Unexpected result shape from ${operation}.`, { operation })
  }
  return value as T[]
}
