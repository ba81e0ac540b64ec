import { RETAIL_CURRENCY } from '../../shared/model/report'
import type { ReportRow, ReportValue, RetailRegion } from '../../shared/model/report'

/** The catalogue's retail prices of one set, as the text it keeps ("519.99"), by region. */
interface RetailPrices {
  readonly uk_price: string | null
  readonly us_price: string | null
  readonly ca_price: string | null
  readonly eu_price: string | null
}

const COLUMN: Readonly<Record<RetailRegion, keyof RetailPrices>> = {
  UK: 'uk_price',
  US: 'us_price',
  CA: 'ca_price',
  EU: 'eu_price'
}

/** Catalogue text is hostile: only a plain positive decimal is a price. */
function decimal(text: string | null): number | null {
  const t = (text ?? '').trim()
  if (!/^\d{1,9}([.,]\d{1,4})?$/.test(t)) return null
  const n = Number(t.replace(',', '.'))
  return n > 0 ? n : null
}

/** The set's retail price in the region's shop, or `none` when the catalogue has none. */
export function retailValue(prices: RetailPrices, region: RetailRegion): ReportValue {
  const n = decimal(prices[COLUMN[region]])
  return n === null
    ? { amount: 0, currency: '', source: 'none' }
    : { amount: n, currency: RETAIL_CURRENCY[region], source: 'retail' }
}

/** A copy's own figures first (estimate, then paid with the additional), else the retail price. */
export function copyValue(
  copy: {
    readonly currency: string
    readonly pricePaid: number
    readonly additionalPricePaid: number
    readonly currentEstimatedValue: number
  },
  retail: ReportValue
): ReportValue {
  if (copy.currentEstimatedValue > 0) {
    return { amount: copy.currentEstimatedValue, currency: copy.currency, source: 'estimated' }
  }
  const paid = cents(copy.pricePaid) + cents(copy.additionalPricePaid)
  if (paid > 0) return { amount: paid / 100, currency: copy.currency, source: 'paid' }
  return retail
}

/** Sums run in whole cents: adding 2 × 519.99 and 20.01 in floats drifts off the penny. */
function cents(n: number): number {
  return Math.round(n * 100)
}

/** Replacement value per currency over every copy the rows stand for; unvalued ones counted apart. */
export function replacementTotals(rows: readonly ReportRow[]) {
  const by = new Map<string, { cents: number; copies: number }>()
  let unvalued = 0
  for (const r of rows) {
    const count = r.kind === 'copy' ? 1 : r.count
    if (r.value.source === 'none') {
      unvalued += count
      continue
    }
    const t = by.get(r.value.currency) ?? { cents: 0, copies: 0 }
    t.cents += cents(r.value.amount) * count
    t.copies += count
    by.set(r.value.currency, t)
  }
  const replacement = [...by.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([currency, t]) => ({ currency, amount: t.cents / 100, copies: t.copies }))
  return { replacement, unvalued }
}
