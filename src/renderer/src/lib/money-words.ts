import type { MoneyCurrencyDto, MoneyHistoryDto, MoneyPointDto } from '../../../shared/model/money'
import type { RetailRegion } from '../../../shared/model/report'
import { currencyName, money } from './format'

/** The money screen's words: what each figure rests on, said plainly. */

const REASON: Readonly<Record<NonNullable<MoneyHistoryDto['latest']>['reason'], string>> = {
  daily: "the day's first start",
  sync: 'a sync',
  import: 'an import'
}

export function reasonWords(reason: keyof typeof REASON): string {
  return REASON[reason]
}

/** The heading of a currency's section: "British Pound (GBP)", or copies kept without one. */
export function currencyTitle(code: string): string {
  return code === '' ? 'Copies without a currency' : `${currencyName(code)} (${code})`
}

export function themeLabel(theme: string): string {
  return theme === '' ? 'Sets not in the catalogue' : theme
}

/** An amount in the currency; a plain number for copies recorded without a currency. */
export function amountIn(n: number, currency: string): string {
  return money(n, currency)
}

/** Value less paid, with its sign: "+£30.01", "−£5.00", "£0.00". */
export function gapWords(p: Pick<MoneyPointDto, 'paid' | 'value'>, currency: string): string {
  const gap = Math.round((p.value - p.paid) * 100) / 100
  if (gap === 0) return money(0, currency)
  return `${gap > 0 ? '+' : '−'}${money(Math.abs(gap), currency)}`
}

const SHOP: Readonly<Record<RetailRegion, string>> = {
  US: 'US shop',
  UK: 'UK shop',
  CA: 'Canadian shop',
  EU: 'German shop'
}

/** Where a currency's retail prices come from, or why it has none. */
export function retailSource(c: Pick<MoneyCurrencyDto, 'currency' | 'region'>): string {
  if (c.region !== null) return `Retail prices of the ${SHOP[c.region]}.`
  if (c.currency === '') return 'No retail value: these copies name no currency.'
  return (
    `No retail value in ${c.currency}: the catalogue keeps retail prices in US dollars, ` +
    'pounds, Canadian dollars and euros (the German shop) only.'
  )
}

const plural = (n: number, one: string, many: string): string =>
  `${n.toLocaleString()} ${n === 1 ? one : many}`

/** "2 of 5 copies have no estimate: valued at what was paid." */
export function fallbackWords(p: Pick<MoneyPointDto, 'valueFallback' | 'copies'>): string {
  if (p.valueFallback === 0) return 'Every copy has an estimated value.'
  if (p.valueFallback === p.copies) {
    return p.copies === 1
      ? 'The copy has no estimated value: it is valued at what was paid.'
      : `None of the ${plural(p.copies, 'copy', 'copies')} has an estimated value: each is valued at what was paid.`
  }
  return `${p.valueFallback.toLocaleString()} of ${plural(p.copies, 'copy', 'copies')} ${
    p.valueFallback === 1 ? 'has' : 'have'
  } no estimated value: valued at what was paid.`
}

/** "Retail price known for 3 of 4 copies." */
export function retailCoverage(p: Pick<MoneyPointDto, 'retailCopies' | 'copies'>): string {
  if (p.retailCopies === p.copies) return 'Retail price known for every copy.'
  if (p.retailCopies === 0) return 'The catalogue has no retail price there for these sets.'
  return `Retail price known for ${p.retailCopies.toLocaleString()} of ${plural(p.copies, 'copy', 'copies')}.`
}

export function copiesWords(copies: number, sets: number): string {
  return `${plural(copies, 'copy', 'copies')} of ${plural(sets, 'set', 'sets')}`
}

/** "14 Nov" style labels for the chart's days; the day itself in the table. */
export function dayLabel(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!m) return day
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
  return d.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: '2-digit' })
}
