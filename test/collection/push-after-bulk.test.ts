import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../src/main/app/compose'
import type { AppContext } from '../../src/main/app/compose'
import { dispatch } from '../../src/main/ipc/dispatch'
import type { Result } from '../../src/shared/ipc/result'

/**
 * A bulk edit, then its undo while the edit's background push still runs: the undo is written by
 * the edit writer's worker, and the push round's own writes meanwhile fail as busy and wait for
 * a later round. The undo's wake must get that round: every row ends pushed, none left waiting
 * for some other edit to come along. (The wait below only detects a hang; nothing is timed.)
 */
const dir = mkdtempSync(join(tmpdir(), 'studbook-push-after-bulk-'))
let app: AppContext
const SETS = 600
const BULK = 500

async function call<T>(channel: string, input: unknown): Promise<T> {
  const r = (await dispatch(app.handlers, channel, input)) as Result<T>
  if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`)
  return r.value
}

async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) return false
    await new Promise((r) => setTimeout(r, 100))
  }
  return true
}

beforeAll(async () => {
  app = await createApp({
    dataDir: dir,
    host: 'browser',
    demoSets: SETS,
    autoSync: false,
    credentials: 'memory'
  })
  await call('sync:start', { full: true })
  await until(
    async () => !(await call<{ running: boolean }>('sync:getStatus', {})).running,
    120_000
  )
}, 180_000)

afterAll(async () => {
  await app.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('a bulk edit undone while its push runs', () => {
  it('ends with every row pushed', async () => {
    const { rows } = await call<{ rows: { setID: number }[] }>('catalog:search', {
      text: '',
      limit: BULK,
      wanted: false
    })
    expect(rows).toHaveLength(BULK)
    const edit = await call<{ journalId: number }>('collection:bulkEdit', {
      setIDs: rows.map((r) => r.setID),
      action: { kind: 'wanted', value: true }
    })
    // The background push has begun: some rows went, some still wait.
    await until(async () => (await call<unknown[]>('outbox:list', {})).length < BULK, 60_000)
    await call('journal:undo', { entryId: edit.journalId })
    const drained = await until(
      async () => (await call<unknown[]>('outbox:list', {})).length === 0,
      120_000
    )
    expect(drained).toBe(true)
  }, 300_000)
})
