import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { queryCondition } from '../../src/main/catalogue/search-filters'
import { searchSets } from '../../src/main/catalogue/search-repo'
import { upsertSets } from '../../src/main/catalogue/sets-repo'
import { sql } from '../../src/main/store/sql'
import { searchQuery } from '../../src/shared/ipc/channels/catalog'
import { savedQuery, searchOfView } from '../../src/shared/ipc/channels/views'
import { addDays } from '../../src/shared/model/watch-days'
import { editHarness } from '../collection/harness'
import type { EditHarness } from '../collection/harness'
import { makeSet } from '../catalogue/set-fixtures'
import { setStateSql } from '../../src/main/collection/index'
import { queryPlan } from '../store/query-plan'

/** The day the filter counts from, given to the query as the handler would: no clock read. */
const TODAY = '2026-11-26'
const day = (n: number): string => addDays(TODAY, n)

let h: EditHarness

beforeEach(async () => {
  h = await editHarness({ sets: [] })
  const exits: [number, string | null][] = [
    [201, day(0)],
    [202, day(45)],
    [203, day(90)],
    [204, day(91)],
    [205, day(-3)],
    [206, null]
  ]
  upsertSets(
    h.store.write,
    h.profileId,
    exits.map(([setID, last]) => ({
      ...makeSet({ setID }),
      shopDates: {
        US: { first: null, last },
        UK: { first: null, last: null },
        CA: { first: null, last: null },
        DE: { first: null, last: null }
      }
    })),
    '2026-01-01T00:00:00Z'
  )
  // Sets the other shops let go on other days than the US one (or that the US shop never sold).
  upsertSets(
    h.store.write,
    h.profileId,
    [
      { setID: 207, US: null, UK: day(30), DE: null },
      { setID: 208, US: day(200), UK: null, DE: day(10) },
      // Next year's day: read though the window starts this year.
      { setID: 209, US: null, UK: null, DE: null, CA: day(60) }
    ].map((x) => ({
      ...makeSet({ setID: x.setID }),
      shopDates: {
        US: { first: null, last: x.US },
        UK: { first: null, last: x.UK },
        CA: { first: null, last: x.CA ?? null },
        DE: { first: null, last: x.DE }
      }
    })),
    '2026-01-01T00:00:00Z'
  )
  const want = h.store.write.prepare(
    `INSERT INTO set_state (profile_id, set_id, wanted, updated_at) VALUES (?, ?, 1, ?)`
  )
  for (const id of [202, 204]) want.run(h.profileId, id, '2026-01-01')
})

afterEach(() => {
  h.close()
})

describe('the saved-view filter "leaving shops within N days"', () => {
  it('keeps sets whose US shop exit is from today to N days ahead', () => {
    const q = { ...searchQuery.parse({ exitWithinDays: 90 }), today: TODAY }
    const r = searchSets(h.store.read, setStateSql, h.profileId, q)
    expect(r.rows.map((s) => s.setID)).toEqual([201, 202, 203])
    expect(r.total).toBe(3)
    const week = { ...searchQuery.parse({ exitWithinDays: 7 }), today: TODAY }
    expect(
      searchSets(h.store.read, setStateSql, h.profileId, week).rows.map((s) => s.setID)
    ).toEqual([201])
  })

  it('is kept in a saved view and runs again as the same search, with the other filters', () => {
    const view = savedQuery.parse({ exitWithinDays: 60, scope: { kind: 'wanted' }, wanted: true })
    expect(savedQuery.parse(JSON.parse(JSON.stringify(view)))).toEqual(view)
    const q = { ...searchQuery.parse(searchOfView(view)), today: TODAY }
    expect(searchSets(h.store.read, setStateSql, h.profileId, q).rows.map((s) => s.setID)).toEqual([
      202
    ])
  })

  it('reads the shops of the regions the user chose, any of them', () => {
    const ids = (regions?: string[]) =>
      searchSets(h.store.read, setStateSql, h.profileId, {
        ...searchQuery.parse({ exitWithinDays: 90, ...(regions ? { exitRegions: regions } : {}) }),
        today: TODAY
      }).rows.map((s) => s.setID)
    expect(ids()).toEqual([201, 202, 203])
    expect(ids(['US'])).toEqual([201, 202, 203])
    expect(ids(['UK'])).toEqual([207])
    expect(ids(['EU'])).toEqual([208])
    expect(ids(['UK', 'EU'])).toEqual([207, 208])
    expect(ids(['CA'])).toEqual([209])
    expect(ids(['US', 'UK', 'CA', 'EU'])).toEqual([201, 202, 203, 207, 208, 209])
    expect(searchQuery.safeParse({ exitWithinDays: 9, exitRegions: [] }).success).toBe(false)
    expect(searchQuery.safeParse({ exitWithinDays: 9, exitRegions: ['FR'] }).success).toBe(false)
  })

  it('a saved view keeps its regions', () => {
    const view = savedQuery.parse({ exitWithinDays: 60, exitRegions: ['UK'] })
    expect(savedQuery.parse(JSON.parse(JSON.stringify(view)))).toEqual(view)
    const q = { ...searchQuery.parse(searchOfView(view)), today: TODAY }
    expect(searchSets(h.store.read, setStateSql, h.profileId, q).rows.map((s) => s.setID)).toEqual([
      207
    ])
  })

  it('rejects a window of no days or over two years', () => {
    expect(searchQuery.safeParse({ exitWithinDays: 0 }).success).toBe(false)
    expect(searchQuery.safeParse({ exitWithinDays: 731 }).success).toBe(false)
  })

  it('runs in SQL over the sets_by_exit index, not over every set', () => {
    const q = { ...searchQuery.parse({ exitWithinDays: 90 }), today: TODAY }
    const where = queryCondition(h.store.read, setStateSql, h.profileId, q)
    const listing = sql`SELECT s.id FROM sets s
        LEFT JOIN set_state st ON st.profile_id = s.profile_id AND st.set_id = s.set_id
        WHERE ${where}`
    expect(queryPlan(h.store.read, listing.text, listing.params)).toMatch(/sets_by_exit/)
  })
})
