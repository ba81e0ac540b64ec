import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { openStore } from '../../src/main/store/connection'
import type { Store } from '../../src/main/store/connection'
import { transaction } from '../../src/main/store/handles'
import { countAllowanceCall, getAllowance } from '../../src/main/store/sync-state-repo'
import { bundleChild, runChild } from '../durability/child-process'

/**
 * Issue #25: the allowance count before every getSets request commits on the main thread while a
 * catalogue load's worker fills the WAL. Waiting for an fsync of that WAL held the main thread
 * 10-11 ms a count at load 9 (53 ms once in a profiled first run). The count now commits without
 * waiting for the disk (handles.ts `withLazyCommit`); every other commit still waits.
 */
const DAY = '2026-11-26'
let dir = ''
let store: Store | null = null

afterEach(() => {
  store?.close()
  store = null
  if (dir !== '') rmSync(dir, { recursive: true, force: true })
  dir = ''
})

async function fresh(): Promise<Store> {
  dir = mkdtempSync(join(tmpdir(), 'studbook-lazy-'))
  store = await openStore(join(dir, 'studbook.db'))
  store.write
    .prepare(
      `INSERT INTO profiles (id, kind, label, base_url, created_at)
       VALUES (1, 'demo', 'Demo', 'https://demo.invalid', '2026-11-26T00:00:00Z')`
    )
    .run()
  return store
}

/** The `synchronous` setting in force each time a statement of `db` runs, from now on. */
function syncAtEachRun(db: Database.Database): number[] {
  const seen: number[] = []
  const prepare = db.prepare.bind(db)
  db.prepare = ((text: string) => {
    const s = prepare(text)
    const run = s.run.bind(s)
    s.run = (...args: unknown[]) => {
      seen.push(Number(db.pragma('synchronous', { simple: true })))
      return run(...args)
    }
    return s
  }) as typeof db.prepare
  return seen
}

describe('the allowance count of each request', () => {
  it('commits without waiting for the disk, and leaves every other commit waiting for it', async () => {
    const s = await fresh()
    const seen = syncAtEachRun(s.write)
    countAllowanceCall(s.write, 1, DAY)
    countAllowanceCall(s.write, 1, DAY)
    // 1 is NORMAL (the WAL is written, not synced), 2 is FULL.
    expect(seen).toEqual([1, 1])
    expect(s.write.pragma('synchronous', { simple: true })).toBe(2)
    expect(getAllowance(s.read, 1, DAY).used).toBe(2)
  })

  it('inside a transaction, commits with it as the transaction does', async () => {
    const s = await fresh()
    const seen = syncAtEachRun(s.write)
    transaction(s.write, () => {
      countAllowanceCall(s.write, 1, DAY)
    })
    expect(seen).toEqual([2])
    expect(getAllowance(s.read, 1, DAY).used).toBe(1)
  })

  it('survives a kill -9 right after it, as every commit does', async () => {
    dir = mkdtempSync(join(tmpdir(), 'studbook-lazy-'))
    const path = join(dir, 'studbook.db')
    const child = await bundleChild(dir, '../store/lazy-commit-child.ts')
    const run = await runChild(child, [path, '25'], (line, kill) => {
      if (line === 'counted') kill()
    })
    expect(run.signal).toBe('SIGKILL')
    store = await openStore(path)
    expect(getAllowance(store.read, 1, DAY).used).toBe(25)
  })
})
