import { describe, expect, it } from 'vitest'
import { harnessEachTest } from './sync-pull-harness'

/**
 * Before the collection pull clears sets the service no longer lists, it confirms the credentials
 * (checkKey + checkUserHash): a revoked key answers empty lists. A set cleared once leaves a row
 * holding nothing; clearing it again removes nothing, so it must not cost a check on every sync.
 */

const harness = harnessEachTest()

describe('a set cleared on the service', () => {
  it('costs one credential check when it is cleared, none on the syncs after', async () => {
    const x = await harness(300)
    const checks: string[] = []
    x.intercept = (req) => {
      const op = /\/(checkKey|checkUserHash)$/i.exec(new URL(req.url).pathname)?.[1]
      if (op !== undefined) checks.push(op)
      return null
    }
    const who = x.svc.demo.username
    const ids = (await x.profiles.client().v2.getSets({ pageSize: 40, pageNumber: 1 })).map(
      (s) => s.setID
    )
    const setID = ids.find((id) => {
      const v = x.svc.admin.getCollectionValue(who, id)
      return !v.owned && !v.wanted
    })
    if (setID === undefined) throw new Error('no set outside the collection')
    x.svc.admin.setCollectionValue(who, setID, { wanted: true })
    expect((await x.sync.run()).error).toBeNull()
    const state = (): unknown =>
      x.store.read
        .prepare(
          'SELECT owned, wanted, qty_owned, notes, rating, flags FROM set_state WHERE set_id = ?'
        )
        .get(setID)
    expect(state()).toMatchObject({ wanted: 1 })

    x.svc.admin.setCollectionValue(who, setID, { wanted: false })
    checks.length = 0
    expect((await x.sync.run()).error).toBeNull()
    // Clearing a wanted set: the credentials are confirmed first.
    expect(checks.length).toBeGreaterThan(0)
    // The row stays, holding nothing.
    expect(state()).toEqual({
      owned: 0,
      wanted: 0,
      qty_owned: 0,
      notes: '',
      rating: 0,
      flags: 0
    })

    checks.length = 0
    expect((await x.sync.run()).error).toBeNull()
    expect((await x.sync.run()).error).toBeNull()
    expect(checks).toEqual([])
  })
})
