import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { searchQuery } from '../../src/shared/ipc/channels/catalog'
import type { SearchQuery } from '../../src/shared/ipc/channels/catalog'
import {
  computeFacets,
  readFacetColumns,
  readFacetState
} from '../../src/main/catalogue/facets-repo'
import { createFacetPool } from '../../src/main/catalogue/facet-pool'
import { upsertSets } from '../../src/main/catalogue/sets-repo'
import { knownFacets } from '../../src/main/catalogue/search-repo'
import { noteCatalogueChange } from '../../src/main/store/match-sets'
import { run, transaction } from '../../src/main/store/handles'
import { sql } from '../../src/main/store/sql'
import { FIXTURE_AT, makeSet, openTestStore } from './set-fixtures'
import { seedFacetCatalogue } from './facet-fixtures'
import type { TestStore } from './set-fixtures'
import { setStateSql } from '../../src/main/collection/index'

/**
 * Issue #25: the facet worker counts theme, subtheme, year and availability from columns it keeps
 * in memory (facet-columns.ts), read once per catalogue change. The counts must be exactly the
 * SQL facets' (values, order, ties, empty values left out) under every kind of filter, and the
 * columns must be a snapshot the worker reads again when the catalogue changes.
 */

let t: TestStore
const THEMES = ['Castle', 'Space', 'Town', 'Pirates', 'Trains', 'Ärger', 'castle']

beforeAll(async () => {
  t = await openTestStore('facet-columns')
  seedFacetCatalogue(t, 500, THEMES, true)
})
afterAll(() => {
  t.close()
})

/** This profile's columns and marks as the facet worker reads them. */
function memoryOf(): Parameters<typeof computeFacets>[5] {
  const columns = readFacetColumns(t.store.read, t.pid)
  return { columns, state: readFacetState(t.store.read, setStateSql, t.pid, columns) }
}

const QUERIES: [string, SearchQuery][] = [
  ['the whole catalogue', {}],
  ['a year range', { yearFrom: 1990, yearTo: 2005 }],
  ['an open year range', { yearFrom: 2010 }],
  ['a theme and a year range', { theme: 'Space', yearFrom: 1985, yearTo: 2010 }],
  ['a theme no set has', { theme: 'Nowhere' }],
  ['a text', { text: 'castle' }],
  ['a one-letter text', { text: 'h' }],
  ['a text and a year range', { text: 'harbour', yearFrom: 1995 }],
  ['a text and an availability', { text: 'kee', availability: 'Retired' }],
  ['owned sets in a year range', { owned: true, yearFrom: 1990, yearTo: 2019 }],
  ['sets not owned, one theme', { owned: false, theme: 'Town' }],
  ['wanted sets', { wanted: true }],
  ['flagged sets', { flags: [1, 2] }],
  ['flagged sets with a text', { flags: [1], text: 'castle' }],
  ['owned and wanted with a theme', { owned: true, wanted: false, theme: 'Castle' }],
  ['a price', { price: { region: 'UK', max: 20 } }],
  ['an availability and a subtheme', { availability: 'Retired', subtheme: 'Knights' }]
]

/** A facet pool that fails the test if it ever counts on the main side instead of in its worker. */
const workerOnlyPool = () =>
  createFacetPool(t.store, setStateSql, {
    onFallback: (why) => {
      throw new Error(why)
    }
  })

