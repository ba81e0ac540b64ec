import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { searchQuery } from '../../src/shared/ipc/channels/catalog'
import type { SearchQuery } from '../../src/shared/ipc/channels/catalog'
import type { Store } from '../../src/main/store/connection'
import { all, transaction } from '../../src/main/store/handles'
import { searchSets } from '../../src/main/catalogue/search-repo'
import { ftsQuery } from '../../src/main/catalogue/search-filters'
import { upsertSets } from '../../src/main/catalogue/sets-repo'
import { raw, sql } from '../../src/main/store/sql'
import { FIXTURE_AT, makeSet, openTestStore } from './set-fixtures'
import type { TestStore } from './set-fixtures'
import { setStateSql } from '../../src/main/collection/index'

/**
 * A text's matches are read in one of three ways depending on how many there are (a rowid list,
 * or a bitset tested while walking an index). Whatever the way, a page must be exactly what plain
 * SQL over the FTS index gives; and a change to the catalogue must show at once.
 */
let t: TestStore
let store: Store
let pid = 0
const AT = FIXTURE_AT
const N = 3000

// Word frequencies chosen so each reading path is taken: every set, a quarter, a twelfth, 1 %.
const nameOf = (i: number): string =>
  [
    'alpha',
    i % 4 === 0 ? 'beta' : '',
    i % 12 === 0 ? 'gamma' : '',
    i % 100 === 0 ? 'delta' : '',
    `n${i}`
  ]
    .filter(Boolean)
    .join(' ')

beforeAll(async () => {
  t = await openTestStore('search-paths')
  store = t.store
  pid = t.pid
  // Numbers, names and years deliberately out of step with insertion order (and so with rowids).
  const sets = Array.from({ length: N }, (_, i) =>
    makeSet({
      setID: i + 1,
      number: String(10_000 + ((i * 7919) % N)),
      name: nameOf(i),
      year: String(1990 + ((i * 31) % 30)),
      pieces: String((i * 4513) % 5000),
      theme: ['Castle', 'Space', 'Town'][i % 3] ?? 'Town'
    })
  )
  transaction(store.write, () => upsertSets(store.write, pid, sets, AT))
})

afterAll(() => {
  t.close()
})

const run = (q: SearchQuery) => searchSets(store.read, setStateSql, pid, searchQuery.parse(q))

/** The page as plain SQL over the FTS index computes it, sorted the same way. */
function reference(q: SearchQuery): { total: number; ids: number[] } {
  const p = searchQuery.parse(q)
  const match = ftsQuery(p.text) ?? ''
  const theme = p.theme === undefined ? raw('1') : sql`s.theme = ${p.theme}`
  const order = {
    number: 's.number_sort, s.number, s.number_variant, s.set_id',
    name: 's.name, s.number_sort, s.number_variant',
    year: 's.year, s.number_sort, s.number, s.number_variant',
    pieces: 's.pieces, s.number_sort, s.number_variant'
  }[p.sort as 'number' | 'name' | 'year' | 'pieces']
  const dir = p.desc ? ' DESC' : ''
  const q2 = sql`SELECT s.set_id AS id FROM sets s
    WHERE s.profile_id = ${pid} AND s.id IN (SELECT rowid FROM sets_fts WHERE sets_fts MATCH ${match})
      AND ${theme}
    ORDER BY ${raw(
      order
        .split(', ')
        .map((c) => c + dir)
        .join(', ')
    )}`
  const ids = all<{ id: number }>(store.read, q2).map((r) => r.id)
  return { total: ids.length, ids: ids.slice(p.offset, p.offset + p.limit) }
}

