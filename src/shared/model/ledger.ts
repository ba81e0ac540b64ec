/**
 * The copy ledger (issue #30 §1): what became of copies that left the collection, and the gains
 * made on them and on the copies still held. Local data: the service has no such record.
 */

export const DISPOSAL_KINDS = ['sold', 'gifted', 'partedOut', 'lost'] as const
export type DisposalKind = (typeof DISPOSAL_KINDS)[number]

export const DISPOSAL_WORDS: Readonly<Record<DisposalKind, string>> = {
  sold: 'Sold',
  gifted: 'Gifted',
  partedOut: 'Parted out',
  lost: 'Lost'
}

/** The most entries one page of the ledger list holds. */
export const LEDGER_PAGE_MAX = 500

/** One disposal, with what the copy was when it left. */
export interface LedgerEntryDto {
  readonly entryId: string
  readonly localId: string
  readonly setID: number
  readonly setNumber: string
  readonly setName: string
  readonly theme: string
  readonly setYear: number | null
  readonly kind: DisposalKind
  /** yyyy-MM-dd */
  readonly disposedOn: string
  readonly proceeds: number
  readonly proceedsCurrency: string
  readonly pricePaid: number
  readonly additionalPricePaid: number
  readonly currency: string
  readonly dateAcquired: string
  readonly conditionWhenAcquired: string
  readonly conditionNow: string
  readonly estimatedValue: number
  readonly note: string
  /** The disposal also deleted the copy (here and, once pushed, on the service). */
  readonly deletedOnService: boolean
  /** The copy is still in the collection (kept on the service): it counts as disposed here. */
  readonly copyStillHeld: boolean
  /** proceeds - paid - additional in `gainCurrency`; null when the two currencies differ. */
  readonly gain: number | null
  readonly gainCurrency: string
}

export interface LedgerPageDto {
  readonly offset: number
  readonly total: number
  readonly entries: readonly LedgerEntryDto[]
}

/** One row of a gains table: one group (set, theme or year) in one currency. */
export interface GainRowDto {
  /** The set's number, the theme, or the year ('' when unknown). */
  readonly key: string
  /** The set's name for a set row; '' otherwise. */
  readonly label: string
  /** '' when the copies carry no currency. */
  readonly currency: string
  readonly copies: number
  readonly paid: number
  /** Realised: the proceeds. Unrealised: the estimated value, else what was paid. */
  readonly value: number
  readonly gain: number
  /** Unrealised only: copies with no estimated value, valued at what was paid. */
  readonly unestimated: number
}

export type GainGrouping = 'set' | 'theme' | 'year'

export interface GainsDto {
  readonly by: GainGrouping
  /** Disposed copies, by the year of disposal for `year`. */
  readonly realised: readonly GainRowDto[]
  /** Copies still held, by the year acquired for `year`. */
  readonly unrealised: readonly GainRowDto[]
  /** Totals per currency, never summed across currencies. */
  readonly realisedTotals: readonly GainRowDto[]
  readonly unrealisedTotals: readonly GainRowDto[]
  /** Disposals whose proceeds are in another currency than what was paid: in no sum. */
  readonly mixedCurrency: number
  /** True when a table was cut at GAINS_ROWS_MAX rows. */
  readonly truncated: boolean
}

export const GAINS_ROWS_MAX = 2_000

export interface DisposalResultDto {
  readonly entryId: string
  /** The journal entry of the copy's deletion (Ctrl+Z undoes both); null when it stays. */
  readonly journalId: number | null
}

export interface LedgerExportDto {
  readonly filename: string
  readonly content: string
  readonly mime: string
  readonly rows: number
  /** Where the native dialog saved it; null when not saved that way. */
  readonly savedTo: string | null
}
