import { describe, expect, it } from 'vitest'
import { harnessEachTest } from './sync-pull-harness'
import type { Harness } from './sync-pull-harness'

const harness = harnessEachTest()

const owned = (x: Harness): number =>
  (
    x.store.read.prepare('SELECT count(*) AS n FROM set_state WHERE owned = 1').get() as {
      n: number
    }
  ).n

/**
 * v2 getSets has no total: a page shorter than asked may be the end or the service's own cap. The
 * user's list is read until a page brings nothing new, so a capped service never makes owned sets
 * look "no longer owned".
 */
describe("the user's sets over v2, from a service that caps the page size", () => {
  it.each([3, 5])('cap %i: every owned set arrives and stays owned', async (cap) => {
    const h = await harness(400, undefined, { maxPageSize: cap })
    h.svc.admin.addFault({ service: 'v3', operation: 'getSets', kind: { type: 'bindingDisabled' } })
    const first = await h.sync.run()
    expect(first.error).toBeNull()
    const all = h.store.read.prepare('SELECT set_id AS id FROM sets').all() as { id: number }[]
    const onService = all.filter(
      ({ id }) => h.svc.admin.getCollectionValue(h.svc.demo.username, id).owned
    )
    expect(onService.length).toBeGreaterThan(cap)
    const ids = h.store.read
      .prepare('SELECT set_id AS id FROM set_state WHERE owned = 1 ORDER BY set_id')
      .all() as { id: number }[]
    expect(ids).toEqual(onService.sort((a, b) => a.id - b.id))
    const second = await h.sync.run()
    expect(second.error).toBeNull()
    expect(owned(h)).toBe(ids.length)
  })
})
