import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import type { ReferenceService } from '../../src/emulator/index'
import type { EditSide } from '../../src/main/app/compose-edits'
import { createSyncRunner } from '../../src/main/sync/runner'
import type { SyncRunner } from '../../src/main/sync/runner'
import { createEventBus } from '../../src/main/ipc/event-bus'
import { openStore } from '../../src/main/store/connection'
import type { Store } from '../../src/main/store/connection'
import type { AccountStatus } from '../../src/shared/model/account'
import { testEditSide } from '../collection/harness'
import { profilesServedBy } from './account-rig'

/**
 * Production answers reads with a revoked key or sign-in in-band: nil lists and zero totals
 * (recorded in test/fixtures/production/production-v2). Such an answer must never be taken as "the
 * user has nothing": the app confirms the credentials first, keeps everything, says sign-in is
 * needed, and keeps the outbox until the user signs in again.
 */
interface World {
  dir: string
  svc: ReferenceService
  store: Store
  side: EditSide
  sync: SyncRunner
  statuses: AccountStatus[]
}

let w: World | null = null
afterEach(async () => {
  if (!w) return
  await w.side.close()
  await w.sync.idle()
  w.store.close()
  w.svc.close()
  rmSync(w.dir, { recursive: true, force: true })
  w = null
})

async function world(): Promise<World> {
  const dir = mkdtempSync(join(tmpdir(), 'studbook-revoked-'))
  const svc = createReferenceService({ sets: 400, seed: 5 })
  const store = await openStore(join(dir, 'studbook.db'))
  const profiles = await profilesServedBy(store, svc)
  const bus = createEventBus()
  const statuses: AccountStatus[] = []
  bus.subscribe((name, payload) => {
    if (name === 'account:changed') statuses.push(payload as AccountStatus)
  })
  let sync: SyncRunner | null = null
  const side = testEditSide(store, profiles, {
    events: bus,
    publish: () => sync?.publish(),
    log: { warn: () => undefined }
  })
  sync = createSyncRunner({ store, profiles, events: bus, push: side.push })
  await side.handlers['account:signIn']({
    username: svc.demo.username,
    password: svc.demo.password
  })
  const first = await sync.run()
  expect(first.error).toBeNull()
  return { dir, svc, store, side, sync, statuses }
}

/** What a collector would count on screen: everything the collection holds. */
function counts(store: Store): Record<string, number> {
  const one = (q: string): number => (store.read.prepare(q).get() as { n: number }).n
  return {
    owned: one('SELECT count(*) AS n FROM set_state WHERE owned = 1'),
    wanted: one('SELECT count(*) AS n FROM set_state WHERE wanted = 1'),
    notes: one(`SELECT count(*) AS n FROM set_state WHERE notes <> ''`),
    flags: one('SELECT count(*) AS n FROM set_state WHERE flags <> 0'),
    copies: one('SELECT count(*) AS n FROM copies WHERE deleted = 0'),
    minifigs: one('SELECT count(*) AS n FROM minifig_state'),
    themes: one('SELECT count(*) AS n FROM themes'),
    subthemes: one('SELECT count(*) AS n FROM subthemes'),
    years: one('SELECT count(*) AS n FROM years'),
    totalsOwned: one('SELECT coalesce(sum(sets_owned), 0) AS n FROM collection_totals')
  }
}

describe('credentials that stop working', () => {
  it.each([
    [
      'the sign-in',
      (svc: ReferenceService) => {
        svc.admin.revokeUserHash(svc.demo.username)
      }
    ],
    [
      'the API key',
      (svc: ReferenceService) => {
        svc.admin.revokeKey(svc.demo.apiKey)
      }
    ]
  ])(
    'a revoked %s removes nothing and asks to sign in again',
    async (_what, revoke) => {
      w = await world()
      const before = counts(w.store)
      expect(before.owned).toBeGreaterThan(0)
      expect(before.themes).toBeGreaterThan(0)
      revoke(w.svc)

      const status = await w.sync.run({ full: true })
      expect(counts(w.store)).toEqual(before)
      expect(status.error).toMatch(/sign in again|API key/i)
      const account = await w.side.handlers['account:getStatus']({})
      expect(account.signInNeeded).not.toBeNull()
      expect(account.signedIn).toBe(false)
      // A second ordinary sync changes nothing either.
      await w.sync.run()
      expect(counts(w.store)).toEqual(before)
    },
    60_000
  )

  it('an edit made while signed out by the service waits, then drains after signing in again', async () => {
    w = await world()
    const [owned] = w.store.read
      .prepare('SELECT set_id AS setID FROM set_state WHERE owned = 1 LIMIT 1')
      .all() as { setID: number }[]
    if (!owned) throw new Error('demo collection is empty')
    w.svc.admin.revokeUserHash(w.svc.demo.username)
    await w.side.handlers['collection:updateSet']({
      setID: owned.setID,
      patch: { notes: 'kept while revoked' }
    })
    const waiting = await w.sync.run()
    expect(waiting.pending).toBe(1)
    expect((await w.side.handlers['outbox:list']({})).map((r) => r.state)).toEqual(['pending'])
    expect(w.svc.admin.getCollectionValue(w.svc.demo.username, owned.setID).notes).not.toBe(
      'kept while revoked'
    )

    w.svc.admin.restoreCredentials()
    const account = await w.side.handlers['account:signIn']({
      username: w.svc.demo.username,
      password: w.svc.demo.password
    })
    expect(account).toMatchObject({ signedIn: true, signInNeeded: null })
    await w.sync.idle()
    const after = await w.sync.run()
    expect(after).toMatchObject({ pending: 0, error: null })
    expect(w.svc.admin.getCollectionValue(w.svc.demo.username, owned.setID).notes).toBe(
      'kept while revoked'
    )
  })
})
