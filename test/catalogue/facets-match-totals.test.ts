import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { searchQuery } from '../../src/shared/ipc/channels/catalog'
import type { SearchQuery } from '../../src/shared/ipc/channels/catalog'
import { computeFacets } from '../../src/main/catalogue/facets-repo'
import { searchSets } from '../../src/main/catalogue/search-repo'
import { upsertSets } from '../../src/main/catalogue/sets-repo'
import { FIXTURE_AT, makeSet, openTestStore } from './set-fixtures'
import type { TestStore } from './set-fixtures'

/**
 * Issue #25: facet queries are shaped for speed at 200,000 sets (the year range read as a test,
 * the user's own rows driving the owned and wanted counts, the facet's column kept from choosing
 * the index). Whatever the shape, each count must be what the search itself counts when that
 * value is chosen: checked here for every value of every facet, under each kind of filter.
 */

let t: TestStore
const THEMES = ['Castle', 'Space', 'Town', 'Pirates', 'Trains']
const SUBS = ['', 'Knights', 'Classic', 'Harbour']
const AVAIL = ['Retail', 'Retired', 'LEGO exclusive', '']

beforeAll(async () => {
  t = await openTestStore('facets-totals')
  const sets = Array.from({ length: 400 }, (_, i) =>
    makeSet({
      setID: i + 1,
      name: i % 3 === 0 ? `Castle keep ${i}` : `Harbour crane ${i}`,
      theme: THEMES[i % 5] ?? '',
      subtheme: SUBS[(i * 7) % 4] ?? '',
      year: String(1980 + ((i * 13) % 40)),
      availability: AVAIL[(i * 3) % 4] ?? ''
    })
  )
  upsertSets(t.store.write, t.pid, sets, FIXTURE_AT)
  const state = t.store.write.prepare(
    `INSERT OR IGNORE INTO set_state (profile_id, set_id, owned, wanted, qty_owned, flags, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, '')`
  )
  for (let id = 1; id <= 400; id += 7) state.run(t.pid, id, 1, 0, 1, id % 2 === 0 ? 3 : 0)
  for (let id = 3; id <= 400; id += 11) state.run(t.pid, id, 0, 1, 0, 0)
})
afterAll(() => {
  t.close()
})

const total = (q: SearchQuery): number =>
  searchSets(t.store.read, t.pid, searchQuery.parse({ ...q, limit: 1 })).total

function check(q: SearchQuery): void {
  const f = computeFacets(t.store.read, t.pid, searchQuery.parse(q))
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