describe('facet columns', () => {
  it.each(QUERIES)('count %s exactly as the SQL facets do', (_, q) => {
    const query = searchQuery.parse(q)
    expect(computeFacets(t.store.read, setStateSql, t.pid, query, undefined, memoryOf())).toEqual(
      computeFacets(t.store.read, setStateSql, t.pid, query)
    )
  })

  it('are a snapshot: counts come from memory until the columns are read again', () => {
    const query = searchQuery.parse({})
    const cols = memoryOf()
    const before = computeFacets(t.store.read, setStateSql, t.pid, query)
    run(
      t.store.write,
      sql`UPDATE sets SET theme = 'Moved' WHERE profile_id = ${t.pid} AND set_id <= 5`
    )
    try {
      expect(
        computeFacets(t.store.read, setStateSql, t.pid, query, undefined, cols).themes
      ).toEqual(before.themes)
      const fresh = memoryOf()
      const now = computeFacets(t.store.read, setStateSql, t.pid, query, undefined, fresh)
      expect(now.themes).toContainEqual({ value: 'Moved', count: 5 })
      expect(now).toEqual(computeFacets(t.store.read, setStateSql, t.pid, query))
    } finally {
      run(
        t.store.write,
        sql`UPDATE sets SET theme = CASE set_id % 7 WHEN 1 THEN 'Castle' WHEN 2 THEN 'Space'
          WHEN 3 THEN 'Town' WHEN 4 THEN 'Pirates' WHEN 5 THEN 'Trains' WHEN 6 THEN 'Ärger'
          ELSE 'castle' END WHERE profile_id = ${t.pid} AND set_id <= 5`
      )
    }
  })

  it('are read again by the facet worker after a catalogue change', async () => {
    const pool = workerOnlyPool()
    try {
      const query = searchQuery.parse({ facets: true })
      expect(await pool.facets(t.pid, query)).toEqual(
        computeFacets(t.store.read, setStateSql, t.pid, query)
      )
      transaction(t.store.write, () =>
        upsertSets(
          t.store.write,
          t.pid,
          [makeSet({ setID: 9001, theme: 'Brand new', year: '2024' })],
          FIXTURE_AT
        )
      )
      const after = await pool.facets(t.pid, query)
      expect(after?.themes).toContainEqual({ value: 'Brand new', count: 1 })
      expect(after).toEqual(computeFacets(t.store.read, setStateSql, t.pid, query))
    } finally {
      await pool.close()
    }
  })

  it('are read ahead by warm(): the whole catalogue is then counted before it is asked for', async () => {
    const pool = workerOnlyPool()
    try {
      const query = searchQuery.parse({ facets: true })
      // A write forgets counts kept before (an earlier test's).
      run(
        t.store.write,
        sql`UPDATE set_state SET wanted = 1 - wanted WHERE profile_id = ${t.pid} AND set_id = 1`
      )
      expect(knownFacets(t.store.read, t.pid, query)).toBeUndefined()
      await pool.warm(t.pid)
      expect(knownFacets(t.store.read, t.pid, query)).toEqual(
        computeFacets(t.store.read, setStateSql, t.pid, query)
      )
    } finally {
      await pool.close()
    }
  })

  it('are kept by the worker between requests until the catalogue generation moves', async () => {
    const pool = workerOnlyPool()
    // Filtered: the whole catalogue's counts are read from the indexes' groups, not the columns.
    const query = searchQuery.parse({ facets: true, yearFrom: 1980 })
    const where = sql`profile_id = ${t.pid} AND set_id = 10`
    const was = t.store.read.prepare(`SELECT theme FROM sets WHERE ${where.text}`).pluck()
    const theme = was.get(...where.params) as string
    const bump = () =>
      run(
        t.store.write,
        sql`UPDATE set_state SET qty_owned = qty_owned + 1 WHERE profile_id = ${t.pid}`
      )
    try {
      // A write first: counts kept on the main side would answer without the worker.
      bump()
      await pool.facets(t.pid, query)
      // Written past sets-repo (which notes every change): the worker's columns do not see it.
      run(t.store.write, sql`UPDATE sets SET theme = 'Unseen' WHERE ${where}`)
      expect((await pool.facets(t.pid, query))?.themes).not.toContainEqual({
        value: 'Unseen',
        count: 1
      })
      noteCatalogueChange(t.store.write)
      bump()
      expect((await pool.facets(t.pid, query))?.themes).toContainEqual({
        value: 'Unseen',
        count: 1
      })
    } finally {
      run(t.store.write, sql`UPDATE sets SET theme = ${theme} WHERE ${where}`)
      noteCatalogueChange(t.store.write)
      await pool.close()
    }
  })
})
