import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import { listen } from '../../src/emulator/listen'
import { createProfiles, defaultClientFactory, signInDemo } from '../../src/main/account/profiles'
import { createSyncRunner } from '../../src/main/sync/runner'
import { createMemoryStore } from '../../src/main/credentials/index'
import { createEventBus } from '../../src/main/ipc/event-bus'
import { openStore } from '../../src/main/store/connection'

/**
 * A sync whose page store fails (a full disk, a page the database refuses) while other requests
 * are still in flight over real fetch: the sync ends with its reason and the host process lives on.
 */
const unhandled: unknown[] = []
const record = (reason: unknown): void => {
  unhandled.push(reason)
}
let dir = ''
beforeEach(() => {
  unhandled.length = 0
  process.on('unhandledRejection', record)
  dir = mkdtempSync(join(tmpdir(), 'studbook-store-fault-'))
})
afterEach(() => {
  process.off('unhandledRejection', record)
  rmSync(dir, { recursive: true, force: true })
})

async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r))
}

describe('a page store that throws during a sync', () => {
  it('ends the sync with a reason, leaves no rejection unowned, and the next sync completes', async () => {
    const svc = createReferenceService({ sets: 1500, seed: 7 })
    const http = await listen(svc)
    const store = await openStore(join(dir, 'studbook.db'))
    try {
      // The demo profile's requests go over loopback HTTP through the real fetch, as a real
      // profile's do: fetch rejects with AbortError once a request's signal has fired.
      const overHttp = async (req: Request): Promise<Response> => {
        const u = new URL(req.url)
        const body = req.method === 'GET' ? null : await req.arrayBuffer()
        return fetch(`${http.url}${u.pathname}${u.search}`, {
          method: req.method,
          headers: req.headers,
          body,
          signal: req.signal,
          redirect: 'manual'
        })
      }
      const profiles = await createProfiles({
        store,
        credentials: createMemoryStore(),
        createClient: defaultClientFactory,
        demo: () => Promise.resolve({ fetch: overHttp, ...svc.demo })
      })
      await signInDemo(profiles, { warn: () => undefined })
      const sync = createSyncRunner({ store, profiles, events: createEventBus() })

      // Every stored set fails, as on a full disk; theme, subtheme and year calls are in flight.
      store.write.exec(`CREATE TRIGGER full_disk BEFORE INSERT ON sets
        BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`)
      for (let run = 0; run < 5; run++) {
        const failed = await sync.run()
        expect(failed.error).not.toBeNull()
        expect(failed.catalogueSets).toBe(0)
        await settle()
      }
      expect(unhandled).toEqual([])

      store.write.exec('DROP TRIGGER full_disk')
      const ok = await sync.run()
      expect(ok.error).toBeNull()
      expect(ok.catalogueSets).toBe(1500)
      await settle()
      expect(unhandled).toEqual([])
    } finally {
      store.close()
      await http.close()
      svc.close()
    }
  })
})
