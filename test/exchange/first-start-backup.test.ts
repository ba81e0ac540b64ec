import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { appRunsEachTest, syncIdle, value } from '../store/app-runs'

/**
 * The daily automatic backup (exchange/auto-backup.ts) is a copy to come back to. A data file the
 * start has just made holds nothing of the user's, so its copy is not taken: it cost a thread
 * and a write while the first sync began. The next start, on a file the user has used, takes
 * the first.
 */
const { folder, start, stop } = appRunsEachTest(50)

const autos = (dir: string): string[] => {
  const backups = join(dir, 'backups')
  return existsSync(backups)
    ? readdirSync(backups).filter((n) => n.startsWith('studbook-auto-'))
    : []
}

describe('the first automatic backup', () => {
  it('is not taken of the file a first start made, and is taken at the next start', async () => {
    const dir = folder('studbook-first-backup-')
    const first = await start(dir)
    await value(first, 'sync:start', { full: true })
    await syncIdle(first)
    await stop(first)
    expect(autos(dir)).toEqual([])

    await stop(await start(dir))
    expect(autos(dir)).toHaveLength(1)
  })
})
