import { describe, expect, it } from 'vitest'
import { loadAsWriter, makeSet, testStoreEachTest } from '../catalogue/set-fixtures'
import { queryPlan } from './query-plan'

/**
 * Issue #25: the end of a first load written by the set writer builds the lookup indexes it had
 * dropped, one a slice. Searches run between those slices. Without statistics SQLite planned the
 * default listing (number order) on the newest index and sorted the whole catalogue for one page
 * (1-5 s at 200,000 sets). Between every two slices the listing keeps its number-order index.
 */
const testStore = testStoreEachTest()

describe('the lookup indexes built at the end of a first load', () => {
  it('never leave the default listing planned as a sort of the whole catalogue', async () => {
    const x = await testStore('deferred-index-plans')
    const db = x.store.write
    const sets = Array.from({ length: 400 }, (_, i) => makeSet({ setID: i + 1, number: String(i) }))
    const listing = `SELECT s.set_id FROM sets s WHERE s.profile_id = ${String(x.pid)}
      ORDER BY s.number_sort, s.number, s.number_variant, s.set_id LIMIT 50`
    const plans: string[] = []
    const plan = () => queryPlan(db, listing)
    await loadAsWriter(db, x.pid, sets, () => {
      plans.push(plan())
      return Promise.resolve()
    })
    expect(plans.length).toBeGreaterThan(5)
    expect(plans.filter((p) => !p.includes('USING INDEX sets_by_number'))).toEqual([])
  })
})
