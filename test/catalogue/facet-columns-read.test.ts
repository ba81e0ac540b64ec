import type Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { searchQuery } from '../../src/shared/ipc/channels/catalog'
import {
  computeFacets,
  readFacetColumns,
  readFacetState
} from '../../src/main/catalogue/facets-repo'
import { upsertSets } from '../../src/main/catalogue/sets-repo'
import type { ReadDb } from '../../src/main/store/handles'
import { FIXTURE_AT, makeSet, openTestStore } from './set-fixtures'
import { run } from '../../src/main/store/handles'
import { sql } from '../../src/main/store/sql'
import type { TestStore } from './set-fixtures'
import { setStateSql } from '../../src/main/collection/index'

/**
 * Issue #25 (facets at 200,000 sets, first ≤ 200 ms): the facet worker's first count reads the
 * catalogue's columns. Read as one group per (theme, subtheme, year) that was 96,000 groups at
 * 200,000 sets, each a row from SQLite and a JSON array to parse: 300 ms of CPU. The columns are
 * read as each facet's own groups instead, whose number does not grow with the combinations.
 */

let t: TestStore
const THEMES = ['Castle', 'Space', 'Town', 'Pirates']
const SUBS = ['Knights', 'Classic']
const AVAIL = ['Retail', 'Retired', '']
const YEARS = 50

beforeAll(async () => {
  t = await openTestStore('facet-columns-read')
  // Every set its own (theme, subtheme, year): 4 × 2 × 50 combinations, 400 sets.
  const sets = Array.from({ length: THEMES.length * SUBS.length * YEARS }, (_, i) =>
    makeSet({
      setID: i + 1,
      theme: THEMES[i % 4] ?? '',
      subtheme: SUBS[(i >> 2) % 2] ?? '',
      year: String(1950 + (i >> 3)),
      availability: AVAIL[i % 3] ?? ''
    })
  )
  upsertSets(t.store.write, t.pid, sets, FIXTURE_AT)
})
afterAll(() => {
  t.close()
})

/** The connection, counting the rows its statements return. */
function counting(db: ReadDb): { db: ReadDb; rows: () => number } {
  let rows = 0
  const statement = (s: Database.Statement): Database.Statement => {
    const wrapped: Database.Statement = new Proxy(s, {
      get(target, key) {
        if (key === 'all') {
          return (...args: unknown[]) => {
            const out = target.all(...args)
            rows += out.length
            return out
          }
        }
        if (key === 'raw' || key === 'pluck') {
          return (on?: boolean) => {
            target[key](on)
            return wrapped
          }
        }
        const v: unknown = Reflect.get(target, key, target)
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v
      }
    })
    return wrapped
  }
  const proxy = new Proxy(db, {
    get(target, key) {
      if (key === 'prepare') return (text: string) => statement(target.prepare(text))
      const v: unknown = Reflect.get(target, key, target)
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v
    }
  })
  return { db: proxy, rows: () => rows }
}

describe('facet columns, as read', () => {
  it('take one row per value of each facet, not one per (theme, subtheme, year)', () => {
    const c = counting(t.store.read)
    const columns = readFacetColumns(c.db, t.pid)
    expect(columns.rows).toBe(400)
    // 8 (theme, subtheme) pairs, 50 years, 3 availabilities; before: 400 groups and 3.
    expect(c.rows()).toBeLessThanOrEqual(THEMES.length * SUBS.length + YEARS + AVAIL.length)
    const query = searchQuery.parse({ yearFrom: 1960, yearTo: 1980, availability: 'Retired' })
    const memory = { columns, state: readFacetState(t.store.read, setStateSql, t.pid, columns) }
    expect(computeFacets(t.store.read, setStateSql, t.pid, query, undefined, memory)).toEqual(
      computeFacets(t.store.read, setStateSql, t.pid, query)
    )
  })

  it('are not read for the whole catalogue: its groups are counted as the columns count them', async () => {
    const odd = await openTestStore('facet-columns-read-odd')
    try {
      const sets = Array.from({ length: 60 }, (_, i) =>
        makeSet({
          setID: i + 1,
          theme: ['Castle', 'castle', 'Space', ''][i % 4] ?? '',
          subtheme: i % 5 === 0 ? null : (['Knights', 'Classic'][i % 2] ?? ''),
          year: String(1990 + (i % 6)),
          availability: ['Retail', 'Retired', ''][i % 3] ?? ''
        })
      )
      upsertSets(odd.store.write, odd.pid, sets, FIXTURE_AT)
      // A set with no year at all (the table keeps types strict: no text year, no blob theme).
      run(odd.store.write, sql`UPDATE sets SET year = NULL WHERE set_id = 5`)
      const c = counting(odd.store.read)
      const query = searchQuery.parse({})
      const whole = computeFacets(c.db, setStateSql, odd.pid, query)
      // One row per group: (theme, subtheme) pairs, years and availabilities; no set's own row.
      expect(c.rows()).toBeLessThan(sets.length)
      const columns = readFacetColumns(odd.store.read, odd.pid)
      const memory = {
        columns,
        state: readFacetState(odd.store.read, setStateSql, odd.pid, columns)
      }
      expect(whole).toEqual(
        computeFacets(odd.store.read, setStateSql, odd.pid, query, undefined, memory)
      )
      expect(whole.years.reduce((n, y) => n + y.count, 0)).toBe(sets.length - 1)
      expect(whole.themes.map((th) => th.value)).toEqual(['Castle', 'Space', 'castle'])
      expect(whole.subthemes).toEqual([
        { value: 'Classic', count: 24 },
        { value: 'Knights', count: 24 }
      ])
    } finally {
      odd.close()
    }
  })
})
