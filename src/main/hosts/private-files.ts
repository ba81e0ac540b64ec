import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Makes the data folder private to its user on POSIX systems: the folder 0700 and what is in it
 * 0600. It holds the collection, the logs, backups and the token page; under the usual umask (022)
 * every user of the machine could read them.
 *
 * The umask is set for the whole process, so every file it creates from here on is private: the
 * database (SQLite gives its WAL and SHM files the database's mode), logs, backups, the picture
 * cache, and files added later that no one thinks to chmod. Exports the user saves elsewhere are
 * then 0600 too. A folder an older Studbook left readable is tightened once, all of it.
 *
 * Windows: modes mean little there; the data folder sits in the user's profile, which its ACLs
 * already keep from other users.
 */
export function keepDataPrivate(
  dataDir: string,
  platform: NodeJS.Platform = process.platform
): void {
  if (platform === 'win32') return
  process.umask(0o077)
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  if ((statSync(dataDir).mode & 0o077) !== 0) tighten(dataDir)
}

/** Takes group and other permissions off a folder and everything in it; links are left alone. */
function tighten(path: string): void {
  const s = lstatSync(path)
  if (s.isSymbolicLink()) return
  if ((s.mode & 0o077) !== 0) chmodSync(path, s.mode & 0o700)
  if (s.isDirectory()) for (const name of readdirSync(path)) tighten(join(path, name))
}
