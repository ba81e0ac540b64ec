import type { WriteDb } from '../handles'

/**
 * `sent`: the value a row last sent to the service, recorded before the write goes out (issue
 * #13). After a crash between the service's answer and the local commit, the service holding this
 * value is our own write, not a change behind our back. NULL until a write was attempted.
 */
export function up(db: WriteDb): void {
  db.exec(`ALTER TABLE outbox ADD COLUMN sent TEXT;`)
}
