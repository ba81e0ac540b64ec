import { execFileSync } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * A real small filesystem (tmpfs) for disk-full tests: writes fail with ENOSPC and SQLite with
 * SQLITE_FULL exactly as on a full disk. Needs the right to mount (root here and in CI); where it
 * is missing, `mountSmallDisk` returns null and the tests that need it say they were skipped.
 */
export interface SmallDisk {
  readonly dir: string
  /** Fills every free byte with a filler file. */
  fill(): void
  /** Removes the filler: the space returns. */
  free(): void
  unmount(): void
}

export function mountSmallDisk(megabytes: number): SmallDisk | null {
  const dir = mkdtempSync(join(tmpdir(), 'studbook-small-disk-'))
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir], {
      stdio: 'ignore'
    })
  } catch {
    rmSync(dir, { recursive: true, force: true })
    return null
  }
  const filler = join(dir, 'filler')
  return {
    dir,
    fill() {
      const fd = openSync(filler, 'a')
      try {
        for (const size of [1 << 20, 1 << 16, 1 << 12, 512]) {
          const chunk = Buffer.alloc(size, 1)
          try {
            for (;;) writeSync(fd, chunk)
          } catch (e) {
            if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e
          }
        }
      } finally {
        closeSync(fd)
      }
    },
    free() {
      rmSync(filler, { force: true })
    },
    unmount() {
      execFileSync('umount', ['-l', dir], { stdio: 'ignore' })
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
