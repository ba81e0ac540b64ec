import { describe, expect, it } from 'vitest'
import { createBulkEditHandlers } from '../../src/main/collection/bulk-edit-handlers'
import { pushHarnessEachTest, watchedStore } from './push-rig'

/**
 * Issue #25: a push round of a 5,000-set bulk edit began by reading every pending row at once
 * (SELECT * of 5,000 rows, twice: once to see whether there was anything to push, once for the
 * pass), which held the main thread 80-130 ms under load. The round reads the outbox in pages,
 * and whether there is anything to push is asked without reading the rows.
 */

const harness = pushHarnessEachTest()

describe('a push round over many rows', () => {
  it('reads the outbox in pages of at most 100 rows, and still pushes every row', async () => {
    const h = await harness()
    const bulk = createBulkEditHandlers(h.deps)['collection:bulkEdit']
    const ids = [...h.setIDs]
    await bulk({ setIDs: ids, action: { kind: 'wanted', value: true } })
    for (const flagNo of [1, 2, 3, 4]) {
      await bulk({ setIDs: ids, action: { kind: 'flag', flagNo, value: true } })
    }
    await bulk({ setIDs: ids, action: { kind: 'appendNote', text: 'paged' } })
    const rows = h.pending()
    expect(rows).toBeGreaterThan(250)
    // How many rows each read of the outbox returned, on the write connection.
    const reads: number[] = []
    const watched = watchedStore(
      h.store,
      {
        rows: (sql, n) => {
          if (/FROM\s+outbox/i.test(sql)) reads.push(n)
        }
      },
      { readThroughWrite: false }
    )
    const pusher = h.pusherOn(watched)
    const report = await pusher.push()
    expect(report).toMatchObject({ pushed: rows, conflicts: 0, failed: 0, stopped: null })
    expect(h.pending()).toBe(0)
    for (const id of ids) {
      const v = h.svc.admin.getCollectionValue('demo', id)
      expect(v.wanted).toBe(true)
      expect(v.flags.slice(0, 4)).toEqual([true, true, true, true])
      expect(v.notes).toContain('paged')
    }
    expect(reads.length).toBeGreaterThan(0)
    expect(Math.max(...reads)).toBeLessThanOrEqual(100)
  })
})
