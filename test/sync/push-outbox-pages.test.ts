import type Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { createBulkEditHandlers } from '../../src/main/collection/bulk-edit-handlers'
import type { Store } from '../../src/main/store/connection'
import { pushHarness } from '../collection/service-harness'
import type { PushHarness } from '../collection/service-harness'

/**
 * Issue #25: a push round of a 5,000-set bulk edit began by reading every pending row at once
 * (SELECT * of 5,000 rows, twice: once to see whether there was anything to push, once for the
 * pass), which held the main thread 80-130 ms under load. The round reads the outbox in pages,
 * and whether there is anything to push is asked without reading the rows.
 */

let h: PushHarness
afterEach(() => {
  h.close()
})

/** The store with its write connection recording how many rows each read of the outbox returned. */
function watching(store: Store): { store: Store; reads: number[] } {
  const reads: number[] = []
  const db = store.write as unknown as Database.Database
  const statement = (text: string, s: Database.Statement): Database.Statement =>
    new Proxy(s, {
      get(target, prop) {
        const v = Reflect.get(target, prop, target) as unknown
        if (prop === 'all' && typeof v === 'function' && /FROM\s+outbox/i.test(text)) {
          return (...args: unknown[]) => {
            const rows = (v as (...a: unknown[]) => unknown[]).apply(target, args)
            reads.push(rows.length)
            return rows
          }
        }
        return typeof v === 'function' ? (v as () => unknown).bind(target) : v
      }
    })
  const write = new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare') return (text: string) => statement(text, target.prepare(text))
      const v = Reflect.get(target, prop, target) as unknown
      return typeof v === 'function' ? (v as () => unknown).bind(target) : v
    }
  })
  return { store: { ...store, write } as unknown as Store, reads }
}

describe('a push round over many rows', () => {
  it('reads the outbox in pages of at most 100 rows, and still pushes every row', async () => {
    h = await pushHarness()
    const bulk = createBulkEditHandlers(h.deps)['collection:bulkEdit']
    const ids = [...h.setIDs]
    await bulk({ setIDs: ids, action: { kind: 'wanted', value: true } })
    for (const flagNo of [1, 2, 3, 4]) {
      await bulk({ setIDs: ids, action: { kind: 'flag', flagNo, value: true } })
    }
    await bulk({ setIDs: ids, action: { kind: 'appendNote', text: 'paged' } })
    const rows = h.pending()
    expect(rows).toBeGreaterThan(250)
    const w = watching(h.store)
    const pusher = h.pusherOn(w.store)
    const report = await pusher.push()
    expect(report).toMatchObject({ pushed: rows, conflicts: 0, failed: 0, stopped: null })
    expect(h.pending()).toBe(0)
    for (const id of ids) {
      const v = h.svc.admin.getCollectionValue('demo', id)
      expect(v.wanted).toBe(true)
      expect(v.flags.slice(0, 4)).toEqual([true, true, true, true])
      expect(v.notes).toContain('paged')
    }
    expect(w.reads.length).toBeGreaterThan(0)
    expect(Math.max(...w.reads)).toBeLessThanOrEqual(100)
  })
})
