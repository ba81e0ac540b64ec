import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createLedgerHandlers } from '../../src/main/ledger/index'
import type { LedgerHandlers } from '../../src/main/ledger/index'
import type { DisposalKind } from '../../src/shared/model/ledger'
import { editHarness } from '../collection/harness'
import type { EditHarness } from '../collection/harness'
import { emptyGains, setGainRow } from './ledger-fixtures'
import { addCopy } from './ledger-seed'

/**
 * Realised and unrealised gains per set, theme and year, per currency, on a real SQLite file:
 * amounts in two currencies are never added, and the estimate falls back to what was paid.
 */

let h: EditHarness
let ledger: LedgerHandlers
beforeEach(async () => {
  h = await editHarness({ sets: [1, 2, 3] })
  // Set 3 in another theme.
  h.store.write.exec(`UPDATE sets SET theme = 'Space' WHERE set_id = 3`)
  ledger = createLedgerHandlers({ ...h.deps, files: null })
})
afterEach(() => {
  h.close()
})

async function dispose(
  setID: number,
  localId: string,
  kind: DisposalKind,
  disposedOn: string,
  proceeds: number,
  proceedsCurrency: string
): Promise<void> {
  await ledger['ledger:applyDisposal']({
    setID,
    localId,
    kind,
    disposedOn,
    proceeds,
    proceedsCurrency,
    note: '',
    deleteCopy: true
  })
}

const pick = (rows: readonly { key: string; currency: string; copies: number; gain: number }[]) =>
  rows.map((r) => [r.key, r.currency, r.copies, r.gain])

describe('ledger gains', () => {
  it('realised: proceeds - paid - additional, per set, theme and year and currency', async () => {
    const a = await addCopy(h, 1, { pricePaid: 100, additionalPricePaid: 10 })
    const b = await addCopy(h, 1, { pricePaid: 0.1, additionalPricePaid: 0.2, currency: 'EUR' })
    const c = await addCopy(h, 3, { pricePaid: 50, additionalPricePaid: 0, currency: 'USD' })
    const d = await addCopy(h, 3, { pricePaid: 20, additionalPricePaid: 0, currency: 'GBP' })
    const e = await addCopy(h, 2, { pricePaid: 30, additionalPricePaid: 5, currency: 'EUR' })
    await dispose(1, a, 'sold', '2024-03-01', 180, 'EUR') // +70 EUR, 2024
    await dispose(1, b, 'sold', '2025-01-01', 0.6, 'EUR') // +0.3 EUR (to the cent), 2025
    await dispose(3, c, 'sold', '2025-02-01', 45, 'USD') // -5 USD, 2025
    await dispose(3, d, 'sold', '2025-03-01', 30, 'EUR') // GBP paid, EUR proceeds: no gain
    await dispose(2, e, 'lost', '2025-04-01', 0, '') // -35 EUR: nothing came in

    const bySet = await ledger['ledger:getGains']({ by: 'set' })
    expect(pick(bySet.realised)).toEqual([
      ['1-1', 'EUR', 2, 70.3],
      ['2-1', 'EUR', 1, -35],
      ['3-1', 'USD', 1, -5]
    ])
    expect(bySet.realised[0]).toMatchObject({ label: 'Set number 1', paid: 110.3, value: 180.6 })
    expect(bySet.mixedCurrency).toBe(1)
    expect(pick(bySet.realisedTotals)).toEqual([
      ['', 'EUR', 3, 35.3],
      ['', 'USD', 1, -5]
    ])

    const byTheme = await ledger['ledger:getGains']({ by: 'theme' })
    expect(pick(byTheme.realised)).toEqual([
      ['Castle', 'EUR', 3, 35.3],
      ['Space', 'USD', 1, -5]
    ])
    const byYear = await ledger['ledger:getGains']({ by: 'year' })
    expect(pick(byYear.realised)).toEqual([
      ['2024', 'EUR', 1, 70],
      ['2025', 'EUR', 2, -34.7],
      ['2025', 'USD', 1, -5]
    ])
    // The mixed entry is listed with no gain.
    const list = await ledger['ledger:list']({ offset: 0, limit: 10 })
    expect(list.entries.find((x) => x.localId === d)).toMatchObject({ gain: null })
  })

  it('unrealised: the estimate, else what was paid; by year acquired; disposed copies left out', async () => {
    await addCopy(h, 1, { pricePaid: 100, additionalPricePaid: 10, currentEstimatedValue: 150 })
    await addCopy(h, 1, {
      pricePaid: 40,
      additionalPricePaid: 0,
      currentEstimatedValue: 0,
      dateAcquired: '2023-01-01'
    })
    await addCopy(h, 3, {
      pricePaid: 10,
      additionalPricePaid: 0,
      currentEstimatedValue: 25,
      currency: 'USD'
    })
    const gone = await addCopy(h, 2, { pricePaid: 5, currentEstimatedValue: 500 })
    // A blank record (no price, no estimate) adds nothing and is not counted.
    await addCopy(h, 2, {
      pricePaid: 0,
      additionalPricePaid: 0,
      currentEstimatedValue: 0,
      currency: ''
    })
    await ledger['ledger:applyDisposal']({
      setID: 2,
      localId: gone,
      kind: 'gifted',
      disposedOn: '2025-01-01',
      proceeds: 0,
      proceedsCurrency: '',
      note: '',
      deleteCopy: false
    })

    const bySet = await ledger['ledger:getGains']({ by: 'set' })
    expect(bySet.unrealised).toEqual([
      setGainRow(1, 'EUR', { copies: 2, paid: 150, value: 190, gain: 40, unestimated: 1 }),
      setGainRow(3, 'USD', { copies: 1, paid: 10, value: 25, gain: 15, unestimated: 0 })
    ])
    const byYear = await ledger['ledger:getGains']({ by: 'year' })
    expect(pick(byYear.unrealised)).toEqual([
      ['2021', 'EUR', 1, 40],
      ['2021', 'USD', 1, 15],
      ['2023', 'EUR', 1, 0]
    ])
    const byTheme = await ledger['ledger:getGains']({ by: 'theme' })
    expect(pick(byTheme.unrealisedTotals)).toEqual([
      ['', 'EUR', 2, 40],
      ['', 'USD', 1, 15]
    ])
    expect(pick(byTheme.unrealised)).toEqual([
      ['Castle', 'EUR', 2, 40],
      ['Space', 'USD', 1, 15]
    ])
  })

  it('an empty ledger and collection: empty tables, nothing truncated', async () => {
    expect(await ledger['ledger:getGains']({ by: 'theme' })).toEqual(emptyGains('theme'))
  })
})
