import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createApp } from '../../src/main/app/compose'
import { dispatch } from '../../src/main/ipc/dispatch'
import type { Result } from '../../src/shared/ipc/result'
import type { AccountStatus } from '../../src/shared/model/account'
import type { SyncStatus } from '../../src/shared/model/sync'

// The demo profile's service as the app composes it: its thread keeps the service's file in the
// data folder open while the app runs, and the app's close closes it (SQLite folds the write-ahead
// log back into the file when the last connection closes, so the -wal file goes away).

const dir = mkdtempSync(join(tmpdir(), 'studbook-demo-in-app-'))
afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

describe('the demo service inside the app', () => {
  it('answers the demo from its file in the data folder, and is closed with the app', async () => {
    const db = join(dir, 'demo-service.db')
    const app = await createApp({
      dataDir: dir,
      host: 'browser',
      demoSets: 200,
      autoSync: false,
      credentials: 'memory'
    })
    try {
      // The demo is signed in at start; its thread starts (and opens its file) with the demo's
      // first call, here its sync (demo-thread-start.test.ts).
      const r = (await dispatch(app.handlers, 'account:getStatus', {})) as Result<AccountStatus>
      expect(r.ok && r.value.signedIn && r.value.username).toBe('demo')
      await dispatch(app.handlers, 'sync:start', { full: true })
      for (;;) {
        const s = (await dispatch(app.handlers, 'sync:getStatus', {})) as Result<SyncStatus>
        if (s.ok && !s.value.running) break
        await new Promise((done) => setTimeout(done, 50))
      }
      expect(existsSync(db)).toBe(true)
      expect(existsSync(`${db}-wal`)).toBe(true)
    } finally {
      await app.close()
    }
    expect(existsSync(db)).toBe(true)
    expect(existsSync(`${db}-wal`)).toBe(false)
  })
})
