import { afterEach, describe, expect, it } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import type { ReferenceService } from '../../src/emulator/index'
import type { ServiceClient } from '../../src/main/service/index'
import { signedInDemoClient } from './demo-client'

/** Copy records on the reference service (docs/protocol.md §2, issue #12): no hidden state. */

let svc: ReferenceService
afterEach(() => {
  svc.close()
})

async function start(quantityCreatesCopies?: boolean): Promise<{
  client: ServiceClient
  setID: number
  other: number
}> {
  svc = createReferenceService({
    sets: 40,
    seed: 3,
    ...(quantityCreatesCopies === undefined ? {} : { quantityCreatesCopies })
  })
  const client = await signedInDemoClient(svc)
  const free = (await client.v2.getSets({ pageSize: 40, pageNumber: 1 }))
    .map((s) => s.setID)
    .filter((id) => svc.admin.getCollectionValue('demo', id).qtyOwned === 0)
  return { client, setID: free[0] ?? 0, other: free[1] ?? 0 }
}

const ids = async (client: ServiceClient, setID: number): Promise<number[]> =>
  (await client.v2.getCollectionDetail({ SetID: setID })).map((c) => c.collectionID)

const detail = (collectionID: number, notes: string) => ({
  collectionID,
  dateAcquired: '21-08-18',
  currency: 'EUR',
  pricePaid: 3,
  additionalPricePaid: 0.49,
  currentEstimatedValue: 3.49,
  notes,
  parts: true,
  minifigs: false,
  instructions: true,
  box: true,
  willTrade: false,
  modified: true,
  deleted: false
})

describe('copy records follow the quantity', () => {
  it('each unit raised adds one blank record, on that set only', async () => {
    const { client, setID, other } = await start()
    const otherBefore = await ids(client, other)
    await client.v2.setCollection_qtyOwned({ setID, qtyOwned: 2 })
    expect(await ids(client, setID)).toHaveLength(2)
    await client.v2.setCollection({ setID, qtyOwned: 3, wanted: 0 })
    expect(await ids(client, setID)).toHaveLength(3)
    await client.v3.setCollection({ SetID: setID, params: { qtyOwned: 4 } })
    const all = await client.v2.getCollectionDetail({ SetID: setID })
    expect(all).toHaveLength(4)
    expect(all.every((c) => c.notes === '' && c.dateAcquired === '' && !c.modified)).toBe(true)
    expect(await ids(client, other)).toEqual(otherBefore)
  })

  it('owning a set adds its first record; lowering removes the newest blank ones first', async () => {
    const { client, setID } = await start()
    await client.v2.setCollection_owns({ setID, owned: 1 })
    await client.v2.setCollection_qtyOwned({ setID, qtyOwned: 3 })
    const [first = 0, second = 0, third = 0] = await ids(client, setID)
    await client.v2.setCollectionDetail({ detail: detail(second, 'kept') })
    await client.v2.setCollection_qtyOwned({ setID, qtyOwned: 2 })
    expect(await ids(client, setID)).toEqual([first, second])
    await client.v2.setCollection_qtyOwned({ setID, qtyOwned: 1 })
    expect(await ids(client, setID)).toEqual([second])
    expect(third).toBeGreaterThan(second)
  })

  it('with quantityCreatesCopies false, quantity leaves copy records alone', async () => {
    const { client, setID } = await start(false)
    await client.v2.setCollection_qtyOwned({ setID, qtyOwned: 3 })
    await client.v3.setCollection({ SetID: setID, params: { own: 1 } })
    expect(await ids(client, setID)).toEqual([])
  })
})

describe('setCollectionDetail', () => {
  it('refuses collectionID 0 and unknown ids, whatever was read before', async () => {
    const { client, setID } = await start()
    await client.v2.getCollectionDetail({ SetID: setID })
    for (const id of [0, 987654]) {
      await expect(
        client.v2.setCollectionDetail({ detail: detail(id, 'x') }),
        String(id)
      ).rejects.toThrow(/invalid collectionID/)
    }
    expect(await ids(client, setID)).toEqual([])
  })

  it('replaces by id, keeps modified and the date text as sent, deletes by id', async () => {
    const { client, setID } = await start()
    await client.v2.setCollection_qtyOwned({ setID, qtyOwned: 2 })
    const [a = 0, b = 0] = await ids(client, setID)
    await client.v2.setCollectionDetail({ detail: detail(a, 'first') })
    const [read] = await client.v2.getCollectionDetail({ SetID: setID })
    expect(read).toMatchObject({ collectionID: a, dateAcquired: '21-08-18', modified: true })
    await client.v2.setCollectionDetail({ detail: { ...detail(a, 'first'), modified: false } })
    expect((await client.v2.getCollectionDetail({ SetID: setID }))[0]?.modified).toBe(false)
    await client.v2.setCollectionDetail({ detail: { ...detail(b, ''), deleted: true } })
    expect(await ids(client, setID)).toEqual([a])
    await expect(
      client.v2.setCollectionDetail({ detail: { ...detail(a, ''), dateAcquired: '31-02-18' } })
    ).rejects.toThrow(/dateAcquired/)
  })
})
