import { AppError } from '../../shared/errors'
import type { WriteDb } from './handles'
import type { Migration } from './migrations/index'

export function headVersion(migrations: readonly Migration[]): number {
  return migrations.reduce((v, m) => Math.max(v, m.version), 0)
}

export function userVersion(db: WriteDb): number {
  return db.pragma('user_version', { simple: true }) as number
}

/**
 * Why a file of schema `version` is not for this Studbook, which knows up to `head`, or null when
 * it is not newer: `made` says what the file is, `use` what this version will not do with it.
 */
export function newerSchema(
  made: string,
  version: number,
  head: number,
  use: string
): string | null {
  if (version <= head) return null
  return (
    `${made} by a newer Studbook (schema ${version}; this version knows ${head}). ` +
    `Update Studbook to ${use} it.`
  )
}

/** Refuses a file written by a newer Studbook: changing it could destroy data we do not understand. */
export function assertNotFromFuture(db: WriteDb, migrations: readonly Migration[]): void {
  const why = newerSchema(
    'This database was written',
    userVersion(db),
    headVersion(migrations),
    'open'
  )
  if (why !== null) throw new AppError('db_from_future', why)
}

/**
 * Applies every pending step in one transaction and bumps user_version in it, so a crash leaves the
 * database at its old version with its data intact.
 */
export function migrate(db: WriteDb, migrations: readonly Migration[]): number[] {
  assertNotFromFuture(db, migrations)
  const from = userVersion(db)
  let last = 0
  for (const m of migrations) {
    if (m.version <= last) throw new Error(`Migrations out of order at ${m.version}`)
    last = m.version
  }
  const pending = migrations.filter((m) => m.version > from)
  if (pending.length === 0) return []
  db.transaction(() => {
    for (const m of pending) {
      m.up(db)
      db.pragma(`user_version = ${m.version}`)
    }
  }).immediate()
  return pending.map((m) => m.version)
}
