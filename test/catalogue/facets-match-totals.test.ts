import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { searchQuery } from '../../src/shared/ipc/channels/catalog'
import type { SearchQuery } from '../../src/shared/ipc/channels/catalog'
import { computeFacets } from '../../src/main/catalogue/facets-repo'
import { searchSets } from '../../src/main/catalogue/search-repo'
import { openTestStore } from './set-fixtures'
import { seedFacetCatalogue } from './facet-fixtures'
import type { TestStore } from './set-fixtures'
import { setStateSql } from '../../src/main/collection/index'

/**
 * Issue #25: facet queries are shaped for speed at 200,000 sets (the year range read as a test,
 * the user's own rows driving the owned and wanted counts, the facet's column kept from choosing
 * the index). Whatever the shape, each count must be what the search itself counts when that
 * value is chosen: checked here for every value of every facet, under each kind of filter.
 */

let t: TestStore
const THEMES = ['Castle', 'Space', 'Town', 'Pirates', 'Trains']

beforeAll(async () => {
  t = await openTestStore('facets-totals')
  seedFacetCatalogue(t, 400, THEMES, false)
})
afterAll(() => {
  t.close()
})

const total = (q: SearchQuery): number =>
  searchSets(t.store.read, setStateSql, t.pid, searchQuery.parse({ ...q, limit: 1 })).total

function check(q: SearchQuery): void {
  const f = computeFacets(t.store.read, setStateSql, t.pid, searchQuery.parse(q))
  for (const { value, count } of f.themes) expect(count).toBe(total({ ...q, theme: value }))
  for (const { value, count } of f.subthemes) expect(count).toBe(total({ ...q, subtheme: value }))
  for (const { value, count } of f.years) {
    expect(count).toBe(total({ ...q, yearFrom: Number(value), yearTo: Number(value) }))
  }
  for (const { value, count } of f.availability) {
    expect(count).toBe(total({ ...q, availability: value }))
  }
  expect(f.owned).toBe(total({ ...q, owned: true }))
  expect(f.wanted).toBe(total({ ...q, wanted: true }))
  f.flags.forEach((n, i) => {
    expect(n).toBe(total({ ...q, flags: [i + 1] }))
  })
  expect(f.themes.length).toBeGreaterThan(0)
}

describe('facet counts', () => {
  it.each<[string, SearchQuery]>([
    ['the whole catalogue', {}],
    ['a year range', { yearFrom: 1990, yearTo: 2005 }],
    ['a theme and a year range', { theme: 'Space', yearFrom: 1985, yearTo: 2010 }],
    ['a text', { text: 'castle' }],
    ['a text and a year range', { text: 'harbour', yearFrom: 1995 }],
    ['owned sets in a year range', { owned: true, yearFrom: 1990, yearTo: 2019 }],
    ['an availability and a subtheme', { availability: 'Retired', subtheme: 'Knights' }]
  ])('under %s equal the search’s own totals', (_, q) => {
    check(q)
  })
})
