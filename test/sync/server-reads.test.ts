import { describe, expect, it } from 'vitest'
import type { ServiceClient } from '../../src/main/service/index'
import { ServerReads } from '../../src/main/sync/push/ops'

/** A client that answers getSet with a record naming the set, and counts what it was asked. */
function countingClient(): { client: ServiceClient; asked: number[] } {
  const asked: number[] = []
  const client = {
    v2: {
      getSet: ({ SetID }: { SetID: number }) => {
        asked.push(SetID)
        return Promise.resolve([{ setID: SetID }])
      }
    }
  } as unknown as ServiceClient
  return { client, asked }
}

describe("a push round's cache of service reads", () => {
  it('reads a set once until a write to that set drops it; other sets stay read', async () => {
    const { client, asked } = countingClient()
    const reads = new ServerReads(client)
    await reads.v2Set(1)
    await reads.v2Set(12)
    await reads.v2Set(112)
    await reads.v2Set(1)
    expect(asked).toEqual([1, 12, 112])
    reads.forget(12)
    await reads.v2Set(1)
    await reads.v2Set(12)
    await reads.v2Set(112)
    expect(asked).toEqual([1, 12, 112, 12])
    reads.forget(null)
    await reads.v2Set(1)
    expect(asked).toEqual([1, 12, 112, 12, 1])
  })

  it('asks again after a read that failed', async () => {
    let calls = 0
    const client = {
      v2: {
        getSet: () => (++calls === 1 ? Promise.reject(new Error('cut')) : Promise.resolve([]))
      }
    } as unknown as ServiceClient
    const reads = new ServerReads(client)
    await expect(reads.v2Set(5)).rejects.toThrow('cut')
    await expect(reads.v2Set(5)).resolves.toBeNull()
    expect(calls).toBe(2)
  })
})
