import type { RetailRegion } from './report'

/**
 * The money view's value over time (issue #30 §1): local daily snapshots of the owned copies'
 * figures, per currency and per theme. Amounts in different currencies are never added together.
 */

/**
 * The shop whose retail prices stand for a currency's: the catalogue keeps the US, UK, Canadian
 * and German shops' prices (the German one as the EU's). Other currencies have no retail value.
 */
const CURRENCY_REGION: Readonly<Record<string, RetailRegion>> = {
  USD: 'US',
  GBP: 'UK',
  CAD: 'CA',
  EUR: 'EU'
}

/** The region whose retail prices a currency's copies are valued at, or null when none. */
export function regionOf(currency: string): RetailRegion | null {
  return Object.hasOwn(CURRENCY_REGION, currency) ? (CURRENCY_REGION[currency] ?? null) : null
}

/** What took a snapshot: the first start of a day (or midnight), a sync, an import. */
export type SnapshotReason = 'daily' | 'sync' | 'import'

/** The most days one history answer covers (ten years of daily snapshots). */
export const MONEY_DAYS_MAX = 3660

/** One currency's figures on one day. */
export interface MoneyPointDto {
  /** yyyy-MM-dd, the user's local day. */
  readonly day: string
  readonly copies: number
  readonly sets: number
  /** Price paid plus additional price paid. */
  readonly paid: number
  /** The sets' retail prices in the currency's shop; null when the currency has no shop. */
  readonly retail: number | null
  /** Copies whose set has a retail price there (the others are not in `retail`). */
  readonly retailCopies: number
  /** Current estimated values, else what was paid. */
  readonly value: number
  /** Copies without an estimate, valued at what was paid. */
  readonly valueFallback: number
}

export interface MoneyCurrencyDto {
  /** ISO code, or '' for copies recorded without a currency. */
  readonly currency: string
  readonly region: RetailRegion | null
  /** One point per snapshot day, oldest first (zero on a day the currency had no copies). */
  readonly points: readonly MoneyPointDto[]
}

/** One theme's figures in one currency, in the newest snapshot. */
interface MoneyThemeDto {
  readonly theme: string
  readonly currency: string
  readonly copies: number
  readonly paid: number
  readonly value: number
}

export interface MoneyHistoryDto {
  /** The theme the points are for; null for the whole collection. */
  readonly theme: string | null
  /** Snapshot days in the range (0: none taken yet). */
  readonly snapshots: number
  /** The newest snapshot: when, why, and the owned copies without details it could not count. */
  readonly latest: {
    readonly day: string
    readonly takenAt: string
    readonly reason: SnapshotReason
    readonly undetailed: number
  } | null
  readonly currencies: readonly MoneyCurrencyDto[]
  /** The newest snapshot's themes, per currency, most valuable first. */
  readonly themes: readonly MoneyThemeDto[]
}
