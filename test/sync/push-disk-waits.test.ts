import type Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { createBulkEditHandlers } from '../../src/main/collection/bulk-edit-handlers'
import type { Store } from '../../src/main/store/connection'
import { pushHarness } from '../collection/service-harness'
import type { PushHarness } from '../collection/service-harness'

/**
 * Issue #25 (bulk edit, undo and the push of both: longest stall ≤ 50 ms): each pushed row's
 * record that its write is about to leave was committed with `synchronous = FULL`, so the main
 * thread waited for an fsync per row, 5-150 ms each on the shared machine, and a 5,000-row push
 * held the thread 100-200 ms at times. The record must still be on disk before the write leaves;
 * it is now synced off the thread (store/commit-off-thread.ts), and no commit of the round waits
 * for the disk on it.
 */

let h: PushHarness
afterEach(() => {
  h.close()
})

/** The store with its write connection noting, for each commit, whether it waited for the disk. */
function watching(store: Store): { store: Store; synced: boolean[] } {
  const synced: boolean[] = []
  const db = store.write as unknown as Database.Database
  const full = () => db.pragma('synchronous', { simple: true }) === 2
  const statement = (s: Database.Statement): Database.Statement =>
    new Proxy(s, {
      get(target, prop) {
        const v = Reflect.get(target, prop, target) as unknown
        if (prop === 'run' && typeof v === 'function') {
          return (...args: unknown[]) => {
            if (!db.inTransaction) synced.push(full())
            return (v as (...a: unknown[]) => unknown).apply(target, args)
          }
        }
        return typeof v === 'function' ? (v as () => unknown).bind(target) : v
      }
    })
  const write = new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare') return (text: string) => statement(target.prepare(text))
      if (prop === 'transaction') {
        return (fn: (...a: unknown[]) => unknown) => {
          const t = target.transaction(fn)
          const noted =
            (g: (...a: unknown[]) => unknown) =>
            (...args: unknown[]) => {
              if (!target.inTransaction) synced.push(full())
              return g(...args)
            }
          return Object.assign(noted(t), {
            deferred: noted((...a: unknown[]) => t.deferred(...a)),
            immediate: noted((...a: unknown[]) => t.immediate(...a)),
            exclusive: noted((...a: unknown[]) => t.exclusive(...a))
          })
        }
      }
      const v = Reflect.get(target, prop, target) as unknown
      return typeof v === 'function' ? (v as () => unknown).bind(target) : v
    }
  })
  return { store: { ...store, write, read: write } as unknown as Store, synced }
}

describe('a push round', () => {
  it('never waits for the disk on the main thread, and every row reaches the service', async () => {
    h = await pushHarness()
    const ids = h.setIDs.slice(0, 40)
    await createBulkEditHandlers(h.deps)['collection:bulkEdit']({
      setIDs: ids,
      action: { kind: 'wanted', value: true }
    })
    expect(h.pending()).toBe(40)
    const w = watching(h.store)
    const pusher = h.pusherOn(w.store)
    const report = await pusher.push()
    expect(report).toMatchObject({ pushed: 40, conflicts: 0, failed: 0, stopped: null })
    expect(h.pending()).toBe(0)
    for (const id of ids) expect(h.svc.admin.getCollectionValue('demo', id).wanted).toBe(true)
    // One "sent" record per row, and the confirmations: all committed, none waiting on the thread.
    expect(w.synced.length).toBeGreaterThanOrEqual(40)
    expect(w.synced.filter((full) => full)).toEqual([])
    expect(h.store.write.pragma('synchronous', { simple: true })).toBe(2)
  })
})
