import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { searchQuery } from '../../src/shared/ipc/channels/catalog'
import { filters } from '../../src/main/catalogue/search-filters'
import { searchSets } from '../../src/main/catalogue/search-repo'
import { openTestStore, storeShuffledSets } from './set-fixtures'
import type { TestStore } from './set-fixtures'
import { setStateSql } from '../../src/main/collection/index'
import { noteCatalogueChange } from '../../src/main/store/match-sets'

/**
 * Issue #28 (p95 ≤ 20 ms at 200,000 sets): a later page of a word with many matches (a typo
 * forgiven at 200,000 sets: 7,000-9,000) was read as the list of its matches, each set looked
 * up, its summary and user state read, then all sorted: 25 ms of CPU for page 3. Walking the
 * sort's index and testing each entry against the matches' bitset reads index entries only, and
 * stops after the page: an entry walked costs a fraction of a set looked up, and the choice
 * between the two now weighs them so.
 */
let t: TestStore
const N = 3000

beforeAll(async () => {
  t = await openTestStore('search-walk-choice')
  // 'beta' in a quarter of the sets (750), numbers out of step with rowids.
  storeShuffledSets(t, N, { firstNumber: 10_000, stride: 7919 }, (i) =>
    i % 4 === 0 ? `beta ${i}` : `alpha ${i}`
  )
})
afterAll(() => {
  t.close()
})

describe('a later page of a common word', () => {
  it('walks the sort order testing each set against the matches, and pages as the list does', () => {
    const q = searchQuery.parse({ text: 'beta', offset: 200 })
    // 750 matches, 300 rows wanted of 3,000: the walk reads about 1,200 index entries, the
    // list looks up all 750 sets and sorts them. Each entry is tested by SQLite's own substr
    // against the match bytes: no call into JavaScript per entry walked.
    expect(filters(t.store.read, setStateSql, q, true).get('text')?.text).toMatch(/^substr\(/)
    const page = searchSets(t.store.read, setStateSql, t.pid, q)
    const all = searchSets(
      t.store.read,
      setStateSql,
      t.pid,
      searchQuery.parse({ text: 'beta', limit: 500 })
    )
    expect(page.total).toBe(750)
    expect(page.rows.map((r) => r.setID)).toEqual(all.rows.slice(200, 300).map((r) => r.setID))
  })
})

describe('a set whose rowid lies far from the others (a damaged or hand-edited file)', () => {
  /** The pages of a word's matches, 100 at a time, as set ids. */
  const pagesOf = (text: string): number[] => {
    const ids: number[] = []
    for (let offset = 0; ; offset += 100) {
      const page = searchSets(
        t.store.read,
        setStateSql,
        t.pid,
        searchQuery.parse({ text, offset, limit: 100 })
      )
      ids.push(...page.rows.map((r) => r.setID))
      if (page.rows.length < 100) return ids
    }
  }

  it.each([
    ['past 2^32', 2 ** 32 + 5],
    ['negative', -7]
  ])('is still found on its page when its rowid is %s', (_, rowid) => {
    const before = pagesOf('beta')
    const moved = before[before.length - 1] ?? 0
    // The search index follows the rowid as a full rebuild (as on open after a crash) has it.
    const moveTo = (id: number): void => {
      t.store.write
        .prepare('UPDATE sets SET id = ? WHERE profile_id = ? AND set_id = ?')
        .run(id, t.pid, moved)
      t.store.write.exec(`INSERT INTO sets_fts (sets_fts) VALUES ('rebuild')`)
      noteCatalogueChange(t.store.write)
    }
    const original = t.store.write
      .prepare('SELECT id FROM sets WHERE profile_id = ? AND set_id = ?')
      .pluck()
      .get(t.pid, moved) as number
    moveTo(rowid)
    try {
      const after = pagesOf('beta')
      expect(after).toHaveLength(750)
      expect(new Set(after)).toEqual(new Set(before))
    } finally {
      moveTo(original)
    }
  })
})
