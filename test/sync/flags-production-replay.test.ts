import { afterEach, describe, expect, it } from 'vitest'
import { createServiceClient } from '../../src/main/service/index'
import type { ServiceClient } from '../../src/main/service/index'
import { pullCollection } from '../../src/main/sync/pull/collection'
import type { PullContext } from '../../src/main/sync/pull/context'
import { createPusher } from '../../src/main/sync/push/pusher'
import type { Pusher } from '../../src/main/sync/push/pusher'
import { editHarness } from '../collection/harness'
import type { EditHarness } from '../collection/harness'
import {
  recordedV3Sets,
  REPLAY_API_KEY,
  REPLAY_USER_HASH,
  startReplayServer
} from '../e2e/production-replay-server'
import type { ReplayServer } from '../e2e/production-replay-server'
import { setWriter } from '../../src/main/sync/pull/set-writer'

/**
 * A flag edit against recorded production (issue 27): none of the 168 recorded v3 sets carries
 * `collection.flags`, so the service's flags are not known. The write's own answer confirms it,
 * the pull keeps the user's value, and nothing is sent twice. The one answer not recorded is v3
 * setCollection's success, `{"status":"success"}` as the interface document gives it.
 */

const RECORDED = recordedV3Sets()

interface Replay {
  readonly server: ReplayServer
  readonly h: EditHarness
  readonly client: ServiceClient
  readonly pusher: Pusher
  /** The v3 setCollection bodies sent, in order. */
  readonly writes: string[]
  pull(): Promise<void>
  flagsHere(setID: number): number
}

let open: Replay | null = null
afterEach(async () => {
  open?.h.close()
  await open?.server.close()
  open = null
})

async function replay(): Promise<Replay> {
  const server = await startReplayServer({ v3ContentType: 'text/html; charset=utf-8' })
  const writes: string[] = []
  const client = createServiceClient({
    profile: { baseUrl: server.url },
    secrets: () => ({ apiKey: REPLAY_API_KEY, userHash: REPLAY_USER_HASH }),
    fetch: async (req) => {
      if (/\/api\/v3\.asmx\/setCollection$/i.test(new URL(req.url).pathname)) {
        writes.push(decodeURIComponent((await req.text()).replace(/\+/g, ' ')))
        return new Response('{"status":"success"}', {
          headers: { 'content-type': 'text/html; charset=utf-8' }
        })
      }
      return fetch(req)
    },
    timeoutMs: 20_000
  })
  const h = await editHarness({ sets: RECORDED.map((s) => s.setID) })
  const pusher = createPusher({
    store: h.store,
    profileId: () => h.profileId,
    client: () => client,
    signedIn: () => true,
    now: () => new Date()
  })
  const ctx: PullContext = {
    store: h.store,
    profileId: h.profileId,
    client,
    signal: new AbortController().signal,
    // The collection pull writes through the main connection: this writer never starts a thread.
    writer: setWriter(h.store),
    now: () => new Date(),
    progress: () => undefined,
    changed: () => undefined,
    confirmBeforeRemoving: () => Promise.resolve()
  }
  open = {
    server,
    h,
    client,
    pusher,
    writes,
    pull: () => pullCollection(ctx),
    flagsHere: (setID) =>
      (
        h.store.read
          .prepare('SELECT flags FROM set_state WHERE profile_id = ? AND set_id = ?')
          .get(h.profileId, setID) as { flags: number }
      ).flags
  }
  return open
}

const pending = (r: Replay): number =>
  (
    r.h.store.read.prepare("SELECT count(*) AS n FROM outbox WHERE state = 'pending'").get() as {
      n: number
    }
  ).n

describe('a flag edit against recorded production (no flags in v3 getSets)', () => {
  it('leaves the outbox within one sync, is sent once, and the pull keeps it', async () => {
    const r = await replay()
    await r.pull()
    const setID = RECORDED[0]?.setID ?? 0
    expect(r.flagsHere(setID)).toBe(0)
    await r.h.handlers['collection:updateSet']({ setID, patch: { flags: { '5': true } } })
    expect(pending(r)).toBe(1)

    // One sync: the push, then the collection pull.
    const report = await r.pusher.push()
    await r.pull()
    expect(report).toMatchObject({ failed: 0, conflicts: 0 })
    expect(pending(r)).toBe(0)
    expect(await r.h.handlers['outbox:list']({})).toEqual([])
    expect(r.writes).toHaveLength(1)
    expect(r.writes[0]).toMatch(/"flag5":1/)
    // The service did not show its flags: the user's value stands.
    expect(r.flagsHere(setID)).toBe(1 << 4)

    // Later syncs send nothing more and still keep it.
    for (let i = 0; i < 3; i++) {
      await r.pusher.push()
      await r.pull()
    }
    expect(r.writes).toHaveLength(1)
    expect(r.flagsHere(setID)).toBe(1 << 4)
  })
})
