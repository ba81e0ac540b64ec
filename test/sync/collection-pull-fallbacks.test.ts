import { afterEach, describe, expect, it } from 'vitest'
import { testEditSide } from '../collection/harness'
import { createHarness } from './sync-pull-harness'
import type { Harness } from './sync-pull-harness'
import { NOT_OFFERED, interceptV3 } from './v3-requests'

/**
 * The collection pull when a v3 read is short, refused or missing (docs/protocol.md §5, §5a): the
 * user's sets, figures and flag labels either arrive through v2 or stay as they were; an answer
 * that stops short of its own total never removes anything.
 */

let h: Harness | null = null
afterEach(() => {
  h?.close()
  h = null
})

/** A user's getSets (owned or wanted) rather than a catalogue page. */
const userSets = (p: Record<string, unknown>): boolean => p['owned'] === 1 || p['wanted'] === 1

async function setState(x: Harness, setID: number) {
  return (await x.catalogue['catalog:getSet']({ setID })).collection
}

function ownedSets(x: Harness): number[] {
  const rows = x.store.read
    .prepare('SELECT set_id AS id FROM set_state WHERE owned = 1 ORDER BY set_id')
    .all() as { id: number }[]
  return rows.map((r) => r.id)
}

/** A harness whose demo user owns three sets, the first with flags 1 and 3, after a first sync. */
async function synced(): Promise<{ x: Harness; sets: number[] }> {
  const x = await createHarness(300)
  // The catalogue is not synced yet: take set ids straight from the service's first page.
  const page = (await x.profiles.client().v2.getSets({ pageSize: 20, pageNumber: 1 })).map(
    (s) => s.setID
  )
  const sets = page.slice(0, 3)
  const who = x.svc.demo.username
  for (const setID of sets) x.svc.admin.setCollectionValue(who, setID, { qtyOwned: 2 })
  x.svc.admin.setCollectionValue(who, sets[0] ?? 0, { flags: { 1: true, 3: true } })
  const status = await x.sync.run()
  expect(status.error).toBeNull()
  return { x, sets }
}

describe('the collection pull', () => {
  it('a v3 list that stops short of its own total changes nothing', async () => {
    const { x, sets } = await synced()
    h = x
    const before = ownedSets(x)
    expect(before).toEqual(expect.arrayContaining(sets))
    const [first = 0] = sets
    x.svc.admin.setCollectionValue(x.svc.demo.username, first, { qtyOwned: 5 })
    const svc = x.svc
    interceptV3(x, async (call, req) => {
      if (call.op !== 'getSets' || call.params['owned'] !== 1) return null
      // Says how many the user owns, then lists one on the first page and none after it.
      const whole = (await (await svc.handle(req)).json()) as { sets: unknown[]; matches: number }
      const sets = call.params['pageNumber'] === 1 ? whole.sets.slice(0, 1) : []
      return Response.json({ ...whole, matches: before.length, sets })
    })
    const status = await x.sync.run()
    expect(status.error).toMatch(/listed 1 of your \d+ owned sets and stopped; nothing was changed/)
    expect(ownedSets(x)).toEqual(before)
    expect((await setState(x, first)).qtyOwned).toBe(2)
  })

  it.each(NOT_OFFERED)(
    'answered %s for the user’s v3 sets, takes them through v2 and keeps the flags',
    async (_, answer) => {
      const { x, sets } = await synced()
      h = x
      const [first = 0] = sets
      const flags = (await setState(x, first)).flags
      expect(flags.slice(0, 3)).toEqual([true, false, true])
      x.svc.admin.setCollectionValue(x.svc.demo.username, first, { qtyOwned: 4 })
      interceptV3(x, (call) =>
        call.op !== 'getSets' || !userSets(call.params) ? null : answer(call.op)
      )
      const status = await x.sync.run()
      expect(status.error).toBeNull()
      const now = await setState(x, first)
      expect(now.qtyOwned).toBe(4)
      expect(now.flags).toEqual(flags)
    }
  )

  it.each(NOT_OFFERED)(
    'answered %s for the v3 figure list, takes the figures through v2',
    async (_, answer) => {
      const { x } = await synced()
      h = x
      const side = testEditSide(x.store, x.profiles)
      const all = await side.handlers['collection:listMinifigs']({ filter: 'all', query: '' })
      const figure = all.find((f) => f.ownedTotal === 0 && !f.wanted)
      if (!figure) throw new Error('no figure outside the collection')
      await x.profiles.client().v2.setMinifigCollection({
        minifigNumber: figure.minifigNumber,
        qtyOwned: 3,
        wanted: 0
      })
      interceptV3(x, (call) => (call.op !== 'getMinifigCollection' ? null : answer(call.op)))
      const status = await x.sync.run()
      expect(status.error).toBeNull()
      const [row] = await side.handlers['collection:listMinifigs']({
        filter: 'all',
        query: figure.minifigNumber
      })
      await side.close()
      expect(row).toMatchObject({ minifigNumber: figure.minifigNumber, ownedLoose: 3 })
    }
  )

  it.each(NOT_OFFERED)(
    'answered %s for the flag labels, keeps them as they were',
    async (_, answer) => {
      const { x } = await synced()
      h = x
      await x.profiles
        .client()
        .v3.setUserFlagLabels({ params: JSON.stringify({ '1': 'On shelf', '3': 'In the loft' }) })
      await x.sync.run({ full: true })
      const side = testEditSide(x.store, x.profiles)
      const labels = await side.handlers['flags:getLabels']({})
      expect(labels).toEqual(
        expect.arrayContaining([
          { flagNo: 1, label: 'On shelf' },
          { flagNo: 3, label: 'In the loft' }
        ])
      )
      interceptV3(x, (call) => (call.op !== 'getUserFlagLabels' ? null : answer(call.op)))
      const status = await x.sync.run()
      expect(status.error).toBeNull()
      expect(await side.handlers['flags:getLabels']({})).toEqual(labels)
      await side.close()
    }
  )
})
