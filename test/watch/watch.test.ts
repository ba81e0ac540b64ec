import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { upsertSets } from '../../src/main/catalogue/sets-repo'
import { openStore } from '../../src/main/store/connection'
import { createWatchHandlers } from '../../src/main/watch/index'
import type { WatchHandlers } from '../../src/main/watch/watch-handlers'
import { addDays } from '../../src/shared/model/watch-days'
import { watchQuery } from '../../src/shared/ipc/channels/watch'
import { editHarness } from '../collection/harness'
import type { EditHarness } from '../collection/harness'
import { makeSet } from '../catalogue/set-fixtures'

/** The clock the watch is given: noon on a fixed day, so "today" never moves under a test. */
const NOON = new Date(2026, 10, 26, 12, 0, 0)
const TODAY = '2026-11-26'
const day = (n: number): string => addDays(TODAY, n)

let h: EditHarness
let watch: WatchHandlers

interface Row {
  id: number
  us?: string | null
  uk?: string | null
  de?: string | null
  wanted?: boolean
  price?: string
}

/** Catalogue rows whose shop exits are set relative to the fixed today. */
function catalogue(rows: readonly Row[]): void {
  upsertSets(
    h.store.write,
    h.profileId,
    rows.map((r) => ({
      ...makeSet({ setID: r.id, name: `Castle ${r.id}`, USRetailPrice: r.price ?? '49.99' }),
      shopDates: {
        US: { first: null, last: r.us ?? null },
        UK: { first: null, last: r.uk ?? null },
        CA: { first: null, last: null },
        DE: { first: null, last: r.de ?? null }
      }
    })),
    '2026-01-01T00:00:00Z'
  )
  const mark = h.store.write.prepare(
    `INSERT INTO set_state (profile_id, set_id, wanted, updated_at) VALUES (?, ?, 1, ?)
     ON CONFLICT (profile_id, set_id) DO UPDATE SET wanted = 1`
  )
  for (const r of rows) if (r.wanted !== false) mark.run(h.profileId, r.id, '2026-01-01')
}

function call(input: z.input<typeof watchQuery>) {
  return watch['watch:leaving'](watchQuery.parse(input))
}

beforeEach(async () => {
  h = await editHarness({ sets: [] })
  watch = createWatchHandlers({ store: h.store, profileId: () => h.profileId, now: () => NOON })
})

afterEach(() => {
  h.close()
})

describe('the retirement watch', () => {
  it('lists wanted sets leaving the US shop within 90 days, soonest first, with the price', () => {
    catalogue([
      { id: 101, us: day(60), price: '129.99' },
      { id: 102, us: day(5) },
      { id: 103, us: day(0) },
      { id: 104, us: day(91) },
      { id: 105, us: day(-1) },
      { id: 106, us: day(30), wanted: false },
      { id: 107, us: null }
    ])
    const r = call({})
    expect(r.today).toBe(TODAY)
    expect(r.sets.map((s) => [s.setID, s.exitDate, s.daysLeft])).toEqual([
      [103, day(0), 0],
      [102, day(5), 5],
      [101, day(60), 60]
    ])
    expect(r.sets[2]).toMatchObject({ region: 'US', price: '129.99', currency: 'USD' })
    expect(r.truncated).toBe(false)
  })

  it('takes the number of days the user chose', () => {
    catalogue([
      { id: 101, us: day(60) },
      { id: 102, us: day(5) },
      { id: 104, us: day(120) }
    ])
    expect(call({ days: 30 }).sets.map((s) => s.setID)).toEqual([102])
    expect(call({ days: 180 }).sets.map((s) => s.setID)).toEqual([102, 101, 104])
  })

  it('reads each chosen region and lists a set once, by its earliest exit', () => {
    catalogue([
      { id: 101, us: day(80), uk: day(10) },
      { id: 102, uk: day(40) },
      { id: 103, de: day(20) },
      { id: 104, us: day(50) }
    ])
    expect(call({ regions: ['UK'] }).sets.map((s) => s.setID)).toEqual([101, 102])
    const both = call({ regions: ['US', 'UK', 'EU'] }).sets
    expect(both.map((s) => [s.setID, s.region])).toEqual([
      [101, 'UK'],
      [103, 'EU'],
      [102, 'UK'],
      [104, 'US']
    ])
    expect(both[0]).toMatchObject({ currency: 'GBP', price: '9.99' })
  })

  it('tells about each set once, when it enters the window, also after a restart', async () => {
    catalogue([
      { id: 101, us: day(60) },
      { id: 102, us: day(120) }
    ])
    expect(call({}).fresh.map((s) => s.setID)).toEqual([101])
    expect(call({}).fresh).toEqual([])
    // A wider window lets the second set in: it is told, the first is not told again.
    expect(call({ days: 180 }).fresh.map((s) => s.setID)).toEqual([102])
    // The store closed and opened again (a restart): what was told is remembered.
    const path = h.store.path
    h.store.close()
    const again = await openStore(path)
    try {
      const w = createWatchHandlers({ store: again, profileId: () => h.profileId, now: () => NOON })
      expect(w['watch:leaving'](watchQuery.parse({ days: 180 })).fresh).toEqual([])
    } finally {
      again.close()
    }
  })

  it('tells nothing when asked only to look', () => {
    catalogue([{ id: 101, us: day(60) }])
    expect(call({ notice: false }).fresh).toEqual([])
    expect(call({}).fresh.map((s) => s.setID)).toEqual([101])
  })
})
