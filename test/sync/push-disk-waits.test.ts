import { describe, expect, it } from 'vitest'
import { pushBulkWanted, pushHarnessEachTest, watchedStore } from './push-rig'

/**
 * Issue #25 (bulk edit, undo and the push of both: longest stall ≤ 50 ms): each pushed row's
 * record that its write is about to leave was committed with `synchronous = FULL`, so the main
 * thread waited for an fsync per row, 5-150 ms each on the shared machine, and a 5,000-row push
 * held the thread 100-200 ms at times. The record must still be on disk before the write leaves;
 * it is now synced off the thread (store/commit-off-thread.ts), and no commit of the round waits
 * for the disk on it.
 */

const harness = pushHarnessEachTest()

describe('a push round', () => {
  it('never waits for the disk on the main thread, and every row reaches the service', async () => {
    const h = await harness()
    // For each commit, whether it waited for the disk (synchronous = FULL) on this thread.
    const synced: boolean[] = []
    await pushBulkWanted(h, 40, (store) =>
      watchedStore(store, {
        commit: () => synced.push(store.write.pragma('synchronous', { simple: true }) === 2)
      })
    )
    // One "sent" record per row, and the confirmations: all committed, none waiting on the thread.
    expect(synced.length).toBeGreaterThanOrEqual(40)
    expect(synced.filter((full) => full)).toEqual([])
    expect(h.store.write.pragma('synchronous', { simple: true })).toBe(2)
  })
})
