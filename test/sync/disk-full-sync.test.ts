import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import { listen } from '../../src/emulator/listen'
import type { AppContext } from '../../src/main/app/compose'
import type { SyncStatus } from '../../src/shared/model/sync'
import { call, startApp, syncStatusUntil, value } from '../store/app-runs'
import { mountSmallDisk } from '../store/small-disk'
import type { SmallDisk } from '../store/small-disk'

/**
 * Issue #13 item 6 through the whole app on a real small data folder (a 24 MB tmpfs): the disk
 * fills while edits wait and a sync runs; the sync and the edits say the disk is full; once space
 * returns the app syncs again by itself and every acknowledged edit reaches the service.
 */
const disk = mountSmallDisk(24)
const svc = createReferenceService({ sets: 300, seed: 31 })
let server: { url: string; close(): Promise<void> }
let app: AppContext

const until = (check: (s: SyncStatus) => boolean, what: string) => syncStatusUntil(app, check, what)

beforeAll(async () => {
  server = await listen(svc, { port: 0 })
  if (!disk) return
  const dir = join(disk.dir, 'data')
  mkdirSync(dir)
  app = await startApp(dir, { demoSets: 30, diskFullRetryMs: 50 })
  await value(app, 'account:saveProfile', { baseUrl: server.url, apiKey: svc.demo.apiKey })
  await value(app, 'account:signIn', { username: svc.demo.username, password: svc.demo.password })
  await value(app, 'sync:start', { full: true })
  await until((s) => !s.running && s.lastSyncAt !== null, 'the first sync')
})

afterAll(async () => {
  await server.close()
  svc.close()
  if (!disk) return
  disk.free()
  try {
    await app.close()
  } finally {
    disk.unmount()
  }
})

describe.skipIf(disk === null)('a full data folder during a sync and edits', () => {
  it('says so, loses nothing, and sends every acknowledged edit once space returns', async () => {
    const d = disk as SmallDisk
    const { rows } = await value<{ rows: { setID: number }[] }>(app, 'catalog:search', {
      text: '',
      limit: 40
    })
    const fresh = rows
      .map((r) => r.setID)
      .filter((id) => svc.admin.getCollectionValue('demo', id).notes === '')
      .slice(0, 8)
    const acked = new Map<number, string>()
    // The service is unreachable while these are made: they wait in the outbox.
    const offline = svc.admin.addFault({ kind: { type: 'drop' } })
    for (const id of fresh.slice(0, 4)) {
      await value(app, 'collection:updateSet', { setID: id, patch: { notes: `waiting ${id}` } })
      acked.set(id, `waiting ${id}`)
    }
    d.fill()
    offline()

    // A sync on the full disk: it ends saying why, and the app keeps running.
    await value(app, 'sync:start', { full: true })
    const failed = await until((s) => !s.running && s.error !== null, 'the sync to fail')
    expect(failed.error).toMatch(/disk.*full/i)
    let refused = 0
    for (const id of fresh.slice(4)) {
      const r = await call(app, 'collection:updateSet', {
        setID: id,
        patch: { notes: `full ${id}` }
      })
      if (r.ok) acked.set(id, `full ${id}`)
      else {
        refused++
        expect(r.error).toMatchObject({ code: 'disk_full', retryable: true })
        expect(r.error.message).toMatch(/disk.*full/i)
      }
    }
    expect(refused).toBeGreaterThan(0)
    expect((await value<SyncStatus>(app, 'sync:getStatus', {})).needsAttention).toBe(0)

    // Space returns; nobody presses Sync.
    d.free()
    const done = await until(
      (s) => !s.running && s.error === null && s.pending === 0,
      'a sync by itself that sends everything'
    )
    expect(done).toMatchObject({ needsAttention: 0, conflicts: 0 })
    for (const [setID, notes] of acked) {
      expect(svc.admin.getCollectionValue('demo', setID).notes).toBe(notes)
    }
  })
})
