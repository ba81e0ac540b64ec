import type Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { createBulkEditHandlers } from '../../src/main/collection/bulk-edit-handlers'
import type { Store } from '../../src/main/store/connection'
import { pushHarness } from '../collection/service-harness'
import type { PushHarness } from '../collection/service-harness'

/**
 * Issue #25: pushing a 5,000-set bulk edit took minutes, most of it commits: each pushed row was
 * two transactions of its own (recorded as sent, then confirmed), and each commit waits for the
 * disk (an fsync, ~5 ms of main thread on the loaded 2-core machine). What must stay one commit
 * per row is the record that a write is about to leave; the confirmations after the service
 * showed the values are committed together.
 */

let h: PushHarness
afterEach(() => {
  h.close()
})

/** The store with its write connection counting commits: statements run outside a transaction, and transactions. */
function counting(store: Store): { store: Store; commits: () => number } {
  let commits = 0
  const db = store.write as unknown as Database.Database
  const statement = (s: Database.Statement): Database.Statement =>
    new Proxy(s, {
      get(target, prop) {
        const v = Reflect.get(target, prop, target) as unknown
        if (prop === 'run' && typeof v === 'function') {
          return (...args: unknown[]) => {
            if (!db.inTransaction) commits++
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
          const counted =
            (g: (...a: unknown[]) => unknown) =>
            (...args: unknown[]) => {
              if (!target.inTransaction) commits++
              return g(...args)
            }
          return Object.assign(counted(t), {
            deferred: counted((...a: unknown[]) => t.deferred(...a)),
            immediate: counted((...a: unknown[]) => t.immediate(...a)),
            exclusive: counted((...a: unknown[]) => t.exclusive(...a))
          })
        }
      }
      const v = Reflect.get(target, prop, target) as unknown
      return typeof v === 'function' ? (v as () => unknown).bind(target) : v
    }
  })
  return {
    store: { ...store, write, read: write } as unknown as Store,
    commits: () => commits
  }
}

describe('a large push', () => {
  it('commits about once per row, not twice, and every row still reaches the service', async () => {
    h = await pushHarness()
    const ids = h.setIDs.slice(0, 40)
    await createBulkEditHandlers(h.deps)['collection:bulkEdit']({
      setIDs: ids,
      action: { kind: 'wanted', value: true }
    })
    expect(h.pending()).toBe(40)
    const c = counting(h.store)
    const pusher = h.pusherOn(c.store)
    const report = await pusher.push()
    expect(report).toMatchObject({ pushed: 40, conflicts: 0, failed: 0, stopped: null })
    expect(h.pending()).toBe(0)
    for (const id of ids) expect(h.svc.admin.getCollectionValue('demo', id).wanted).toBe(true)
    // One commit per row records its write before it leaves; the confirmations go together.
    expect(c.commits()).toBeGreaterThanOrEqual(40)
    expect(c.commits()).toBeLessThanOrEqual(40 + 5)
  })

  it('a round cut off mid-way still records what the service confirmed', async () => {
    let writes = 0
    h = await pushHarness({
      fetch: (svc) => async (req: Request) => {
        const body = await req.clone().text()
        // The service is unreachable from the 13th write on.
        if (/setCollection|wanted/i.test(`${req.url}\n${body}`) && !/getSet/i.test(req.url)) {
          writes++
          if (writes > 12) throw new TypeError('fetch failed')
        }
        return svc.handle(req)
      }
    })
    const ids = h.setIDs.slice(0, 30)
    await createBulkEditHandlers(h.deps)['collection:bulkEdit']({
      setIDs: ids,
      action: { kind: 'wanted', value: true }
    })
    const report = await h.pusher.push()
    expect(report.stopped).not.toBeNull()
    const shown = ids.filter((id) => h.svc.admin.getCollectionValue('demo', id).wanted)
    expect(shown.length).toBeGreaterThan(0)
    // Every set the service shows wanted is confirmed; the others still wait.
    expect(h.pending()).toBe(30 - shown.length)
    const left = h.store.read
      .prepare("SELECT set_id FROM outbox WHERE state = 'pending' ORDER BY set_id")
      .all() as { set_id: number }[]
    expect(left.map((r) => r.set_id)).toEqual(
      ids.filter((id) => !shown.includes(id)).sort((a, b) => a - b)
    )
  })
})
