import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMoneyHandlers } from '../../src/main/money/index'
import { takeSnapshot } from '../../src/main/money/snapshot'
import type { MoneyCurrencyDto, MoneyHistoryDto } from '../../src/shared/model/money'
import { editHarness, insertSets } from '../collection/harness'
import type { EditHarness } from '../collection/harness'
import { seedCopy, seedSet } from './money-seed'

/** The money view's snapshots on a real SQLite file: what a day's snapshot holds, per currency. */

let h: EditHarness
let clock: Date
beforeEach(async () => {
  h = await editHarness({ sets: [1, 2, 3, 4, 5, 6] })
  clock = new Date(2026, 5, 15, 10, 0, 0)
})
afterEach(() => {
  h.close()
})

const deps = () => ({ store: h.store, now: () => clock })
const take = (reason: 'daily' | 'sync' | 'import' = 'daily') =>
  takeSnapshot(deps(), h.profileId, reason)
const history = (theme: string | null = null, days = 365): MoneyHistoryDto =>
  createMoneyHandlers({ store: h.store, profileId: () => h.profileId })['money:getHistory']({
    theme,
    days
  })
const cur = (hh: MoneyHistoryDto, code: string): MoneyCurrencyDto => {
  const c = hh.currencies.find((x) => x.currency === code)
  if (!c) throw new Error(`no ${code} in ${hh.currencies.map((x) => x.currency).join()}`)
  return c
}
const last = (c: MoneyCurrencyDto) => c.points.at(-1)

