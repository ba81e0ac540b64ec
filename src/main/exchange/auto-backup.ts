import { readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { BackupFileDto } from '../../shared/model/app'
import type { Store } from '../store/connection'
import { backupName, backupsDir, writeBackup } from './backup-file-repo'
import type { BackupKind } from './backup-file-repo'
import { stampInstant } from './dates'

/**
 * Automatic backups: one a day, taken at start-up once the file passed its check, so a damaged
 * database always has a recent copy to come back from. The newest `AUTO_KEEP` are kept; backups
 * the user made are never removed here.
 */
const AUTO_KEEP = 7
const DAY_MS = 24 * 60 * 60 * 1000
/** The stamp is local time with its offset; names written before issue #29 had UTC and none. */
const NAME =
  /^studbook-(backup|before-restore|auto)-(\d{4}-\d{2}-\d{2}T[\d-]{8}(?:[+-]\d{4})?)\.studbook$/

/** The backups in a data folder's `backups/`, newest first. */
export function listBackups(dbPath: string): BackupFileDto[] {
  const dir = backupsDir({ path: dbPath })
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return []
  }
  const found: BackupFileDto[] = []
  for (const name of names) {
    const m = NAME.exec(name)
    const takenAt = m ? stampInstant(m[2] ?? '') : null
    if (!m || takenAt === null) continue
    try {
      const st = statSync(join(dir, name))
      if (!st.isFile()) continue
      found.push({
        name,
        kind: m[1] as BackupKind,
        takenAt,
        bytes: st.size
      })
    } catch {
      // Gone between the listing and the look: not offered.
    }
  }
  return found.sort((a, b) => b.takenAt.localeCompare(a.takenAt) || b.name.localeCompare(a.name))
}

/** The path of a listed backup, only by a name this folder lists (never a path from outside). */
export function backupPath(dbPath: string, name: string): string | null {
  return listBackups(dbPath).some((b) => b.name === name)
    ? join(backupsDir({ path: dbPath }), name)
    : null
}

/**
 * Takes today's automatic backup unless one was taken in the last 24 hours, then drops automatic
 * backups beyond the newest `AUTO_KEEP`. Returns the new backup's name, or null.
 */
export async function takeDailyBackup(store: Store, now: Date): Promise<string | null> {
  const autos = listBackups(store.path).filter((b) => b.kind === 'auto')
  const newest = autos[0]
  if (newest && now.getTime() - Date.parse(newest.takenAt) < DAY_MS) return null
  const name = backupName('auto', now)
  await writeBackup(store, join(backupsDir(store), name), now, { keepJournal: true })
  for (const old of listBackups(store.path)
    .filter((b) => b.kind === 'auto')
    .slice(AUTO_KEEP)) {
    rmSync(join(backupsDir(store), old.name), { force: true })
  }
  return name
}
