import { afterEach, describe, expect, it } from 'vitest'
import type { ReportRow } from '../../src/shared/model/report'
import { completeCopy } from '../collection/copy-helpers'
import { reportHarness } from './report-harness'

let close = () => {}
afterEach(() => {
  close()
})

async function setup(sets?: number[]) {
  const r = await reportHarness(sets)
  close = () => {
    r.h.close()
  }
  return r
}

/** A row as an insurer reads it: which set, how many, what each is worth and on what grounds. */
const worth = (r: ReportRow) =>
  `${r.fullNumber} ×${r.kind === 'copy' ? 1 : r.count} ${r.value.currency} ${r.value.amount} ${r.value.source}`

describe('report values every owned copy', () => {
  it('takes the estimated value, else the price paid, else the retail price of the region', async () => {
    const { h, build, retail } = await setup()
    retail(1, { uk: '519.99', us: '599.99' })
    retail(2, { uk: '39.99' })
    retail(3, { uk: '9.99' })
    // Estimated value wins over price paid.
    await h.handlers['collection:saveCopy']({
      setID: 1,
      copy: completeCopy({ currency: 'DKK', pricePaid: 399, currentEstimatedValue: 500 })
    })
    // Price paid (with the additional) when there is no estimate.
    await h.handlers['collection:saveCopy']({
      setID: 2,
      copy: completeCopy({ currency: 'EUR', pricePaid: 30, additionalPricePaid: 4.5 })
    })
    // Details but no amount: the retail price in the report's region.
    await h.handlers['collection:saveCopy']({
      setID: 3,
      copy: completeCopy({ location: 'Attic', notes: 'sealed' })
    })
    // Owned without copy details: quantity × retail.
    await h.handlers['collection:updateSet']({ setID: 1, patch: { qtyOwned: 3 } })
    // No retail price in this region at all: said, never guessed.
    await h.handlers['collection:updateSet']({ setID: 4, patch: { owned: true } })
    const r = await build({ scope: 'owned', region: 'UK' })
    expect(r.rows.map(worth)).toEqual([
      '1-1 ×1 DKK 500 estimated',
      '1-1 ×2 GBP 519.99 retail',
      '2-1 ×1 EUR 34.5 paid',
      '3-1 ×1 GBP 9.99 retail',
      '4-1 ×1  0 none'
    ])
    expect(r.region).toBe('UK')
    expect(r.unvalued).toBe(1)
  })

  it('reads the retail price of the region asked for, in its currency', async () => {
    const { h, build, retail } = await setup()
    retail(1, { uk: '519.99', us: '599.99', ca: '649.99', eu: '549.99' })
    await h.handlers['collection:updateSet']({ setID: 1, patch: { owned: true, qtyOwned: 2 } })
    const byRegion: string[] = []
    for (const region of ['UK', 'US', 'CA', 'EU']) {
      const r = await build({ scope: 'owned', region })
      byRegion.push(r.rows.map(worth).join())
    }
    expect(byRegion).toEqual([
      '1-1 ×2 GBP 519.99 retail',
      '1-1 ×2 USD 599.99 retail',
      '1-1 ×2 CAD 649.99 retail',
      '1-1 ×2 EUR 549.99 retail'
    ])
  })

  it('totals the replacement value per currency, a quantity counting each copy', async () => {
    const { h, build, retail } = await setup()
    retail(1, { uk: '519.99' })
    retail(2, { uk: '10' })
    await h.handlers['collection:updateSet']({ setID: 1, patch: { owned: true, qtyOwned: 2 } })
    await h.handlers['collection:updateSet']({ setID: 2, patch: { owned: true, qtyOwned: 3 } })
    await h.handlers['collection:saveCopy']({
      setID: 3,
      copy: completeCopy({ currency: 'USD', pricePaid: 100, currentEstimatedValue: 150 })
    })
    await h.handlers['collection:saveCopy']({
      setID: 4,
      copy: completeCopy({ currency: 'GBP', currentEstimatedValue: 20.01 })
    })
    await h.handlers['collection:updateSet']({ setID: 5, patch: { owned: true } })
    const r = await build({ scope: 'owned', region: 'UK' })
    // 2 × 519.99 + 3 × 10 + 20.01, summed in whole pence.
    expect(r.replacement).toEqual([
      { currency: 'GBP', amount: 1089.99, copies: 6 },
      { currency: 'USD', amount: 150, copies: 1 }
    ])
    expect(r.unvalued).toBe(1)
    expect(r.copies).toBe(8)
  })

  it('refuses a region the catalogue has no prices for', async () => {
    const { call } = await setup()
    const r = await call('report:build', { scope: 'owned', region: 'JP' })
    expect(r.ok ? '' : r.error.code).toBe('invalid_input')
  })
})