describe('a money snapshot', () => {
  it('sums paid, retail and value per currency, never across currencies', async () => {
    seedSet(h.store, h.profileId, 1, { us: '100.00', uk: '90', eu: '95,50', ca: '120' })
    seedSet(h.store, h.profileId, 2, { theme: 'Space', us: '20', qty: 2 })
    seedCopy(h.store, h.profileId, 1, { currency: 'USD', paid: 80, extra: 5.1, estimate: 150 })
    seedCopy(h.store, h.profileId, 1, { currency: 'GBP', paid: 70, estimate: 0 })
    seedCopy(h.store, h.profileId, 2, { currency: 'USD', paid: 10.2, extra: 0.1 })
    seedCopy(h.store, h.profileId, 2, { currency: 'USD', paid: 99, deleted: true })
    expect(await take()).toBe('2026-06-15')
    const r = history()
    expect(r.snapshots).toBe(1)
    expect(r.currencies.map((c) => c.currency)).toEqual(['GBP', 'USD'])
    expect(last(cur(r, 'USD'))).toEqual({
      day: '2026-06-15',
      copies: 2,
      sets: 2,
      paid: 95.4,
      retail: 120,
      retailCopies: 2,
      value: 160.3,
      valueFallback: 1
    })
    // The GBP copy is valued in pounds only: nothing of the dollars is in it.
    expect(last(cur(r, 'GBP'))).toMatchObject({ copies: 1, paid: 70, retail: 90, value: 70 })
    expect(cur(r, 'GBP').region).toBe('UK')
    expect(cur(r, 'USD').region).toBe('US')
  })

  it("takes each currency's retail price from its own shop: USD US, GBP UK, CAD CA, EUR DE", async () => {
    seedSet(h.store, h.profileId, 1, { us: '10', uk: '20', ca: '30', eu: '40' })
    for (const currency of ['USD', 'GBP', 'CAD', 'EUR', 'CHF', ''])
      seedCopy(h.store, h.profileId, 1, { currency, paid: 1 })
    await take()
    const r = history()
    const retail = Object.fromEntries(r.currencies.map((c) => [c.currency, last(c)?.retail]))
    expect(retail).toEqual({ '': null, CAD: 30, CHF: null, EUR: 40, GBP: 20, USD: 10 })
    expect(cur(r, 'CHF').region).toBeNull()
    expect(cur(r, '').region).toBeNull()
  })

  it('counts no retail price for hostile catalogue text, and says how many copies had one', async () => {
    seedSet(h.store, h.profileId, 1, { us: '1.2.3' })
    seedSet(h.store, h.profileId, 2, { us: 'abc' })
    seedSet(h.store, h.profileId, 3, { us: '-5' })
    seedSet(h.store, h.profileId, 4, { us: ' 12.5 ' })
    for (const id of [1, 2, 3, 4]) seedCopy(h.store, h.profileId, id, { currency: 'usd', paid: 1 })
    await take()
    expect(last(cur(history(), 'USD'))).toMatchObject({ copies: 4, retail: 12.5, retailCopies: 1 })
  })

  it('values a copy without an estimate at what was paid, and counts those copies', async () => {
    seedSet(h.store, h.profileId, 1, {})
    seedCopy(h.store, h.profileId, 1, { currency: 'EUR', paid: 10, extra: 2 })
    seedCopy(h.store, h.profileId, 1, { currency: 'EUR', paid: 10, estimate: 30 })
    seedCopy(h.store, h.profileId, 1, { currency: 'EUR' })
    await take()
    expect(last(cur(history(), 'EUR'))).toMatchObject({
      paid: 22,
      value: 42,
      valueFallback: 2,
      copies: 3,
      sets: 1
    })
  })

  it('leaves out copies of sets not owned, and counts owned copies without details apart', async () => {
    seedSet(h.store, h.profileId, 1, { qty: 3 })
    seedCopy(h.store, h.profileId, 1, { currency: 'EUR', paid: 5 })
    seedSet(h.store, h.profileId, 2, { owned: false, qty: 0 })
    seedCopy(h.store, h.profileId, 2, { currency: 'EUR', paid: 500 })
    await take()
    const r = history()
    expect(last(cur(r, 'EUR'))).toMatchObject({ copies: 1, paid: 5 })
    expect(r.latest?.undetailed).toBe(2)
  })

  it('leaves out a copy the ledger holds as disposed of but left on the service', async () => {
    seedSet(h.store, h.profileId, 1, { qty: 2 })
    const sold = seedCopy(h.store, h.profileId, 1, { currency: 'EUR', paid: 100 })
    seedCopy(h.store, h.profileId, 1, { currency: 'EUR', paid: 5 })
    const entry = h.store.write.prepare(
      `INSERT INTO ledger_entries (entry_id, profile_id, local_id, set_id, set_number, set_name,
         theme, kind, disposed_on, created_at, batch_id)
       VALUES (?, ?, ?, 1, '1-1', 'Set', 'Castle', 'sold', '2026-06-01', '2026-06-01', ?)`
    )
    entry.run('e1', h.profileId, sold, null)
    await take()
    expect(last(cur(history(), 'EUR'))).toMatchObject({ copies: 1, paid: 5 })
  })

  it('keeps one snapshot a day: a later one the same day replaces it', async () => {
    seedSet(h.store, h.profileId, 1, {})
    seedCopy(h.store, h.profileId, 1, { currency: 'EUR', paid: 5 })
    await take('daily')
    seedCopy(h.store, h.profileId, 1, { currency: 'EUR', paid: 7 })
    // The set changed theme meanwhile: the day's earlier Castle row must not stay beside it.
    seedSet(h.store, h.profileId, 1, { theme: 'Space' })
    clock = new Date(2026, 5, 15, 18, 0, 0)
    await take('sync')
    let r = history()
    expect(r.snapshots).toBe(1)
    expect(r.latest).toMatchObject({ day: '2026-06-15', reason: 'sync' })
    expect(cur(r, 'EUR').points).toEqual([expect.objectContaining({ paid: 12, copies: 2 })])
    const rows = h.store.read
      .prepare(`SELECT count(*) AS n FROM money_snapshot_rows WHERE level = 'total'`)
      .get()
    expect(rows).toEqual({ n: 1 })
    expect(r.themes.map((t) => t.theme)).toEqual(['Space'])
    clock = new Date(2026, 5, 16, 9, 0, 0)
    await take('daily')
    r = history()
    expect(r.snapshots).toBe(2)
    expect(cur(r, 'EUR').points.map((p) => [p.day, p.paid])).toEqual([
      ['2026-06-15', 12],
      ['2026-06-16', 12]
    ])
  })

  it('shows a zero on a day a currency had no copies, and each theme over time', async () => {
    seedSet(h.store, h.profileId, 1, { theme: 'Castle' })
    seedSet(h.store, h.profileId, 2, { theme: 'Space' })
    seedCopy(h.store, h.profileId, 1, { currency: 'EUR', paid: 5 })
    await take()
    seedCopy(h.store, h.profileId, 2, { currency: 'USD', paid: 9, estimate: 11 })
    clock = new Date(2026, 5, 16, 9, 0, 0)
    await take()
    const all = history()
    expect(cur(all, 'USD').points.map((p) => p.paid)).toEqual([0, 9])
    const space = history('Space')
    expect(space.theme).toBe('Space')
    expect(space.currencies.map((c) => c.currency)).toEqual(['USD'])
    expect(cur(space, 'USD').points.map((p) => [p.day, p.value])).toEqual([
      ['2026-06-15', 0],
      ['2026-06-16', 11]
    ])
    expect(all.themes).toEqual([
      { theme: 'Castle', currency: 'EUR', copies: 1, paid: 5, value: 5 },
      { theme: 'Space', currency: 'USD', copies: 1, paid: 9, value: 11 }
    ])
  })

  it('says no snapshot was taken when none was, and records an empty collection as a day', async () => {
    expect(history()).toEqual({
      theme: null,
      snapshots: 0,
      latest: null,
      currencies: [],
      themes: []
    })
    await take()
    expect(history()).toMatchObject({ snapshots: 1, currencies: [], latest: { undetailed: 0 } })
  })

  it('sums in slices of sets, giving the event loop turns between them', async () => {
    const ids = Array.from({ length: 1000 }, (_, i) => 100 + i)
    // One transaction: a thousand commits would each wait for the disk.
    h.store.write.transaction(() => {
      insertSets(h.store, h.profileId, ids)
      for (const id of ids) {
        seedSet(h.store, h.profileId, id, { theme: id % 2 ? 'Odd' : 'Even' })
        seedCopy(h.store, h.profileId, id, { currency: 'EUR', paid: 1, estimate: 2 })
      }
    })()
    let turns = 0
    let ticking = true
    const tick = (): void => {
      turns++
      if (ticking) setImmediate(tick)
    }
    setImmediate(tick)
    await take()
    ticking = false
    // Twenty slices of 50 sets: the loop turned between them.
    expect(turns).toBeGreaterThanOrEqual(4)
    const r = history()
    expect(last(cur(r, 'EUR'))).toMatchObject({ copies: 1000, sets: 1000, paid: 1000, value: 2000 })
    expect(r.themes.map((t) => [t.theme, t.copies])).toEqual([
      ['Even', 500],
      ['Odd', 500]
    ])
  })

  it("drops days past ten years, and themes' rows past their row budget, keeping the totals", async () => {
    seedSet(h.store, h.profileId, 1, {})
    seedCopy(h.store, h.profileId, 1, { currency: 'EUR', paid: 5 })
    await take()
    clock = new Date(2036, 6, 1, 10, 0, 0)
    await take()
    expect(history(null, 3660).snapshots).toBe(1)
    // 1,700 themes' rows a day: the 50,000-row budget keeps 30 days of them.
    const ids = Array.from({ length: 1700 }, (_, i) => 5000 + i)
    h.store.write.transaction(() => {
      insertSets(h.store, h.profileId, ids)
      for (const id of ids) {
        seedSet(h.store, h.profileId, id, { theme: `Theme ${id}` })
        seedCopy(h.store, h.profileId, id, { currency: 'EUR', paid: 1 })
      }
    })()
    await take()
    clock = new Date(2036, 7, 1, 10, 0, 0)
    await take()
    const rows = h.store.read
      .prepare(`SELECT day, level, count(*) AS n FROM money_snapshot_rows GROUP BY day, level`)
      .all()
    expect(rows).toEqual([
      { day: '2036-07-01', level: 'total', n: 1 },
      { day: '2036-08-01', level: 'theme', n: 1701 },
      { day: '2036-08-01', level: 'total', n: 1 }
    ])
    expect(history().snapshots).toBe(2)
  })

  it('a snapshot stopped while it writes leaves the day untaken, and the next one takes it', async () => {
    seedSet(h.store, h.profileId, 1, {})
    seedCopy(h.store, h.profileId, 1, { currency: 'EUR', paid: 5 })
    await take('daily')
    seedCopy(h.store, h.profileId, 1, { currency: 'EUR', paid: 7 })
    // Stops at its first write step, after the day's header went: as a crash there would.
    let asked = 0
    const stopped = (): boolean => ++asked >= 4
    expect(await takeSnapshot({ ...deps(), stopped }, h.profileId, 'sync')).toBeNull()
    expect(history().snapshots).toBe(0)
    await take('daily')
    expect(last(cur(history(), 'EUR'))).toMatchObject({ paid: 12, copies: 2 })
  })

  it('a stopped snapshot writes nothing', async () => {
    seedSet(h.store, h.profileId, 1, {})
    expect(await takeSnapshot({ ...deps(), stopped: () => true }, h.profileId, 'daily')).toBeNull()
    expect(history().snapshots).toBe(0)
  })
})
