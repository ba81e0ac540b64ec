/**
 * The insurance / inventory report (issue #17): every owned copy of the chosen sets, one row each,
 * with the totals per currency. Amounts in different currencies are never added together.
 */

/** The set a row belongs to, as the catalogue names it (`Set <id>` when the catalogue lacks it). */
interface ReportSetInfo {
  readonly setID: number
  readonly fullNumber: string
  readonly name: string
  readonly theme: string
  readonly year: number | null
  /** App-local `media/...` path of the set's cached thumbnail, or null when it has none. */
  readonly thumbnail: string | null
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
 * so every owned copy is on the report without inventing details. Carries the set's own notes.
 */
interface ReportUndetailedRow extends ReportSetInfo {
  readonly kind: 'undetailed'
  readonly count: number
  /** Whether the set also has detailed copies (the row then reads "N more without details"). */
  readonly more: boolean
  readonly notes: string
}

export type ReportRow = ReportCopyRow | ReportUndetailedRow

/** Paid (price plus additional) and estimated value of the copies in one currency. */
interface ReportCurrencyTotal {
  /** ISO code, or '' for amounts recorded without a currency. */
  readonly currency: string
  readonly paid: number
  readonly value: number
}

export interface ReportDto {
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
}

export type PaperSize = 'A4' | 'Letter'
