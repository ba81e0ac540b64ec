import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { searchQuery } from '../../src/shared/ipc/channels/catalog'
import type { SearchQuery } from '../../src/shared/ipc/channels/catalog'
import { searchSets } from '../../src/main/catalogue/search-repo'
import { upsertSets } from '../../src/main/catalogue/sets-repo'
import { computeFacets } from '../../src/main/catalogue/facets-repo'
import { FIXTURE_AT, makeSet, openTestStore } from './set-fixtures'
import type { TestStore } from './set-fixtures'
import { setStateSql } from '../../src/main/collection/index'

/**
 * Issue #17's "wanted, retiring this year, under 100 EUR": the retail price in one region's
 * currency at most an amount, and the year the shop stops selling the set, as search filters.
 */
let t: TestStore

beforeAll(async () => {
  t = await openTestStore('price-exit')
  upsertSets(
    t.store.write,
    t.pid,
    [
      makeSet({
        setID: 1,
        EURetailPrice: '99.99',
        UKRetailPrice: '89.99',
        USDateRemovedFromSAH: '2026-12-31'
      }),
      makeSet({
        setID: 2,
        EURetailPrice: '100.00',
        UKRetailPrice: '79.99',
        USDateRemovedFromSAH: '2026-01-01'
      }),
      makeSet({
        setID: 3,
        EURetailPrice: '19.99',
        UKRetailPrice: null,
        USDateRemovedFromSAH: '2025-06-30'
      }),
      makeSet({ setID: 4, EURetailPrice: null, UKRetailPrice: '9.99', USDateRemovedFromSAH: null }),
      makeSet({
        setID: 5,
        EURetailPrice: '',
        UKRetailPrice: '',
        USDateRemovedFromSAH: '2027-03-01'
      }),
      makeSet({
        setID: 6,
        EURetailPrice: '49.5',
        UKRetailPrice: '45',
        USDateRemovedFromSAH: '2026-07-15'
      })
    ],
    FIXTURE_AT
  )
  t.store.write
    .prepare(
      `INSERT INTO set_state (profile_id, set_id, wanted, updated_at) VALUES (?, 1, 1, ''), (?, 2, 1, ''), (?, 6, 1, '')`
    )
    .run(t.pid, t.pid, t.pid)
})

afterAll(() => {
  t.close()
})

const ids = (q: SearchQuery): number[] =>
  searchSets(t.store.read, setStateSql, t.pid, searchQuery.parse(q)).rows.map((r) => r.setID)

describe('retail price and shop exit filters', () => {
  it('keeps sets priced at most the amount in the chosen region; unpriced sets are left out', () => {
    expect(ids({ price: { region: 'EU', max: 100 } })).toEqual([1, 2, 3, 6])
    expect(ids({ price: { region: 'EU', max: 99.99 } })).toEqual([1, 3, 6])
    expect(ids({ price: { region: 'UK', max: 80 } })).toEqual([2, 4, 6])
    expect(ids({ price: { region: 'US', max: 1000 } })).toEqual([])
  })

  it('keeps sets leaving the shop within the years; sets without a known exit are left out', () => {
    expect(ids({ exitFrom: 2026, exitTo: 2026 })).toEqual([1, 2, 6])
    expect(ids({ exitTo: 2025 })).toEqual([3])
    expect(ids({ exitFrom: 2027 })).toEqual([5])
  })

  it('"wanted, retiring this year, under 100 EUR" is one query', () => {
    const q: SearchQuery = {
      wanted: true,
      exitFrom: 2026,
      exitTo: 2026,
      price: { region: 'EU', max: 100 }
    }
    expect(ids(q)).toEqual([1, 2, 6])
    expect(ids({ ...q, price: { region: 'EU', max: 60 } })).toEqual([6])
    expect(
      searchSets(t.store.read, setStateSql, t.pid, searchQuery.parse({ ...q, limit: 1 })).total
    ).toBe(3)
  })

  it('facet counts honour the new filters', () => {
    const f = computeFacets(
      t.store.read,
      setStateSql,
      t.pid,
      searchQuery.parse({ price: { region: 'EU', max: 50 } })
    )
    expect(f.wanted).toBe(1)
    expect(f.years.reduce((n, y) => n + y.count, 0)).toBe(2)
  })

  it('refuses a negative amount, an unknown region and a year out of range', () => {
    expect(searchQuery.safeParse({ price: { region: 'EU', max: -1 } }).success).toBe(false)
    expect(searchQuery.safeParse({ price: { region: 'DE', max: 5 } }).success).toBe(false)
    expect(searchQuery.safeParse({ exitFrom: 1800 }).success).toBe(false)
  })
})
