import { describe, expect, it } from 'vitest'
import { collectionTurnsWaiting } from '../../src/main/sync/collection-turn'
import { asksForUserLists, harnessEachTest } from './sync-pull-harness'
import { testEditSide } from '../collection/harness'
import { waitUntil } from '../wait-until'

// A set marked Owned while a sync's collection pull was reading the service's lists showed as not
// owned again once the pull wrote them: the background push had confirmed the edit and removed its
// outbox row in between, and the pull's older list (without the set) cleared it. The service had
// it owned; the screen said otherwise until the next sync. Seen once in the saved-views end-to-end
// test on a quiet machine (2026-11-27): an Owned click just after the first sync made the
// catalogue searchable, while the collection was still being pulled.

const harness = harnessEachTest()

describe('a collection pull beside a push', () => {
  it('keeps an edit made while it reads the lists, here and on the service', async () => {
    const h = await harness(300)
    expect((await h.sync.run()).error).toBeNull()
    const username = h.svc.demo.username
    const page = await h.search({ limit: 500, owned: false, wanted: false })
    const target = page.rows[0]
    if (target === undefined) throw new Error('no set to mark')
    expect(h.svc.admin.getCollectionValue(username, target.setID).owned).toBe(false)

    // Pushed in the background right after the edit, as in the app.
    const side = testEditSide(h.store, h.profiles, { pushDelayMs: 1 })
    try {
      let pushed = false
      let held = false
      let readLists: () => void = () => undefined
      const listsRead = new Promise<void>((r) => (readLists = r))
      let release: () => void = () => undefined
      const released = new Promise<void>((r) => (release = r))
      h.intercept = async (req) => {
        if (held || !(await asksForUserLists(req))) return null
        held = true
        // The service's lists as they are now, handed to the pull only later.
        const answer = await h.svc.handle(req)
        readLists()
        await released
        return answer
      }
      const syncing = h.sync.run()
      await listsRead
      await side.handlers['collection:updateSet']({ setID: target.setID, patch: { owned: true } })
      const pushing = side.push(new AbortController().signal).then(() => {
        pushed = true
      })
      // The answer goes on once the push has gone through, or waits for the pull's turn.
      await waitUntil(() => {
        if (!pushed && collectionTurnsWaiting(h.store) === 0)
          throw new Error('the push is still on its way')
      })
      release()
      expect((await syncing).error).toBeNull()
      await pushing

      const here = await h.search({ limit: 500, owned: true })
      expect(here.rows.map((r) => r.setID)).toContain(target.setID)
      expect(h.svc.admin.getCollectionValue(username, target.setID).owned).toBe(true)
    } finally {
      await side.close()
    }
  })
})
