import { describe, expect, it } from 'vitest'
import { createMoneyHandlers } from '../../src/main/money/index'
import { takeSnapshot } from '../../src/main/money/snapshot'
import { exchangeEachTest } from '../exchange/each-test'
import type { ExchangeHarness } from '../exchange/store-fixtures'
import * as travel from '../ledger/local-table-travel'
import { seedCopy, seedSet } from './money-seed'

/**
 * Issue #30: the snapshots are local (the service keeps no price history), so they travel in
 * backups and the full export as local tables (store/local-tables/money-snapshots.ts).
 */
const exchange = exchangeEachTest()
let t: ExchangeHarness

async function seeded(): Promise<void> {
  t = await exchange()
  const set = t.id('10179-1')
  seedSet(t.h.store, t.h.profileId, set, { theme: 'Star Wars', us: '499.99' })
  seedCopy(t.h.store, t.h.profileId, set, { currency: 'USD', paid: 450, estimate: 900 })
  for (const d of [14, 15]) {
    await takeSnapshot(
      { store: t.h.store, now: () => new Date(2026, 5, d, 12) },
      t.h.profileId,
      'daily'
    )
  }
}

const history = () =>
  createMoneyHandlers({ store: t.h.store, profileId: () => t.h.profileId })['money:getHistory']({
    theme: null,
    days: 365
  })
const wipe = (): void => {
  t.h.store.write.exec('DELETE FROM money_snapshot_rows; DELETE FROM money_snapshots')
}

describe('money snapshots travel', () => {
  it('in a backup: a restore brings the days back, beside a day taken since', async () => {
    await seeded()
    const kept = history()
    expect(kept.snapshots).toBe(2)
    const data = await travel.backupData(t)
    wipe()
    await takeSnapshot(
      { store: t.h.store, now: () => new Date(2026, 5, 16, 12) },
      t.h.profileId,
      'sync'
    )
    await travel.restoreBackup(t, data)
    const back = history()
    expect(back.snapshots).toBe(3)
    expect(back.currencies[0]?.points.map((x) => [x.day, x.paid, x.value])).toEqual([
      ['2026-06-14', 450, 900],
      ['2026-06-15', 450, 900],
      ['2026-06-16', 450, 900]
    ])
  })

  it('in the full export: its import brings them back', async () => {
    await seeded()
    const kept = history()
    const content = await travel.fullExport(t)
    wipe()
    const preview = await travel.importFullExport(t, content)
    expect(preview.problems).toEqual([])
    expect(history()).toEqual(kept)
  })
})