describe('text search reading paths', () => {
  it('gives exactly the plain-SQL page and total for dense, middling and sparse texts', () => {
    const sorts = ['number', 'name', 'year', 'pieces'] as const
    let checked = 0
    for (const text of ['a', 'alpha', 'beta', 'gamma', 'delta', 'alp bet', 'n1']) {
      for (const sort of sorts) {
        for (const offset of [0, 100, 700]) {
          for (const extra of [{}, { theme: 'Space' }, { desc: true }]) {
            const q: SearchQuery = { text, sort, offset, limit: 100, ...extra }
            const want = reference(q)
            const got = run(q)
            expect(got.total, JSON.stringify(q)).toBe(want.total)
            expect(
              got.rows.map((r) => r.setID),
              JSON.stringify(q)
            ).toEqual(want.ids)
            checked++
          }
        }
      }
    }
    expect(checked).toBe(7 * 4 * 3 * 3)
  })

  it('with the owned, wanted or a flag list, gives the plain-SQL page and total on every path', () => {
    const state = store.write.prepare(
      `INSERT INTO set_state (profile_id, set_id, owned, wanted, qty_owned, flags, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, '')`
    )
    transaction(store.write, () => {
      for (let id = 1; id <= N; id++) {
        const owned = id % 7 === 0 ? 1 : 0
        const wanted = id % 11 === 0 ? 1 : 0
        const flags = id % 5 === 0 ? 1 : 0
        if (owned + wanted + flags > 0) state.run(pid, id, owned, wanted, owned, flags)
      }
    })
    const lists = [
      { owned: true, cond: 'st.owned = 1' },
      { wanted: true, cond: 'st.wanted = 1' },
      { flags: [1], cond: '(st.flags & 1) = 1' }
    ]
    let checked = 0
    for (const text of ['a', 'alpha', 'beta', 'gamma', 'delta', 'alp bet', 'n1']) {
      for (const { cond, ...list } of lists) {
        for (const [sort, offset] of [
          ['number', 0],
          ['name', 100],
          ['year', 0]
        ] as const) {
          const q: SearchQuery = { text, sort, offset, limit: 100, ...list }
          const match = ftsQuery(text) ?? ''
          const ids = all<{ id: number }>(
            store.read,
            sql`SELECT s.set_id AS id FROM sets s JOIN set_state st
                  ON st.profile_id = s.profile_id AND st.set_id = s.set_id
                WHERE s.profile_id = ${pid} AND ${raw(cond)}
                  AND s.id IN (SELECT rowid FROM sets_fts WHERE sets_fts MATCH ${match})
                ORDER BY ${raw(
                  {
                    number: 's.number_sort, s.number, s.number_variant, s.set_id',
                    name: 's.name, s.number_sort, s.number_variant',
                    year: 's.year, s.number_sort, s.number, s.number_variant'
                  }[sort]
                )}`
          ).map((r) => r.id)
          const got = run(q)
          expect(got.total, JSON.stringify(q)).toBe(ids.length)
          expect(
            got.rows.map((r) => r.setID),
            JSON.stringify(q)
          ).toEqual(ids.slice(offset, offset + 100))
          checked++
        }
      }
    }
    expect(checked).toBe(7 * 3 * 3)
    store.write.prepare('DELETE FROM set_state').run()
  })

  it('shows a renamed set under its new words at once, with no other write in between', () => {
    expect(run({ text: 'gamma' }).total).toBe(250)
    expect(run({ text: 'alpha' }).total).toBe(N)
    // Set 2 (index 1) has no "gamma": renaming it adds one match and removes one "alpha".
    upsertSets(store.write, pid, [makeSet({ setID: 2, number: '99999', name: 'gamma omega' })], AT)
    expect(run({ text: 'gamma' }).total).toBe(251)
    expect(run({ text: 'alpha' }).total).toBe(N - 1)
    expect(run({ text: 'omega' }).rows.map((r) => r.setID)).toEqual([2])
    expect(run({ text: 'alpha', sort: 'number', desc: true }).rows.map((r) => r.setID)).toEqual(
      reference({ text: 'alpha', sort: 'number', desc: true }).ids
    )
  })
})
