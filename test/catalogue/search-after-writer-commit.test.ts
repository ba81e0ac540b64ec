import { existsSync, readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { searchQuery } from '../../src/shared/ipc/channels/catalog'
import { nextMinifigPull } from '../../src/main/catalogue/index'
import { searchSets } from '../../src/main/catalogue/search-repo'
import { upsertSets } from '../../src/main/catalogue/sets-repo'
import { transaction } from '../../src/main/store/handles'
import { setWriter } from '../../src/main/sync/pull/set-writer'
import { FIXTURE_AT, makeSet, openTestStore } from './set-fixtures'
import type { TestStore } from './set-fixtures'

/**
 * Issue #25 (search p95 ≤ 5 ms while the rest of a sync runs): the set writer's worker commits
 * the figure catalogue into the same file every ~15 ms, and a commit by another connection makes
 * the main connection drop its whole page cache. Each search after one read every page it needed
 * again from the OS, one `pread` a page (10.4 ms against 1.0 ms warm for "castle" at 20,000
 * sets). Counted here as the main thread's read system calls (Linux's per-thread I/O counters),
 * not timed: a search after the writer's commit should read about what the same search reads
 * with nothing committed meanwhile.
 */
const IO = '/proc/thread-self/io'
const linux = existsSync(IO)

/** Read system calls made by this thread so far (reading the counter itself costs one or two). */
const readCalls = (): number => Number(/^syscr: (\d+)$/m.exec(readFileSync(IO, 'utf8'))?.[1])

/** The main thread's reads for one search. */
function readsOf(t: TestStore, text: string): number {
  const q = searchQuery.parse({ text, limit: 50 })
  const before = readCalls()
  searchSets(t.store.read, t.pid, q)
  return readCalls() - before
}

const N = 5000
let t: TestStore

beforeAll(async () => {
  t = await openTestStore('search-after-writer-commit')
  const sets = Array.from({ length: N }, (_, i) =>
    makeSet({ setID: i + 1, name: i % 4 === 0 ? `beta ${String(i)}` : `alpha ${String(i)}` })
  )
  transaction(t.store.write, () => upsertSets(t.store.write, t.pid, sets, FIXTURE_AT))
  // The sets in the file itself, as after the load's checkpoints: only the figures in the WAL.
  t.store.write.pragma('wal_checkpoint(TRUNCATE)')
})
afterAll(() => {
  t.close()
})

describe.skipIf(!linux)('a search just after the set writer committed figures', () => {
  it.each([
    ['a word', 'beta'],
    ['the whole list', '']
  ])('reads %s without reading the file again page by page', async (_, text) => {
    // Warm: the pages, and every match set and total the search keeps per catalogue.
    searchSets(t.store.read, t.pid, searchQuery.parse({ text, limit: 50 }))
    const warm = readsOf(t, text)
    const writer = setWriter(t.store, new AbortController().signal)
    try {
      const mark = nextMinifigPull(t.store.write, t.pid)
      await writer.writeFigures({
        profileId: t.pid,
        mark,
        figures: Array.from({ length: 300 }, (_, i) => ({
          minifigNumber: `fig${String(i)}`,
          name: `Figure ${String(i)}`,
          sets: [{ setID: 1 + i, quantity: 1 }]
        }))
      })
    } finally {
      await writer.close()
    }
    // The figures are committed by the worker's connection (so not a change of `sets`)...
    expect(
      t.store.read.prepare('SELECT count(*) FROM minifigs WHERE profile_id = ?').pluck().get(t.pid)
    ).toBeGreaterThanOrEqual(300)
    // ...and the search reads a page of the file again at most for a few of them (the WAL's).
    const after = readsOf(t, text)
    expect(after).toBeLessThanOrEqual(warm + 4)
  })
})
