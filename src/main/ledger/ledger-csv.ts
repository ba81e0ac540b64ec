import { stringify } from 'csv-stringify/sync'
import type { LedgerEntryDto } from '../../shared/model/ledger'

/**
 * The ledger as CSV (RFC 4180: CRLF rows, a header row, quotes doubled, fields with separators,
 * quotes or line breaks quoted), through the same library the exchange feature writes with.
 * Dates are ISO (yyyy-MM-dd); every amount has its currency in the column after it; a gain in
 * two currencies is left empty, as the screen shows it. Text a spreadsheet would run as a formula
 * starts with `'` (the exchange feature's guard, OWASP "CSV injection"): a ledger is opened in
 * spreadsheets, and a set name or note comes from the service or the user.
 */

const LEDGER_CSV_HEADER = [
  'entry_id',
  'disposed_on',
  'disposal',
  'set_number',
  'set_name',
  'theme',
  'set_year',
  'proceeds',
  'proceeds_currency',
  'price_paid',
  'additional_price_paid',
  'paid_currency',
  'gain',
  'gain_currency',
  'estimated_value',
  'estimated_value_currency',
  'date_acquired',
  'condition_when_acquired',
  'condition_now',
  'deleted_from_collection',
  'still_in_collection',
  'note'
] as const

// A spreadsheet runs a cell that starts with one of these as a formula; a leading apostrophe is
// escaped too, so the one added can always be told apart.
const FORMULA_START = /^[=+\-@\t\r\n']/

function text(s: string): string {
  return FORMULA_START.test(s) ? `'${s}` : s
}

/** Amounts with two decimals, '.' as the point, no grouping: what every program reads back. */
function amount(n: number): string {
  return n.toFixed(2)
}

function row(e: LedgerEntryDto): string[] {
  return [
    e.entryId,
    e.disposedOn,
    e.kind,
    text(e.setNumber),
    text(e.setName),
    text(e.theme),
    e.setYear === null ? '' : String(e.setYear),
    amount(e.proceeds),
    e.proceedsCurrency,
    amount(e.pricePaid),
    amount(e.additionalPricePaid),
    e.currency,
    e.gain === null ? '' : amount(e.gain),
    e.gain === null ? '' : e.gainCurrency,
    amount(e.estimatedValue),
    e.currency,
    e.dateAcquired,
    text(e.conditionWhenAcquired),
    text(e.conditionNow),
    e.deletedOnService ? 'yes' : 'no',
    e.copyStillHeld ? 'yes' : 'no',
    text(e.note)
  ]
}

/**
 * One piece of the file: the header (and the byte order mark) with the first page, rows only
 * after it, so a long ledger is written a page per event-loop slice.
 */
export function ledgerCsvPart(
  entries: readonly LedgerEntryDto[],
  first: boolean,
  bom: boolean
): string {
  const rows = entries.map(row)
  const body = stringify(first ? [[...LEDGER_CSV_HEADER], ...rows] : rows, {
    record_delimiter: '\r\n',
    // Line breaks and spaces at either end are quoted: a reader that trims keeps them.
    quoted_match: [/[\r\n]/, /^\s|\s$/]
  })
  return (first && bom ? '\uFEFF' : '') + body
}
