import { afterEach, describe, expect, it } from 'vitest'
import { createEventBus } from '../../src/main/ipc/event-bus'
import type { EventMap } from '../../src/shared/ipc/contract'
import { testEditSide } from '../collection/harness'
import { pushHarness } from '../collection/service-harness'
import { createHarness } from './sync-pull-harness'
import type { PushHarness } from '../collection/service-harness'

/**
 * A conflict shows the service's value while the user decides. The website may change it again
 * meanwhile; what the conflict shows must stay what the service holds (docs/protocol.md §2).
 */

let h: PushHarness
afterEach(() => {
  h.close()
})

/**
 * The notes of the harness's set `setIndex` in conflict: "mine" here, "web, first" typed on the
 * website before it went out. Returns the set's id.
 */
async function noteInConflict(setIndex: number): Promise<number> {
  const setID = h.setIDs[setIndex] ?? 0
  await h.handlers['collection:updateSet']({ setID, patch: { notes: 'mine' } })
  h.svc.admin.setCollectionValue('demo', setID, { notes: 'web, first' })
  expect(await h.pusher.push()).toMatchObject({ conflicts: 1 })
  return setID
}

/** The website changes the set's notes again to `notes`, and a round runs. */
async function websiteNotesThenPush(setID: number, notes: string): Promise<void> {
  h.svc.admin.setCollectionValue('demo', setID, { notes })
  await h.pusher.push()
}

const shown = async () => (await h.handlers['outbox:list']({})).map((r) => r.server)

describe('a conflict the website changes again', () => {
  it('shows the newest website value after the next round, and keeping mine then goes out', async () => {
    h = await pushHarness()
    const setID = await noteInConflict(3)
    expect(await shown()).toEqual(['web, first'])
    await websiteNotesThenPush(setID, 'web, second')
    expect(await shown()).toEqual(['web, second'])

    const [row] = await h.handlers['outbox:list']({})
    await h.handlers['outbox:resolveConflict']({ id: row?.id ?? 0, keep: 'mine' })
    expect(await h.pusher.push()).toMatchObject({ conflicts: 0, failed: 0 })
    expect(await h.handlers['outbox:list']({})).toEqual([])
    expect(h.svc.admin.getCollectionValue('demo', setID).notes).toBe('mine')
  })

  it('is settled when the website comes round to the user’s own value', async () => {
    h = await pushHarness()
    const setID = await noteInConflict(4)
    await websiteNotesThenPush(setID, 'mine')
    expect(await h.handlers['outbox:list']({})).toEqual([])
    const [set] = await h.client.v2.getSet({ SetID: setID })
    expect(set?.userNotes).toBe('mine')
  })

  it('keeping theirs takes the value the service holds now', async () => {
    h = await pushHarness()
    const setID = await noteInConflict(5)
    await websiteNotesThenPush(setID, 'web, second')
    const [row] = await h.handlers['outbox:list']({})
    await h.handlers['outbox:resolveConflict']({ id: row?.id ?? 0, keep: 'theirs' })
    const notes = h.store.read
      .prepare('SELECT notes FROM set_state WHERE profile_id = ? AND set_id = ?')
      .get(h.profileId, setID)
    expect(notes).toEqual({ notes: 'web, second' })
  })
})

/**
 * A push harness whose next getSet read first runs what `during` was given: the user acting
 * meanwhile.
 */
async function readingHarness(): Promise<{ during(f: () => unknown): void; ran(): boolean }> {
  let hook: (() => unknown) | null = null
  h = await pushHarness({
    fetch: (svc) => async (req) => {
      const run = hook
      if (run !== null && /getSet\b/.test(`${req.url} ${await req.clone().text()}`)) {
        hook = null
        await run()
      }
      return svc.handle(req)
    }
  })
  return {
    during(f) {
      hook = f
    },
    ran: () => hook === null
  }
}

describe('what the user does while a round reads the service', () => {
  it('an edit stands: the round does not put the conflict back', async () => {
    const reading = await readingHarness()
    const setID = await noteInConflict(6)
    h.svc.admin.setCollectionValue('demo', setID, { notes: 'web, second' })
    // The user edits the note again while the round is reading the service.
    reading.during(() =>
      h.handlers['collection:updateSet']({ setID, patch: { notes: 'mine, again' } })
    )
    await h.pusher.push()
    expect(reading.ran()).toBe(true)
    expect(await h.handlers['outbox:list']({})).toMatchObject([
      { state: 'pending', desired: 'mine, again', server: null }
    ])
  })

  it('keeping mine stands; a website value the user never saw then asks again', async () => {
    const reading = await readingHarness()
    const setID = await noteInConflict(7)
    h.svc.admin.setCollectionValue('demo', setID, { notes: 'web, second' })
    const [row] = await h.handlers['outbox:list']({})
    reading.during(() => h.handlers['outbox:resolveConflict']({ id: row?.id ?? 0, keep: 'mine' }))
    await h.pusher.push()
    // The round leaves the user's choice as made.
    expect(await h.handlers['outbox:list']({})).toMatchObject([
      { state: 'pending', desired: 'mine', base: 'web, first' }
    ])
    // The user decided against "web, first"; the website has moved on since, so the next round
    // shows what it holds now instead of writing over a value the user has not seen.
    expect(await h.pusher.push()).toMatchObject({ conflicts: 1 })
    expect(await shown()).toEqual(['web, second'])
    expect(h.svc.admin.getCollectionValue('demo', setID).notes).toBe('web, second')
  })

  it('keeping theirs stands: nothing is left to send', async () => {
    const reading = await readingHarness()
    const setID = await noteInConflict(8)
    const [row] = await h.handlers['outbox:list']({})
    reading.during(() => h.handlers['outbox:resolveConflict']({ id: row?.id ?? 0, keep: 'theirs' }))
    expect(await h.pusher.push()).toMatchObject({ conflicts: 0, failed: 0 })
    expect(await h.handlers['outbox:list']({})).toEqual([])
    expect(h.svc.admin.getCollectionValue('demo', setID).notes).toBe('web, first')
  })
})

describe('a conflict settled by the website', () => {
  it('redraws its set, so the row stops saying "conflict"', async () => {
    const w = await createHarness(60)
    try {
      await w.sync.run()
      const bus = createEventBus()
      // A round speaks of sync badges only (sync:sets); the edit itself said data:changed.
      const changed: EventMap['sync:sets'][] = []
      bus.subscribe((name, payload) => {
        if (name === 'sync:sets') changed.push(payload as EventMap['sync:sets'])
      })
      const side = testEditSide(w.store, w.profiles, { events: bus })
      const { setID } = w.store.read
        .prepare('SELECT set_id AS setID FROM sets ORDER BY set_id LIMIT 1')
        .get() as { setID: number }
      await side.handlers['collection:updateSet']({ setID, patch: { notes: 'mine' } })
      w.svc.admin.setCollectionValue(w.svc.demo.username, setID, { notes: 'web' })
      await side.push(new AbortController().signal)
      expect(await side.handlers['outbox:list']({})).toMatchObject([{ state: 'conflict' }])
      changed.length = 0
      w.svc.admin.setCollectionValue(w.svc.demo.username, setID, { notes: 'mine' })
      await side.push(new AbortController().signal)
      expect(await side.handlers['outbox:list']({})).toEqual([])
      const round = changed.find((c) => c.setIDs.includes(setID))
      expect(round?.states?.find((s) => s.setID === setID)?.collection.sync).toBe('synced')
      await side.close()
    } finally {
      w.close()
    }
  })
})
