import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import type { ReferenceService } from '../../src/emulator/index'
import { createProfiles, defaultClientFactory } from '../../src/main/account/profiles'
import type { Profiles } from '../../src/main/account/profiles'
import { createSyncRunner } from '../../src/main/sync/runner'
import { createMemoryStore } from '../../src/main/credentials/index'
import { createEventBus } from '../../src/main/ipc/event-bus'
import { openStore } from '../../src/main/store/connection'
import type { Store } from '../../src/main/store/connection'
import { testEditSide } from '../collection/harness'

/**
 * Connecting a real service: the profile switch starts a sync at once (the app listens for it), so
 * the key must be stored before the switch is announced. A sync that left a catalogue table empty
 * is repaired by the next ordinary sync, without "Full refresh".
 */
const SERVICE_URL = 'http://127.0.0.1:9'

let svc: ReferenceService | null = null
let store: Store | null = null
let dir = ''
afterEach(() => {
  store?.close()
  svc?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
  store = null
  svc = null
})

async function setup(): Promise<{ profiles: Profiles; store: Store; svc: ReferenceService }> {
  dir = mkdtempSync(join(tmpdir(), 'studbook-connect-'))
  const service = createReferenceService({ sets: 300, seed: 4 })
  svc = service
  const db = await openStore(join(dir, 'studbook.db'))
  store = db
  const profiles = await createProfiles({
    store: db,
    credentials: createMemoryStore(),
    // The "remote" service is reached in-process; the profile still names a loopback address.
    createClient: (input) => defaultClientFactory({ ...input, fetch: (r) => service.handle(r) }),
    demo: () => Promise.resolve({ fetch: (r: Request) => service.handle(r), ...service.demo })
  })
  return { profiles, store: db, svc: service }
}

const count = (db: Store, table: string): number =>
  (db.read.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n

describe('connecting a service', () => {
  it('the key is stored before the profile switch is announced', async () => {
    const { profiles, svc: service } = await setup()
    const seen: string[] = []
    profiles.onChange(() => seen.push(profiles.secrets().apiKey ?? ''))
    const side = testEditSide(store as Store, profiles)
    await side.handlers['account:saveProfile']({
      baseUrl: SERVICE_URL,
      apiKey: service.demo.apiKey,
      binding: 'auto'
    })
    expect(seen).toEqual([service.demo.apiKey])
    await side.close()
  })

  it('a sync started by the switch itself fills themes, subthemes and years', async () => {
    const { profiles, store: db, svc: service } = await setup()
    const sync = createSyncRunner({ store: db, profiles, events: createEventBus() })
    // As the app does: a profile switch starts a sync at once.
    profiles.onChange(() => {
      sync.start()
    })
    const side = testEditSide(db, profiles)
    await side.handlers['account:saveProfile']({
      baseUrl: SERVICE_URL,
      apiKey: service.demo.apiKey,
      binding: 'auto'
    })
    await sync.idle()
    expect(sync.status().error).toBeNull()
    expect(count(db, 'themes')).toBeGreaterThan(0)
    expect(count(db, 'subthemes')).toBeGreaterThan(0)
    expect(count(db, 'years')).toBeGreaterThan(0)
    await side.close()
  })

  it('an ordinary sync refills subthemes and years an earlier sync left empty', async () => {
    const { profiles, store: db } = await setup()
    const sync = createSyncRunner({ store: db, profiles, events: createEventBus() })
    expect((await sync.run()).error).toBeNull()
    db.write.exec('DELETE FROM subthemes; DELETE FROM years')
    expect((await sync.run()).error).toBeNull()
    expect(count(db, 'subthemes')).toBeGreaterThan(0)
    expect(count(db, 'years')).toBeGreaterThan(0)
  })
})
