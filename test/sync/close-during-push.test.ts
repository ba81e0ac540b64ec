import { describe, expect, it } from 'vitest'
import { outbox } from '../../src/main/collection/index'
import { harnessEachTest } from './sync-pull-harness'
import { testEditSide } from '../collection/harness'
import { waitUntil } from '../wait-until'

// Quitting the app waited for the background push in flight to send every edit it had: a bulk
// edit of 1,000 sets held the close of a test's app past 90 s under load (the #31 evidence run,
// 2026-11-27), and a user quitting after a large edit would have watched the window hang for as
// long. A push may stop between any two rows (a kill -9 there loses nothing), so the close now
// stops it after the row in flight; the rest wait in the outbox for the next start.

const harness = harnessEachTest()
const EDITS = 12

describe('closing while a background push runs', () => {
  it('stops after the row in flight; the rest wait in the outbox and go out on the next push', async () => {
    const h = await harness(200)
    expect((await h.sync.run()).error).toBeNull()
    const username = h.svc.demo.username
    const page = await h.search({ limit: EDITS, owned: false, wanted: false })
    const targets = page.rows.map((r) => r.setID)
    expect(targets).toHaveLength(EDITS)

    // Every call to the service waits until let through: the push is caught mid-round.
    let held = 0
    let letThrough: () => void = () => undefined
    const gate = new Promise<void>((r) => (letThrough = r))
    h.intercept = async () => {
      held++
      await gate
      return null
    }
    // Pushed in the background right after each edit, as in the app.
    const side = testEditSide(h.store, h.profiles, { pushDelayMs: 1 })
    for (const setID of targets)
      await side.handlers['collection:updateSet']({ setID, patch: { owned: true } })
    await waitUntil(() => {
      if (held === 0) throw new Error('the background push has not called the service yet')
    })

    const closing = side.close()
    letThrough()
    await closing
    const profileId = h.profiles.active().id
    const waiting = new Set(outbox.pending(h.store.read, profileId).map((r) => r.set_id))
    const onService = (id: number): boolean => h.svc.admin.getCollectionValue(username, id).owned
    // The quit did not wait for the whole push: edits are still waiting, none of them lost.
    expect(waiting.size).toBeGreaterThan(0)
    for (const id of targets) expect(waiting.has(id) || onService(id), `set ${id}`).toBe(true)

    // The next start sends them.
    const next = testEditSide(h.store, h.profiles)
    try {
      await next.push(new AbortController().signal)
      expect(outbox.pending(h.store.read, profileId)).toEqual([])
      for (const id of targets) expect(onService(id), `set ${id}`).toBe(true)
    } finally {
      await next.close()
    }
  })
})
