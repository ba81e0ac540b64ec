import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { AppError } from '../../shared/errors'

/**
 * RFC 4180 through maintained libraries (csv-stringify / csv-parse): CRLF rows, quotes doubled,
 * fields with separators, quotes or line breaks quoted.
 */

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection, OWASP).
const FORMULA_START = /^[=+\-@\t\r]/

/** Prefixes a formula-looking cell with `'` so spreadsheets show it as text. */
export function neutralise(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell
}

export type Cell = string | number | null

export interface CsvOptions {
  /** A UTF-8 byte order mark, for spreadsheet programs that otherwise guess a legacy encoding. */
  readonly bom?: boolean
}

export function writeCsv(
  header: readonly string[],
  rows: readonly (readonly Cell[])[],
  options: CsvOptions = {}
): string {
  const cells = (row: readonly Cell[]): string[] =>
    row.map((c) => (c === null ? '' : typeof c === 'number' ? String(c) : neutralise(c)))
  const body = stringify([cells(header), ...rows.map(cells)], { record_delimiter: '\r\n' })
  return (options.bom ? '\uFEFF' : '') + body
}

export interface CsvTable {
  /** Header names as written (trimmed). */
  readonly header: readonly string[]
  /** One record per non-blank row, keyed by the lower-cased header name. */
  readonly rows: readonly ReadonlyMap<string, string>[]
}

/** The parser's complaint in the user's words, with the line it was found on. */
function csvReason(e: unknown): string {
  const err = e as { code?: unknown; lines?: unknown; message?: unknown }
  const line = typeof err.lines === 'number' ? ` (line ${err.lines})` : ''
  const known: Record<string, string> = {
    CSV_QUOTE_NOT_CLOSED: 'A quoted value is never closed',
    CSV_INVALID_CLOSING_QUOTE: 'A quote is followed by other characters',
    CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'A quote is followed by other characters'
  }
  const text = typeof err.code === 'string' ? known[err.code] : undefined
  if (text !== undefined) return `The file is not valid CSV: ${text}${line}.`
  const message = typeof err.message === 'string' ? err.message.slice(0, 200) : 'unreadable'
  return `The file is not valid CSV: ${message}`
}

/** Parses CSV text with a header row; blank rows are skipped, a BOM is ignored. */
export function readCsv(content: string): CsvTable {
  let records: string[][]
  try {
    records = parse(content, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true
    })
  } catch (e) {
    throw new AppError(
      'invalid_input',
      'The file is not valid CSV.',
      { reason: csvReason(e) },
      {
        cause: e
      }
    )
  }
  const [head, ...body] = records
  if (!head) throw new AppError('invalid_input', 'The file is empty.')
  const header = head.map((h) => h.trim())
  const keys = header.map((h) => h.toLowerCase())
  const rows = body
    .filter((r) => r.some((c) => c.trim() !== ''))
    .map((r) => new Map(keys.map((k, i) => [k, r[i]?.trim() ?? ''])))
  return { header, rows }
}

/** Fails with a clear message when a required column is missing. */
export function requireColumns(table: CsvTable, format: string, columns: readonly string[]): void {
  const have = new Set(table.header.map((h) => h.toLowerCase()))
  const missing = columns.filter((c) => !have.has(c.toLowerCase()))
  if (missing.length > 0) {
    throw new AppError(
      'invalid_input',
      `This does not look like a ${format} file: missing column ${missing.map((m) => `"${m}"`).join(', ')}.`,
      { field: 'content' }
    )
  }
}
