import { describe, expect, it } from 'vitest'
import { grandTotal, parseRate, readRateChoice } from '../../src/renderer/src/lib/report-rates'

const TOTALS = [
  { currency: '', amount: 7, copies: 1 },
  { currency: 'GBP', amount: 519.99, copies: 1 },
  { currency: 'USD', amount: 1000.05, copies: 3 }
]

describe("the report's grand total in one currency", () => {
  it('adds nothing up while any currency lacks a rate, and names those that do', () => {
    expect(grandTotal(TOTALS, 'GBP', {})).toEqual({
      kind: 'missing',
      currency: 'GBP',
      missing: ['', 'USD']
    })
    expect(grandTotal(TOTALS, 'GBP', { USD: '0.79', '': 'abc' })).toMatchObject({
      kind: 'missing',
      missing: ['']
    })
  })

  it("converts each currency at the user's rate, to the cent, and sums in whole cents", () => {
    const g = grandTotal(TOTALS, 'GBP', { USD: '0.79', '': '1' })
    expect(g.kind).toBe('total')
    if (g.kind !== 'total') return
    // 1000.05 × 0.79 = 790.0395 → 790.04; 519.99 + 790.04 + 7 = 1317.03, not a float's 1317.0295.
    expect(g.lines.map((l) => [l.currency, l.rate, l.converted])).toEqual([
      ['', 1, 7],
      ['GBP', 1, 519.99],
      ['USD', 0.79, 790.04]
    ])
    expect(g.amount).toBe(1317.03)
  })

  it('takes only plain positive decimals as rates', () => {
    expect(parseRate('0.79')).toBe(0.79)
    expect(parseRate(' 1,085 ')).toBe(1.085)
    for (const bad of ['', '0', '-1', '1e3', '0x10', '1.2.3', 'NaN', 'Infinity', '1 000']) {
      expect(parseRate(bad), bad).toBeNull()
    }
  })

  it('reads stored rates as hostile text, keeping only codes and short rates', () => {
    expect(readRateChoice(null)).toEqual({ target: '', rates: {} })
    expect(readRateChoice('{not json')).toEqual({ target: '', rates: {} })
    expect(
      readRateChoice(
        JSON.stringify({
          target: 'EUR',
          rates: { USD: '0.9', '': '1', usd: '2', GBPX: '1', CAD: 3, JPY: 'x'.repeat(40) }
        })
      )
    ).toEqual({ target: 'EUR', rates: { USD: '0.9', '': '1' } })
    expect(readRateChoice(JSON.stringify({ target: '<b>', rates: [] }))).toEqual({
      target: '',
      rates: {}
    })
  })
})
