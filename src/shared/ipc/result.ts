import type { AppErrorData } from '../errors'

/** The envelope every IPC call returns: Electron's invoke keeps only `message` of a thrown error. */
export type Result<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: AppErrorData }

export function ok<T>(value: T): Result<T> {
  return { ok: true, value }
}

export function fail<T = never>(error: AppErrorData): Result<T> {
  return { ok: false, error }
}
