import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openStore } from '../../src/main/store/connection'
import type { Store } from '../../src/main/store/connection'
import { storageFault } from '../../src/main/store/faults'
import { whileWritingElsewhere } from '../../src/main/store/hand-off'
import { get, run, transaction } from '../../src/main/store/handles'
import { sql } from '../../src/main/store/sql'

/**
 * A worker applying a restore holds the file's write lock for seconds. A main-thread write made
 * meanwhile must not wait for it (the thread would freeze for the busy timeout): it fails at once
 * as db_busy, writes nothing, and writes work again once the hand-off ends.
 */
let dir: string
let store: Store
let worker: Database.Database

const keyOf = (k: string) =>
  get<{ v: string }>(store.read, sql`SELECT value AS v FROM settings WHERE key = ${k}`)?.v ?? null

function write(key: string): void {
  transaction(store.write, () => {
    run(store.write, sql`INSERT OR REPLACE INTO settings (key, value) VALUES (${key}, 'x')`)
  })
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'studbook-handoff-'))
  store = await openStore(join(dir, 'studbook.db'))
  worker = new Database(join(dir, 'studbook.db'))
})

afterEach(() => {
  if (worker.inTransaction) worker.exec('ROLLBACK')
  worker.close()
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('a write handed off to another connection', () => {
  it('makes a main-thread write fail at once as db_busy, writing nothing', async () => {
    let caught: unknown = null
    await whileWritingElsewhere(store.write, () => {
      worker.exec('BEGIN IMMEDIATE')
      try {
        write('during')
      } catch (e) {
        caught = e
      }
      worker.exec('COMMIT')
      return Promise.resolve()
    })
    const fault = storageFault(caught)
    expect(fault?.code).toBe('db_busy')
    expect(fault?.retryable).toBe(true)
    expect(keyOf('during')).toBeNull()
  })

  it('waits for the lock again once the hand-off has ended', async () => {
    await whileWritingElsewhere(store.write, () => Promise.resolve())
    expect(store.write.pragma('busy_timeout', { simple: true })).toBe(5000)
    write('after')
    expect(keyOf('after')).toBe('x')
  })

  it('keeps the window open until the last of two overlapping hand-offs ends', async () => {
    let release = (): void => undefined
    const outer = whileWritingElsewhere(store.write, () => new Promise<void>((r) => (release = r)))
    await whileWritingElsewhere(store.write, () => Promise.resolve())
    expect(store.write.pragma('busy_timeout', { simple: true })).toBe(0)
    release()
    await outer
    expect(store.write.pragma('busy_timeout', { simple: true })).toBe(5000)
  })
})
