import { afterEach, describe, expect, it } from 'vitest'
import type { ReferenceService } from '../../src/emulator/index'
import { pushHarness } from '../collection/service-harness'
import type { PushHarness } from '../collection/service-harness'
import { outboxRows } from './push-rig'

/**
 * The pusher's promises a user relies on, each pinned where a one-character change in the pusher
 * would break it: a set's edits reach the service in the order they were made, even when the
 * service said OK to one without showing it; a row the service keeps not showing stops after
 * exactly five tries and asks the user; discarding a conflict leaves the service's value.
 */

let h: PushHarness
afterEach(() => {
  h.close()
})

const outbox = () => outboxRows(h.store, 'field', 'state', 'attempts')

/**
 * A service that answers OK to a notes write on `setID` but keeps the old notes: what a user
 * sees when the website is slow to apply a change (the re-read does not show it yet).
 */
function notesNotApplied(setID: () => number) {
  return (svc: ReferenceService) => async (req: Request) => {
    const text = `${req.url}\n${await req.clone().text()}`
    const before = svc.admin.getCollectionValue(svc.demo.username, setID()).notes
    const res = await svc.handle(req)
    if (/userNotes/i.test(text) && /set/i.test(text)) {
      svc.admin.setCollectionValue(svc.demo.username, setID(), { notes: before })
    }
    return res
  }
}

describe('push order and limits', () => {
  it("after an unconfirmed write, the set's later edits wait for the next round", async () => {
    let target = 0
    h = await pushHarness({ fetch: notesNotApplied(() => target) })
    target = h.setIDs[3] ?? 0
    await h.handlers['collection:updateSet']({ setID: target, patch: { notes: 'first' } })
    await h.handlers['collection:updateSet']({ setID: target, patch: { rating: 4 } })

    await h.pusher.push()

    expect(outbox()).toEqual([
      { field: 'notes', state: 'pending', attempts: 1 },
      { field: 'rating', state: 'pending', attempts: 0 }
    ])
    // The later edit was not sent ahead of the earlier one.
    expect(h.svc.admin.getCollectionValue('demo', target).rating).toBe(0)
  })

  it('a change the service never shows is retried five times, then asks the user', async () => {
    let target = 0
    h = await pushHarness({ fetch: notesNotApplied(() => target) })
    target = h.setIDs[4] ?? 0
    await h.handlers['collection:updateSet']({ setID: target, patch: { notes: 'never shown' } })

    for (let round = 1; round <= 4; round++) await h.pusher.push()
    expect(outbox()).toEqual([{ field: 'notes', state: 'pending', attempts: 4 }])

    await h.pusher.push()
    expect(outbox()).toEqual([{ field: 'notes', state: 'needs_attention', attempts: 5 }])
    const [item] = await h.handlers['outbox:list']({})
    expect(item?.reason).toMatch(/did not show the change/)
  })

  it("discarding a conflict leaves the service's value here, not the value before the edit", async () => {
    h = await pushHarness()
    const setID = h.setIDs[5] ?? 0
    await h.handlers['collection:updateSet']({ setID, patch: { notes: 'mine' } })
    h.svc.admin.setCollectionValue('demo', setID, { notes: 'from the website' })
    await h.pusher.push()
    const [item] = await h.handlers['outbox:list']({})
    expect(item).toMatchObject({ state: 'conflict', server: 'from the website' })

    expect(await h.handlers['outbox:discard']({ id: item?.id ?? 0 })).toEqual([])

    const set = await h.handlers['collection:updateSet']({ setID, patch: { rating: 1 } })
    expect(set.notes).toBe('from the website')
  })
})
