import {
  closeSync,
  copyFileSync,
  existsSync,
  openSync,
  readSync,
  statSync,
  writeSync
} from 'node:fs'
import { join } from 'node:path'

/**
 * Damage a test does to a database file, as a crash or a bad disk would: the files a kill -9
 * leaves at a given turn of a write, and a page overwritten in the middle of the file.
 */

/**
 * Runs `work` and, at each turn of the event loop that `at` picks (counted from 0), copies the
 * database at `path` into `dir` as a kill -9 at that turn would leave it (WAL included).
 * Returns the copies' paths.
 */
export async function crashCopiesDuring(
  path: string,
  dir: string,
  at: (turn: number) => boolean,
  work: () => Promise<unknown>
): Promise<string[]> {
  const copies: string[] = []
  let turn = 0
  let done = false
  const tick = () => {
    if (done) return
    if (at(turn++)) {
      const copy = join(dir, `crash-${String(turn)}.db`)
      for (const ext of ['', '-wal']) {
        if (existsSync(path + ext)) copyFileSync(path + ext, copy + ext)
      }
      copies.push(copy)
    }
    setImmediate(tick)
  }
  setImmediate(tick)
  try {
    await work()
  } finally {
    done = true
  }
  return copies
}

/**
 * Overwrites one page in the middle of the database file at `path`, as a bad sector or a torn
 * copy would. Returns how many pages the file has, so a caller can check the middle was not
 * its first pages.
 */
export function damageMiddlePage(path: string): number {
  const fd = openSync(path, 'r+')
  try {
    const header = Buffer.alloc(100)
    readSync(fd, header, 0, 100, 0)
    const raw = header.readUInt16BE(16)
    const pageSize = raw === 1 ? 65536 : raw
    const pages = Math.floor(statSync(path).size / pageSize)
    writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, Math.floor(pages / 2) * pageSize)
    return pages
  } finally {
    closeSync(fd)
  }
}
