import { describe, expect, it } from 'vitest'
import { browserApp, until } from '../ipc/browser-app'

/**
 * A bulk edit, then its undo while the edit's background push still runs: the undo is written by
 * the edit writer's worker, and the push round's own writes meanwhile fail as busy and wait for
 * a later round. The undo's wake must get that round: every row ends pushed, none left waiting
 * for some other edit to come along. (The wait below only detects a hang; nothing is timed.)
 */
const SETS = 600
const BULK = 500
const { call } = browserApp('push-after-bulk', SETS, { synced: true })

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
    await until(async () => (await call<unknown[]>('outbox:list', {})).length < BULK)
    await call('journal:undo', { entryId: edit.journalId })
    const drained = await until(async () => (await call<unknown[]>('outbox:list', {})).length === 0)
    expect(drained).toBe(true)
  })
})
