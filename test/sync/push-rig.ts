import type Database from 'better-sqlite3'
import { expect } from 'vitest'
import { createBulkEditHandlers } from '../../src/main/collection/bulk-edit-handlers'
import type { OutboxRow } from '../../src/main/collection/index'
import type { Store } from '../../src/main/store/connection'
import { pushHarness } from '../collection/service-harness'
import type { PushHarness } from '../collection/service-harness'
import { closedAfterEach } from '../closed-after-each'

/**
 * The push tests' rig: a store whose write connection reports what the pusher does with it
 * (commits, rows read), and one bulk edit pushed through such a store. Issue #25's push tests
 * (commits per row, fsyncs on the main thread, outbox pages) each watch one of these.
 */

/**
 * Push harnesses that last one test, closed after it (afterEach). At the top of a file,
 * `const harness = pushHarnessEachTest()`; in a test, `const h = await harness()`.
 */
export function pushHarnessEachTest(): typeof pushHarness {
  return closedAfterEach(pushHarness)
}

/** The outbox rows of `store` in the order they were queued, with only the `columns` a test reads. */
export function outboxRows<K extends keyof OutboxRow>(
  store: Store,
  ...columns: K[]
): Pick<OutboxRow, K>[] {
  return store.read.prepare(`SELECT ${columns.join(', ')} FROM outbox ORDER BY id`).all() as Pick<
    OutboxRow,
    K
  >[]
}

export interface WriteWatch {
  /** A commit is about to happen: a statement run outside a transaction, or a transaction. */
  readonly commit?: () => void
  /** A statement prepared from `sql` returned `rows` rows from `all()`. */
  readonly rows?: (sql: string, rows: number) => void
}

type Fn = (...a: unknown[]) => unknown

/** Binds methods to their target, so a proxy's methods run on the real object. */
function passThrough(target: object, prop: string | symbol): unknown {
  const v = Reflect.get(target, prop, target) as unknown
  return typeof v === 'function' ? (v as Fn).bind(target) : v
}

/**
 * The store with its write connection reporting to `watch`. With `readThroughWrite` (the
 * default) reads go through the watched connection too, so nothing the pusher does escapes it.
 */
export function watchedStore(
  store: Store,
  watch: WriteWatch,
  { readThroughWrite = true }: { readThroughWrite?: boolean } = {}
): Store {
  const db = store.write as unknown as Database.Database
  const statement = (sql: string, s: Database.Statement): Database.Statement =>
    new Proxy(s, {
      get(target, prop) {
        const v = Reflect.get(target, prop, target) as unknown
        if (prop === 'run' && typeof v === 'function' && watch.commit) {
          const commit = watch.commit
          return (...args: unknown[]) => {
            if (!db.inTransaction) commit()
            return (v as Fn).apply(target, args)
          }
        }
        if (prop === 'all' && typeof v === 'function' && watch.rows) {
          const rows = watch.rows
          return (...args: unknown[]) => {
            const out = (v as (...a: unknown[]) => unknown[]).apply(target, args)
            rows(sql, out.length)
            return out
          }
        }
        return passThrough(target, prop)
      }
    })
  const write = new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare') return (sql: string) => statement(sql, target.prepare(sql))
      if (prop === 'transaction' && watch.commit) {
        const commit = watch.commit
        return (fn: Fn) => {
          const t = target.transaction(fn)
          const counted =
            (g: Fn) =>
            (...args: unknown[]) => {
              if (!target.inTransaction) commit()
              return g(...args)
            }
          return Object.assign(counted(t), {
            deferred: counted((...a: unknown[]) => t.deferred(...a)),
            immediate: counted((...a: unknown[]) => t.immediate(...a)),
            exclusive: counted((...a: unknown[]) => t.exclusive(...a))
          })
        }
      }
      return passThrough(target, prop)
    }
  })
  return { ...store, write, ...(readThroughWrite ? { read: write } : {}) } as unknown as Store
}

/**
 * Marks the first `count` sets wanted in one bulk edit, then pushes them with a pusher over
 * `watch(store)` (made after the edit, so the edit's own commits are not seen): every row goes
 * out, none conflicts or fails, and the service shows each set wanted.
 */
export async function pushBulkWanted(
  h: PushHarness,
  count: number,
  watch: (store: Store) => Store
): Promise<void> {
  const ids = h.setIDs.slice(0, count)
  await createBulkEditHandlers(h.deps)['collection:bulkEdit']({
    setIDs: ids,
    action: { kind: 'wanted', value: true }
  })
  expect(h.pending()).toBe(count)
  const report = await h.pusherOn(watch(h.store)).push()
  expect(report).toMatchObject({ pushed: count, conflicts: 0, failed: 0, stopped: null })
  expect(h.pending()).toBe(0)
  for (const id of ids) expect(h.svc.admin.getCollectionValue('demo', id).wanted).toBe(true)
}
