import { describe, expect, it, vi } from 'vitest'
import { harnessEachTest } from './sync-pull-harness'

/**
 * Issue #25: a first load begins by dropping the search index's triggers (store/fts.ts), a change
 * of the schema that held the main thread 20-60 ms. With a database file the set writer's worker
 * makes it, on its own connection: the main connection drops no trigger, and the load still ends
 * with the triggers back and the index whole.
 */
const harness = harnessEachTest()

describe('the start of a first load', () => {
  it('drops the search triggers from the writer’s connection, not the main one', async () => {
    const x = await harness(600)
    const exec = vi.spyOn(x.store.write, 'exec')
    try {
      const status = await x.sync.run()
      expect(status.error).toBeNull()
      expect(exec.mock.calls.filter(([text]) => /DROP TRIGGER/i.test(text))).toEqual([])
    } finally {
      exec.mockRestore()
    }
    const triggers = x.store.read
      .prepare(
        `SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND name LIKE 'sets_fts_%'`
      )
      .pluck()
      .get()
    expect(triggers).toBe(3)
    const indexed = x.store.read.prepare('SELECT count(*) FROM sets_fts_docsize').pluck().get()
    expect(indexed).toBe(600)
  })
})
