import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setTransport } from '../../src/renderer/src/lib/api'
import type { Transport } from '../../src/renderer/src/lib/api'
import { SetDetailState } from '../../src/renderer/src/lib/state/detail.svelte'
import type { ChannelInput, ChannelName, ChannelOutput } from '../../src/shared/ipc/contract'
import type { Result } from '../../src/shared/ipc/result'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'

/** Holds each set's catalogue answer until the test releases it. */
class HeldSets implements Transport {
  readonly held = new Map<number, () => void>()
  constructor(readonly backend: FakeBackend) {}

  invoke<K extends ChannelName>(
    channel: K,
    input: ChannelInput<K>
  ): Promise<Result<ChannelOutput<K>>> {
    if (channel !== 'catalog:getSet') return this.backend.invoke(channel, input)
    const { setID } = input as ChannelInput<'catalog:getSet'>
    return new Promise((resolve) => {
      this.held.set(setID, () => {
        resolve(this.backend.invoke(channel, input))
      })
    })
  }

  subscribe: Transport['subscribe'] = (event, listener) => this.backend.subscribe(event, listener)

  release(setID: number): void {
    this.held.get(setID)?.()
  }
}

let transport: HeldSets
beforeEach(() => {
  transport = new HeldSets(new FakeBackend(20))
  setTransport(transport)
})
afterEach(() => {
  setTransport(null)
})

describe('SetDetailState', () => {
  it('keeps the set the user opened last when an earlier one answers late', async () => {
    const d = new SetDetailState()
    void d.open(1)
    void d.open(2)
    transport.release(2)
    await settle()
    transport.release(1)
    await settle()
    expect(d.setID).toBe(2)
    expect(d.set?.setID).toBe(2)
    expect(d.extras?.setID).toBe(2)
  })

  it('keeps an edit answered while the set was loading over the older loaded values', async () => {
    const d = new SetDetailState()
    void d.open(3)
    const loaded = transport.backend.sets.find((x) => x.setID === 3)
    if (!loaded) throw new Error('the fake catalogue holds set 3')
    const mine = { ...loaded.collection, owned: true, qtyOwned: 1 }
    d.patchCollection(3, mine)
    transport.release(3)
    await settle()
    expect(d.set?.collection).toEqual(mine)
  })

  it('adds, replaces and removes copies as the back end answers', async () => {
    const d = new SetDetailState()
    void d.open(4)
    transport.release(4)
    await settle()
    const copy = {
      dateAcquired: '2024-05-01',
      currency: 'EUR',
      pricePaid: 10,
      additionalPricePaid: 0,
      currentEstimatedValue: 12,
      conditionWhenAcquired: 'New',
      acquiredFrom: '',
      conditionNow: 'Sealed',
      location: '',
      notes: '',
      parts: true,
      minifigs: true,
      instructions: true,
      box: true,
      willTrade: false
    }
    expect(await d.saveCopy(null, copy)).toBe(true)
    const [saved] = d.copies
    expect(saved?.setID).toBe(4)
    expect(await d.saveCopy(saved?.localId ?? null, { ...copy, notes: 'gift' })).toBe(true)
    expect(d.copies.map((c) => c.notes)).toEqual(['gift'])
    await d.deleteCopy(saved?.localId ?? '')
    expect(d.copies).toEqual([])
  })
})
