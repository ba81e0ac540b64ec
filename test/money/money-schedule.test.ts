import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMoneySchedule } from '../../src/main/money/index'
import type { MoneySchedule } from '../../src/main/money/money-schedule'
import { untilNextCheck } from '../../src/main/money/money-schedule'
import { editHarness } from '../collection/harness'
import type { EditHarness } from '../collection/harness'
import { seedCopy, seedSet } from './money-seed'

/** When snapshots are taken: the day's first at start, after midnight, one at a time. */

let h: EditHarness
let clock: Date
let schedule: MoneySchedule
const warned: string[] = []

beforeEach(async () => {
  h = await editHarness({ sets: [1, 2] })
  clock = new Date(2026, 5, 15, 23, 0, 0)
  seedSet(h.store, h.profileId, 1, {})
  seedCopy(h.store, h.profileId, 1, { currency: 'EUR', paid: 5 })
  schedule = createMoneySchedule({
    store: h.store,
    profileId: () => h.profileId,
    now: () => clock,
    log: { warn: (m) => warned.push(m) }
  })
})
afterEach(async () => {
  vi.useRealTimers()
  await schedule.close()
  h.close()
})

const days = () =>
  h.store.read.prepare('SELECT day, reason FROM money_snapshots ORDER BY day').all() as {
    day: string
    reason: string
  }[]

describe('the money snapshot schedule', () => {
  it("takes the day's snapshot at start only when the day has none", async () => {
    await schedule.daily()
    await schedule.daily()
    expect(days()).toEqual([{ day: '2026-06-15', reason: 'daily' }])
    await schedule.take('sync')
    // The day's one snapshot is the latest: taken again, not added.
    expect(days()).toEqual([{ day: '2026-06-15', reason: 'sync' }])
    await schedule.daily()
    expect(days()).toEqual([{ day: '2026-06-15', reason: 'sync' }])
  })

  it("takes the next day's snapshot when its timer fires past midnight", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    schedule.startDaily()
    await schedule.idle()
    expect(days().map((d) => d.day)).toEqual(['2026-06-15'])
    // The timer waits for just past midnight (an hour at most, so a sleep is caught).
    expect(untilNextCheck(clock)).toBe(3_600_000)
    clock = new Date(2026, 5, 16, 0, 0, 2)
    await vi.advanceTimersByTimeAsync(3_600_000)
    await schedule.idle()
    expect(days().map((d) => d.day)).toEqual(['2026-06-15', '2026-06-16'])
    expect(days()[1]?.reason).toBe('daily')
  })

  it('runs one snapshot at a time; requests meanwhile run once after it, the latest reason kept', async () => {
    // A snapshot reads the clock once, when it writes: two writes for three requests.
    let reads = 0
    const told: string[] = []
    const counted = createMoneySchedule({
      written: (day) => told.push(day),
      store: h.store,
      profileId: () => h.profileId,
      now: () => {
        reads++
        return clock
      },
      log: { warn: (m) => warned.push(m) }
    })
    const first = counted.take('daily')
    const second = counted.take('sync')
    const third = counted.take('import')
    await first
    await Promise.all([second, third, counted.idle()])
    expect(reads).toBe(2)
    // Each written snapshot is told, so the screen reads again.
    expect(told).toEqual(['2026-06-15', '2026-06-15'])
    expect(days()).toEqual([{ day: '2026-06-15', reason: 'import' }])
    await counted.close()
  })

  it('computes the wait to just past the next local midnight, at most an hour', () => {
    expect(untilNextCheck(new Date(2026, 5, 15, 23, 59, 0))).toBe(61_000)
    expect(untilNextCheck(new Date(2026, 5, 15, 12, 0, 0))).toBe(3_600_000)
  })

  it('a snapshot after close is not taken', async () => {
    await schedule.close()
    await schedule.take('sync')
    await schedule.daily()
    expect(days()).toEqual([])
  })
})
