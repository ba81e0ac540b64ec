import Database from 'better-sqlite3'
import { closeSync, openSync, rmSync, statSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { takeDailyBackup } from '../../src/main/exchange/auto-backup'
import { openStore } from '../../src/main/store/connection'
import { addPadding } from '../store/padding'
import { mountSmallDisk } from '../store/small-disk'

/**
 * Issue #25: a backup holds the user's data, a few hundred kB, yet it was written as a copy of the
 * whole database (VACUUM INTO) and then emptied of the catalogue: 454 MB written and 17.9 s of a
 * worker at 200,000 sets, every day, and no backup at all on a disk with less room left than the
 * catalogue. The catalogue's rows are never written to a backup now.
 */
const disk = mountSmallDisk(40)

afterAll(() => {
  disk?.free()
  disk?.unmount()
})

describe.skipIf(disk === null)('the daily backup on a nearly full disk', () => {
  it('is taken with less room left than the caches it leaves out', async () => {
    if (disk === null) return
    const path = join(disk.dir, 'studbook.db')
    const store = await openStore(path)
    try {
      store.write
        .prepare(`INSERT INTO settings (key, value) VALUES ('report.ownerName', 'A. Collector')`)
        .run()
      // 12 MB of a table of no feature's, as a catalogue's caches: a backup leaves them out.
      addPadding(store.write)
      store.write.pragma('wal_checkpoint(TRUNCATE)')
      expect(statSync(path).size).toBeGreaterThan(12_000_000)
      // Every byte taken but 3 MB: room for a backup of the user's data, not for the caches.
      const kept = join(disk.dir, 'room')
      const fd = openSync(kept, 'w')
      writeSync(fd, Buffer.alloc(3 << 20, 1))
      closeSync(fd)
      disk.fill()
      rmSync(kept)

      const name = await takeDailyBackup(store, new Date())
      expect(name).toMatch(/^studbook-auto-/)
      const backup = new Database(join(disk.dir, 'backups', name ?? ''), { readonly: true })
      try {
        expect(backup.prepare(`SELECT count(*) AS n FROM padding`).get()).toEqual({ n: 0 })
        expect(
          backup.prepare(`SELECT value FROM settings WHERE key = 'report.ownerName'`).get()
        ).toEqual({ value: 'A. Collector' })
      } finally {
        backup.close()
      }
    } finally {
      store.close()
    }
  })
})
