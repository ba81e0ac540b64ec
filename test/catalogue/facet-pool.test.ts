import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { searchQuery } from '../../src/shared/ipc/channels/catalog'
import type { SearchQuery } from '../../src/shared/ipc/channels/catalog'
import type { Store } from '../../src/main/store/connection'
import { createFacetPool } from '../../src/main/catalogue/facet-pool'
import type { FacetPool } from '../../src/main/catalogue/facet-pool'
import { computeFacets } from '../../src/main/catalogue/facets-repo'
import { run, transaction } from '../../src/main/store/handles'
import { upsertSets } from '../../src/main/catalogue/sets-repo'
import { sql } from '../../src/main/store/sql'
import { FIXTURE_AT, makeSet, openTestStore } from './set-fixtures'
import type { TestStore } from './set-fixtures'
import { setStateSql } from '../../src/main/collection/index'

let t: TestStore
let store: Store
let pool: FacetPool
let pid = 0
const fallbacks: string[] = []
const AT = FIXTURE_AT

beforeAll(async () => {
  t = await openTestStore('facet-pool')
  store = t.store
  pid = t.pid
  const sets = Array.from({ length: 600 }, (_, i) =>
    makeSet({
      setID: i + 1,
      number: String(1000 + i),
      name: i % 2 === 0 ? `Castle ${i}` : `Harbour ${i}`,
      theme: ['Castle', 'Space', 'Town'][i % 3] ?? 'Town',
      year: String(2000 + (i % 20))
    })
  )
  transaction(store.write, () => upsertSets(store.write, pid, sets, AT))
  pool = createFacetPool(store, setStateSql, { onFallback: (why) => fallbacks.push(why) })
})

afterAll(async () => {
  await pool.close()
  t.close()
})

const parse = (q: SearchQuery) => searchQuery.parse({ ...q, facets: true })

describe('facet pool', () => {
  it('counts in its worker exactly what counting inline gives', async () => {
    for (const q of [{}, { text: 'castle' }, { theme: 'Space', yearFrom: 2005 }, { text: 'h' }]) {
      const query = parse(q)
      expect(await pool.facets(pid, query)).toEqual(
        computeFacets(store.read, setStateSql, pid, query)
      )
    }
    expect(fallbacks).toEqual([])
  })

  it('sees a write made on the main connection', async () => {
    const query = parse({ text: 'harbour' })
    const before = await pool.facets(pid, query)
    expect(before?.owned).toBe(0)
    run(
      store.write,
      sql`INSERT INTO set_state (profile_id, set_id, owned, qty_owned, updated_at)
          VALUES (${pid}, 2, 1, 1, ${AT})`
    )
    expect((await pool.facets(pid, query))?.owned).toBe(1)
  })

  it('answers a request replaced by a newer one with null, and the newer one in full', async () => {
    const first = pool.facets(pid, parse({ text: 'c' }))
    const second = pool.facets(pid, parse({ text: 'ca' }))
    const third = pool.facets(pid, parse({ text: 'cas' }))
    const [a, b, c] = await Promise.all([first, second, third])
    // The first was already being counted; the second waited and was replaced by the third.
    expect(a?.themes.length).toBeGreaterThan(0)
    expect(b).toBeNull()
    expect(c).toEqual(computeFacets(store.read, setStateSql, pid, parse({ text: 'cas' })))
  })

  it('counts inline, and says so, when no worker can open the database', async () => {
    const why: string[] = []
    const broken = createFacetPool({ ...store, path: join(t.dir, 'missing.db') }, setStateSql, {
      onFallback: (w) => why.push(w)
    })
    try {
      const query = parse({ text: 'castle', theme: 'Town' })
      expect(await broken.facets(pid, query)).toEqual(
        computeFacets(store.read, setStateSql, pid, query)
      )
      expect(why).toHaveLength(1)
    } finally {
      await broken.close()
    }
  })
})
