import type { ReadDb, WriteDb } from '../store/handles'
import { getSetting, setSetting } from '../store/settings-repo'

/**
 * Whether the packaged app checks for updates by itself, in the database's settings table with the
 * other settings (and so in backups). Absent means on: a new install looks for updates.
 */
const UPDATE_CHECKS = 'updates.check'

export function readUpdateChecks(db: ReadDb): boolean {
  return getSetting(db, UPDATE_CHECKS) !== 'off'
}

export function writeUpdateChecks(db: WriteDb, enabled: boolean): void {
  setSetting(db, UPDATE_CHECKS, enabled ? 'on' : 'off')
}
