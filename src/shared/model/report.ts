/**
 * The insurance / inventory report (issue #17): every owned copy of the chosen sets, one row each,
 * with the totals per currency. Amounts in different currencies are never added together.
 */

/** The markets whose retail prices the catalogue keeps, each in its shop's currency. */
export const RETAIL_REGIONS = ['UK', 'US', 'CA', 'EU'] as const
export type RetailRegion = (typeof RETAIL_REGIONS)[number]
export const RETAIL_CURRENCY: Readonly<Record<RetailRegion, string>> = {
  UK: 'GBP',
  US: 'USD',
  CA: 'CAD',
  EU: 'EUR'
}

/**
 * Where a copy's value comes from, in this order: the user's current estimate, else what they
 * paid (with the additional), else the set's retail price in the report's region. `none` when
 * none of them is known: the report says so rather than counting it as nothing.
 */
type ValueSource = 'estimated' | 'paid' | 'retail' | 'none'

/** What one copy is worth; a row without details stands for `count` copies of this each. */
export interface ReportValue {
  readonly amount: number
  /** ISO code; '' for an amount recorded without one, or for `none`. */
  readonly currency: string
  readonly source: ValueSource
}

/** The set a row belongs to, as the catalogue names it (`Set <id>` when the catalogue lacks it). */
interface ReportSetInfo {
  readonly setID: number
  readonly fullNumber: string
  readonly name: string
  readonly theme: string
  readonly year: number | null
  /** App-local `media/...` path of the set's cached thumbnail, or null when it has none. */
  readonly thumbnail: string | null
  /** The set's own note ("box dented"), on the set's first row only; '' on the others. */
  readonly setNotes: string
  /** What each copy the row stands for is worth, and on what grounds. */
  readonly value: ReportValue
}

/** One copy the user recorded details for. */
interface ReportCopyRow extends ReportSetInfo {
  readonly kind: 'copy'
  readonly localId: string
  readonly conditionNow: string
  readonly conditionWhenAcquired: string
  readonly location: string
  readonly dateAcquired: string
  readonly acquiredFrom: string
  /** ISO code, or '' when the copy names none. */
  readonly currency: string
  readonly pricePaid: number
  readonly additionalPricePaid: number
  readonly currentEstimatedValue: number
  readonly notes: string
}

/**
 * The copies of a set the quantity counts but no copy record details: one row for all of them,
 * so every owned copy is on the report without inventing details.
 */
interface ReportUndetailedRow extends ReportSetInfo {
  readonly kind: 'undetailed'
  readonly count: number
  /** Whether the set also has detailed copies (the row then reads "N more without details"). */
  readonly more: boolean
}

export type ReportRow = ReportCopyRow | ReportUndetailedRow

/** What replacing the copies valued in one currency would cost, by the row values. */
interface ReportReplacementTotal {
  readonly currency: string
  readonly amount: number
  /** Copies this amount covers. */
  readonly copies: number
}

/** Paid (price plus additional) and estimated value of the copies in one currency. */
interface ReportCurrencyTotal {
  /** ISO code, or '' for amounts recorded without a currency. */
  readonly currency: string
  readonly paid: number
  readonly value: number
}

/** Whose collection it is, as Settings keeps it ('' when not given). */
export interface ReportOwner {
  readonly name: string
  /** Lines separated by '\n'. */
  readonly address: string
}

export interface ReportDto {
  readonly owner: ReportOwner
  /** When the report was made (ISO, UTC). */
  readonly generatedAt: string
  /** Owned sets on the report. */
  readonly sets: number
  /** Owned copies on the report: detailed ones plus those without details. */
  readonly copies: number
  readonly detailedCopies: number
  /** Sets asked for by ID that are not owned, and so left out. */
  readonly leftOut: number
  readonly rows: readonly ReportRow[]
  /** By currency code, '' (no currency) first; never summed across currencies. */
  readonly totals: readonly ReportCurrencyTotal[]
  /** The region whose retail prices fill in for copies without an estimate or a price. */
  readonly region: RetailRegion
  /** Replacement value by currency code, in code order; never summed across currencies. */
  readonly replacement: readonly ReportReplacementTotal[]
  /** Copies no value is known for (source `none`): left out of `replacement`. */
  readonly unvalued: number
}

export type PaperSize = 'A4' | 'Letter'
