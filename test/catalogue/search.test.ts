import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { searchQuery } from '../../src/shared/ipc/channels/catalog'
import type { SearchQuery } from '../../src/shared/ipc/channels/catalog'
import { openStore } from '../../src/main/store/connection'
import type { Store } from '../../src/main/store/connection'
import { upsertProfile } from '../../src/main/account/profiles-repo'
import { searchSets } from '../../src/main/catalogue/search-repo'
import { upsertSets } from '../../src/main/catalogue/sets-repo'
import { FIXTURE_AT, makeSet, openTestStore } from './set-fixtures'
import { setStateSql } from '../../src/main/collection/index'

let dir = ''
let store: Store
let pid = 0
let other = 0

const SETS = [
  makeSet({
    setID: 1,
    number: '10179',
    name: 'Millennium Falcon',
    theme: 'Star Wars',
    subtheme: 'Ultimate Collector Series',
    year: '2007',
    pieces: '5195',
    EAN: '5702014533240',
    availability: 'Retired'
  }),
  makeSet({
    setID: 2,
    number: '75192',
    name: 'Millennium Falcon',
    theme: 'Star Wars',
    subtheme: 'Ultimate Collector Series',
    year: '2017',
    pieces: '7541',
    UPC: '673419267656'
  }),
  makeSet({
    setID: 3,
    number: '6080',
    name: "King's Castle",
    theme: 'Castle',
    subtheme: 'Lion Knights',
    year: '1984',
    pieces: '674',
    availability: 'Retired'
  }),
  makeSet({
    setID: 4,
    number: '10305',
    name: 'Lion Knights’ Castle',
    theme: 'Icons',
    subtheme: 'Castle',
    year: '2022',
    pieces: '4514',
    tags: 'castle, medieval'
  }),
  makeSet({
    setID: 5,
    number: '21325',
    name: 'Medieval Blacksmith',
    theme: 'Ideas',
    subtheme: '',
    year: '2021',
    pieces: '2164'
  }),
  makeSet({
    setID: 6,
    number: '99',
    numberVariant: 2,
    name: 'Café Corner',
    theme: 'Creator Expert',
    subtheme: 'Modular Buildings',
    year: '2007',
    pieces: null
  })
]

function q(p: SearchQuery) {
  return searchSets(store.read, setStateSql, pid, searchQuery.parse(p))
}
const ids = (p: SearchQuery) => q(p).rows.map((r) => r.setID)

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'studbook-search-'))
  store = await openStore(join(dir, 'studbook.db'))
  const at = '2026-01-01T00:00:00Z'
  pid = upsertProfile(
    store.write,
    { kind: 'demo', label: 'd', baseUrl: 'https://a.invalid', binding: 'auto', paths: {} },
    at
  ).id
  other = upsertProfile(
    store.write,
    { kind: 'custom', label: 'o', baseUrl: 'https://b.invalid', binding: 'auto', paths: {} },
    at
  ).id
  upsertSets(store.write, pid, SETS, at)
  upsertSets(store.write, other, [makeSet({ setID: 1, name: 'Other profile Falcon' })], at)
  const state = store.write.prepare(
    `INSERT INTO set_state (profile_id, set_id, owned, wanted, qty_owned, flags, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`
  )
  state.run(pid, 1, 1, 0, 2, 0b101, at)
  state.run(pid, 3, 1, 0, 1, 0b001, at)
  state.run(pid, 5, 0, 1, 0, 0, at)
})

