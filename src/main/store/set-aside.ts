import { existsSync, renameSync } from 'node:fs'

/**
 * Moves a damaged database out of the way, never deleting it: the file and its -wal and -shm
 * together (a log left beside a new file would be replayed into it), renamed
 * `<name>.damaged-<time>`. Returns the new name of the main file.
 */
export function setAside(path: string, now: Date): string {
  const kept = `${path}.damaged-${now.toISOString().slice(0, 19).replace(/:/g, '-')}`
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(path + suffix)) renameSync(path + suffix, kept + suffix)
  }
  return kept
}
