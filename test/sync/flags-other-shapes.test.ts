import { describe, expect, it } from 'vitest'
import type { V3FlagShape } from '../../src/emulator/v3-flag-shape'
import { testEditSide } from '../collection/harness'
import { harnessEachTest } from './sync-pull-harness'
import type { Harness } from './sync-pull-harness'
import { interceptV3 } from './v3-requests'

/**
 * v3 getSets' `collection.flags` in shapes other than the list the reference service writes
 * (issue 27): production's shape is not recorded (docs/protocol.md §5), so any shape, or none,
 * must let the catalogue and the collection sync in full. A shape the client cannot read says
 * nothing about the flags: the user's values stand.
 */

const harness = harnessEachTest()

type Obj = Record<string, unknown>

/** The reference service's own shapes (its `v3Flags` option), then two reshaped here by hand. */
const SHAPES: readonly (readonly [string, V3FlagShape | ((flags: boolean[]) => unknown)])[] = [
  ['omitted (as recorded production)', 'omitted'],
  ['a list of booleans', 'booleans'],
  ['an object keyed flag1..flag8', 'keyed'],
  ['a list of numbers', (f) => f.map((v) => (v ? 1 : 0))],
  ['text', (f) => f.map((v) => (v ? '1' : '0')).join(',')]
]

/** The same answer with each set's `collection.flags` rewritten into another shape. */
function reshaped(answer: Obj, shape: (flags: boolean[]) => unknown): Obj {
  const sets = (answer['sets'] as Obj[]).map((s) => {
    const c = s['collection'] as Obj | undefined
    if (!c || !Array.isArray(c['flags'])) return s
    const flags = (c['flags'] as { value: boolean }[]).map((f) => f.value)
    const { flags: _, ...rest } = c
    const value = shape(flags)
    return { ...s, collection: value === undefined ? rest : { ...rest, flags: value } }
  })
  return { ...answer, sets }
}

const count = (x: Harness, sql: string): number =>
  (x.store.read.prepare(sql).get() as { n: number }).n

const flagsOf = (x: Harness, setID: number): number =>
  (
    x.store.read.prepare('SELECT flags FROM set_state WHERE set_id = ?').get(setID) as {
      flags: number
    }
  ).flags

describe('v3 getSets with flags in another shape', () => {
  it.each(SHAPES)('%s: catalogue and collection sync in full', async (_, shape) => {
    const x = await harness(300)
    const who = x.svc.demo.username
    const ids = (await x.profiles.client().v2.getSets({ pageSize: 20, pageNumber: 1 })).map(
      (s) => s.setID
    )
    const [first = 0, second = 0] = ids
    x.svc.admin.setCollectionValue(who, first, { qtyOwned: 2, flags: { 1: true, 3: true } })
    // Known through the list shape on the first sync.
    expect((await x.sync.run()).error).toBeNull()
    expect(flagsOf(x, first)).toBe(0b101)

    const svc = x.svc
    if (typeof shape === 'string') svc.admin.showFlagsAs(shape)
    else {
      interceptV3(x, async (call, req) => {
        if (call.op !== 'getSets') return null
        const answer = (await (await svc.handle(req)).json()) as Obj
        return Response.json(reshaped(answer, shape))
      })
    }
    x.svc.admin.setCollectionValue(who, second, { wanted: true, flags: { 2: true } })
    // Read in the list shape, this change would reach the app: that it does not shows the shape.
    x.svc.admin.setCollectionValue(who, first, { flags: { 2: true } })
    const status = await x.sync.run({ full: true })
    expect(status.error).toBeNull()
    expect(count(x, 'SELECT count(*) AS n FROM sets')).toBe(300)
    expect(count(x, 'SELECT count(*) AS n FROM set_state WHERE wanted = 1')).toBeGreaterThan(0)
    expect(
      count(x, `SELECT count(*) AS n FROM set_state WHERE wanted = 1 AND set_id = ${second}`)
    ).toBe(1)
    // The shape says nothing the client can read: the flags it held stand.
    expect(flagsOf(x, first)).toBe(0b101)
  })

  it('a flag on a set neither owned nor wanted outlives the pull when flags are not shown', async () => {
    const x = await harness(300)
    expect((await x.sync.run()).error).toBeNull()
    const svc = x.svc
    const ids = (await x.profiles.client().v2.getSets({ pageSize: 40, pageNumber: 1 })).map(
      (s) => s.setID
    )
    const setID = ids.find((id) => {
      const v = svc.admin.getCollectionValue(svc.demo.username, id)
      return !v.owned && !v.wanted
    })
    if (setID === undefined) throw new Error('no set outside the collection')
    svc.admin.showFlagsAs('omitted')
    const side = testEditSide(x.store, x.profiles)
    await side.handlers['collection:updateSet']({ setID, patch: { flags: { '4': true } } })
    await side.push(new AbortController().signal)
    expect(await side.handlers['outbox:list']({})).toEqual([])
    expect((await x.sync.run()).error).toBeNull()
    await side.close()
    expect(flagsOf(x, setID)).toBe(1 << 3)
  })
})
