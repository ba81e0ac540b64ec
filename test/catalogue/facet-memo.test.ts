import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { searchQuery } from '../../src/shared/ipc/channels/catalog'
import type { SearchQuery } from '../../src/shared/ipc/channels/catalog'
import { createFacetPool } from '../../src/main/catalogue/facet-pool'
import type { FacetPool } from '../../src/main/catalogue/facet-pool'
import { computeFacets } from '../../src/main/catalogue/facets-repo'
import { upsertSets } from '../../src/main/catalogue/sets-repo'
import { transaction } from '../../src/main/store/handles'
import { FIXTURE_AT, makeSet, openTestStore } from './set-fixtures'
import type { TestStore } from './set-fixtures'
import { setStateSql } from '../../src/main/collection/index'

/**
 * Issue #25, facets at 200,000 sets: a user's next query shares most of its facet counts with
 * the last one (every theme-only query counts the themes of the whole catalogue; a theme and a
 * year range count that theme's years as the theme alone does). The worker keeps what it read,
 * statement by statement, until the database changes.
 */

let t: TestStore
let pool: FacetPool
const parse = (q: SearchQuery) => searchQuery.parse({ ...q, facets: true })
const sets = (ids: number[], theme: string) =>
  ids.map((setID) => makeSet({ setID, theme, year: String(2000 + (setID % 10)) }))

beforeAll(async () => {
  t = await openTestStore('facet-memo')
  transaction(t.store.write, () =>
    upsertSets(
      t.store.write,
      t.pid,
      [...sets([1, 2, 3, 4], 'Castle'), ...sets([5, 6, 7], 'Space')],
      FIXTURE_AT
    )
  )
  pool = createFacetPool(t.store, setStateSql)
})
afterAll(async () => {
  await pool.close()
  t.close()
})

describe('facet counts kept between queries', () => {
  it('a count read for one query serves the next that needs the same count', () => {
    const memo = new Map<string, unknown>()
    const castle = computeFacets(t.store.read, setStateSql, t.pid, parse({ theme: 'Castle' }), memo)
    expect(castle.themes).toEqual([
      { value: 'Castle', count: 4 },
      { value: 'Space', count: 3 }
    ])
    // Written behind the kept counts' back: the next query's theme counts (the whole
    // catalogue's, as for the first) come from what was kept, its own subthemes do not.
    transaction(t.store.write, () =>
      upsertSets(t.store.write, t.pid, sets([8, 9], 'Town'), FIXTURE_AT)
    )
    const town = computeFacets(t.store.read, setStateSql, t.pid, parse({ theme: 'Town' }), memo)
    expect(town.themes).toEqual(castle.themes)
    expect(town.years.reduce((n, y) => n + y.count, 0)).toBe(2)
    // Without them every count is read again.
    expect(
      computeFacets(t.store.read, setStateSql, t.pid, parse({ theme: 'Town' })).themes
    ).toContainEqual({
      value: 'Town',
      count: 2
    })
  })

  it('the worker reads again after any write to the database', async () => {
    const before = await pool.facets(t.pid, parse({ theme: 'Castle' }))
    transaction(t.store.write, () =>
      upsertSets(t.store.write, t.pid, sets([20, 21, 22], 'Pirates'), FIXTURE_AT)
    )
    // Another query that shares the whole catalogue's theme counts with the first.
    const after = await pool.facets(t.pid, parse({ theme: 'Space' }))
    expect(after?.themes).toContainEqual({ value: 'Pirates', count: 3 })
    expect(after?.themes).not.toEqual(before?.themes)
    expect(after).toEqual(
      computeFacets(t.store.read, setStateSql, t.pid, parse({ theme: 'Space' }))
    )
  })
})