afterAll(() => {
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('catalog search', () => {
  it('matches word prefixes in number, name, theme, subtheme, tags and EAN/UPC', () => {
    expect(ids({ text: 'mill' })).toEqual([1, 2])
    expect(ids({ text: 'falc mill' })).toEqual([1, 2])
    expect(ids({ text: '1017' })).toEqual([1])
    expect(ids({ text: '10179-1' })).toEqual([1])
    expect(ids({ text: 'medieval' }).sort()).toEqual([4, 5])
    expect(ids({ text: '57020145' })).toEqual([1])
    expect(ids({ text: '673419267656' })).toEqual([2])
    expect(ids({ text: 'cafe' })).toEqual([6])
    expect(ids({ text: 'lion knights' }).sort()).toEqual([3, 4])
  })

  it('never mixes profiles', () => {
    expect(ids({ text: 'other' })).toEqual([])
    expect(q({}).total).toBe(6)
  })

  it('treats FTS syntax in the text as plain words', () => {
    for (const text of ['"', 'NEAR(a b)', 'a*', 'OR', '-castle', 'castle AND', '^x', '(', ':']) {
      expect(() => q({ text })).not.toThrow()
    }
    expect(ids({ text: 'castle OR' })).toEqual([])
  })

  it('filters by theme, subtheme, years, owned, wanted, flags and availability', () => {
    expect(ids({ theme: 'Star Wars' })).toEqual([1, 2])
    expect(ids({ theme: 'Star Wars', yearFrom: 2010 })).toEqual([2])
    expect(ids({ subtheme: 'Lion Knights' })).toEqual([3])
    expect(ids({ yearFrom: 2000, yearTo: 2010 }).sort()).toEqual([1, 6])
    expect(ids({ owned: true }).sort()).toEqual([1, 3])
    expect(ids({ owned: false }).sort()).toEqual([2, 4, 5, 6])
    expect(ids({ wanted: true })).toEqual([5])
    expect(ids({ flags: [1] }).sort()).toEqual([1, 3])
    expect(ids({ flags: [1, 3] })).toEqual([1])
    expect(ids({ availability: 'Retired' }).sort()).toEqual([1, 3])
    expect(ids({ text: 'castle', owned: true })).toEqual([3])
  })

  it('sorts by number numerically, and by other keys in either direction', () => {
    expect(ids({})).toEqual([6, 3, 1, 4, 5, 2])
    expect(ids({ desc: true })).toEqual([2, 5, 4, 1, 3, 6])
    expect(ids({ sort: 'year' })).toEqual([3, 6, 1, 2, 5, 4])
    expect(ids({ sort: 'pieces', desc: true })[0]).toBe(2)
    expect(ids({ sort: 'qtyOwned', desc: true }).slice(0, 2)).toEqual([1, 3])
  })

  it('pages with a total over all matches', () => {
    const page1 = q({ limit: 4 })
    const page2 = q({ limit: 4, offset: 4 })
    expect(page1.total).toBe(6)
    expect(page2.total).toBe(6)
    expect([...page1.rows, ...page2.rows].map((r) => r.setID)).toEqual(ids({}))
    expect(page2.offset).toBe(4)
  })

  it('counts facet values under the other filters, each facet ignoring its own', () => {
    const r = q({ theme: 'Star Wars', facets: true })
    const f = r.facets
    if (!f) throw new Error('facets missing')
    expect(f.themes).toContainEqual({ value: 'Star Wars', count: 2 })
    expect(f.themes).toContainEqual({ value: 'Castle', count: 1 })
    expect(f.subthemes).toEqual([{ value: 'Ultimate Collector Series', count: 2 }])
    expect(f.years.map((y) => y.value).sort()).toEqual(['2007', '2017'])
    expect(f.availability).toEqual([
      { value: 'Retail', count: 1 },
      { value: 'Retired', count: 1 }
    ])
    expect(f.owned).toBe(1)
    expect(f.wanted).toBe(0)
    expect(f.flags).toEqual([1, 0, 1, 0, 0, 0, 0, 0])
    expect(q({}).facets).toBeNull()
  })

  it('reuses facet counts for the same filters only until the next write', () => {
    const before = q({ text: 'castle', facets: true }).facets
    expect(q({ text: 'castle', sort: 'name', offset: 1, facets: true }).facets).toEqual(before)
    const insert = store.write.prepare(
      `INSERT INTO set_state (profile_id, set_id, owned, wanted, qty_owned, flags, updated_at) VALUES (?, ?, 0, 1, 0, 0, '')`
    )
    insert.run(pid, 4)
    try {
      expect(q({ text: 'castle', facets: true }).facets?.wanted).toBe((before?.wanted ?? 0) + 1)
    } finally {
      store.write.prepare('DELETE FROM set_state WHERE profile_id = ? AND set_id = 4').run(pid)
    }
    expect(q({ text: 'castle', facets: true }).facets).toEqual(before)
  })

  it('carries the user state and an app-local thumbnail in each row', () => {
    const [row] = q({ text: '10179' }).rows
    expect(row?.collection).toEqual({
      owned: true,
      wanted: false,
      qtyOwned: 2,
      notes: '',
      rating: 0,
      flags: [true, false, true, false, false, false, false, false],
      sync: 'synced'
    })
    expect(row?.thumbnail).toBe(`media/thumb/${pid}/1`)
    expect(row?.fullNumber).toBe('10179-1')
  })
})

describe('catalog search over many matches', () => {
  it('pages, counts and facets a text matching thousands of sets exactly', async () => {
    const t = await openTestStore('search-dense')
    const { store: s, pid: p } = t
    try {
      const at = FIXTURE_AT
      const many = Array.from({ length: 2400 }, (_, i) =>
        makeSet({
          setID: i + 1,
          number: String(5000 + i),
          name: i % 3 === 0 ? `Dense tower ${i}` : `Sparse hut ${i}`,
          theme: i % 2 === 0 ? 'Even' : 'Odd'
        })
      )
      upsertSets(s.write, p, many, at)
      const run = (x: SearchQuery) => searchSets(s.read, setStateSql, p, searchQuery.parse(x))
      const dense = run({ text: 'sparse', limit: 100, facets: true })
      expect(dense.total).toBe(1600)
      expect(dense.rows[0]?.number).toBe('5001')
      expect(dense.facets?.themes).toEqual([
        { value: 'Even', count: 800 },
        { value: 'Odd', count: 800 }
      ])
      const last = run({ text: 'sparse', limit: 100, offset: 1550 })
      expect(last.rows).toHaveLength(50)
      expect(last.rows.at(-1)?.number).toBe('7399')
      const sparse = run({ text: 'dense', theme: 'Even', limit: 500, facets: true })
      expect(sparse.total).toBe(400)
      expect(sparse.facets?.themes).toEqual([
        { value: 'Even', count: 400 },
        { value: 'Odd', count: 400 }
      ])
      expect(run({ text: 'dense tow', limit: 10 }).total).toBe(800)
    } finally {
      t.close()
    }
  })
})
