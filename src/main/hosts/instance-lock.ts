import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs'
import { join } from 'node:path'

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * One process owns a data folder: the browser host's equivalent of Electron's
 * single-instance lock. A lock left by a dead process is taken over.
 */
export function acquireInstanceLock(dataDir: string): { release(): void } | { heldBy: number } {
  mkdirSync(dataDir, { recursive: true })
  const file = join(dataDir, 'studbook.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return {
        release: () => {
          rmSync(file, { force: true })
        }
      }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
      const pid = Number(readFileSync(file, 'utf8').trim())
      if (Number.isInteger(pid) && pid > 0 && alive(pid)) return { heldBy: pid }
      rmSync(file, { force: true })
    }
  }
  throw new Error(`Could not take the lock ${file}`)
}
