import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { AppError } from '../../shared/errors'
import { IMPORT_LIMITS, overLimit } from './import-limits'

/**
 * RFC 4180 through maintained libraries (csv-stringify / csv-parse): CRLF rows, quotes doubled,
 * fields with separators, quotes or line breaks quoted.
 */

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection, OWASP).
// A leading apostrophe is escaped too, so the one we add can always be told apart and removed.
const FORMULA_START = /^[=+\-@\t\r\n']/

/** Prefixes a formula-looking cell with `'` so spreadsheets show it as text. */
function neutralise(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell
}

/** Takes off the `'` that neutralise put on; any other text is left as it is. */
export function unneutralise(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell
}

export type Cell = string | number | null

interface CsvOptions {
  /** A UTF-8 byte order mark, for spreadsheet programs that otherwise guess a legacy encoding. */
  readonly bom?: boolean
  /**
   * The formula guard: for the files a spreadsheet opens (our full export, Brickset's layout).
   * A site's importer reads the text itself and would keep the apostrophe as part of it.
   */
  readonly formulaGuard?: boolean
  /** Quote every text cell, so spaces at either end survive programs that trim. */
  readonly quoteText?: boolean
}

export function writeCsv(
  header: readonly string[],
  rows: readonly (readonly Cell[])[],
  options: CsvOptions = {}
): string {
  const cells = (row: readonly Cell[]): Cell[] =>
    options.formulaGuard === true
      ? row.map((c) => (typeof c === 'string' ? neutralise(c) : c))
      : [...row]
  const body = stringify([cells(header), ...rows.map(cells)], {
    record_delimiter: '\r\n',
    // A lone CR or LF ends a row in a spreadsheet: left unquoted, the text after it starts a new
    // row of its own, where a formula escapes the guard above ("\r=cmd()").
    // Spaces at either end are quoted too: readers (ours included) trim unquoted cells.
    quoted_match: [/[\r\n]/, /^\s|\s$/],
    ...(options.quoteText ? { quoted_string: true, quoted_empty: false } : {})
  })
  return (options.bom ? '\uFEFF' : '') + body
}

type Delimiter = ',' | ';' | '\t'

/** A data row: the line it starts on and its cells by the lower-cased header name. */
export interface CsvRow {
  readonly line: number
  /** The cell under a header (any case); '' when the row is short. */
  get(column: string): string
  has(column: string): boolean
  /** Cells by position, for columns named by the user (Brickset's flag columns). */
  readonly cells: readonly string[]
}

export interface CsvTable {
  /** Header names as written (trimmed). */
  readonly header: readonly string[]
  readonly rows: readonly CsvRow[]
  readonly delimiter: Delimiter
}

export const DELIMITER_NAMES: Readonly<Record<Delimiter, string>> = {
  ',': 'comma',
  ';': 'semicolon',
  '\t': 'tab'
}

/** The parser's complaint in the user's words, with the line it was found on. */
function csvReason(e: unknown, startLine: number): string {
  const err = e as { code?: unknown; message?: unknown }
  // The parser's own line count is off for CRLF inside quotes: the record's first line is ours.
  const line = ` (line ${startLine})`
  const known: Record<string, string> = {
    CSV_QUOTE_NOT_CLOSED: 'A quoted value is never closed',
    CSV_INVALID_CLOSING_QUOTE: 'A quote is followed by other characters',
    CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'A quote is followed by other characters',
    INVALID_OPENING_QUOTE: 'A quote opens in the middle of a value'
  }
  const text = typeof err.code === 'string' ? known[err.code] : undefined
  if (text !== undefined) return `The file is not valid CSV: ${text}${line}.`
  const message = typeof err.message === 'string' ? err.message.slice(0, 200) : 'unreadable'
  return `The file is not valid CSV: ${message}`
}

/** Counts a character outside quoted text on the first line. */
function countOutsideQuotes(line: string, ch: string): number {
  let n = 0
  let quoted = false
  for (const c of line) {
    if (c === '"') quoted = !quoted
    else if (c === ch && !quoted) n++
  }
  return n
}

/**
 * The separator the header row uses: spreadsheets in many European locales write `;`, "Unicode
 * text" writes tabs. Excel's `sep=;` first line says it outright.
 */
function detectDelimiter(text: string): { delimiter: Delimiter; skip: number } {
  const first = /^[^\r\n]*/.exec(text)?.[0] ?? ''
  const hint = /^sep=(.)$/i.exec(first.trim())?.[1]
  if (hint === ',' || hint === ';' || hint === '\t') return { delimiter: hint, skip: 1 }
  const candidates: Delimiter[] = [',', ';', '\t']
  let best: Delimiter = ','
  let most = 0
  for (const d of candidates) {
    const n = countOutsideQuotes(first, d)
    if (n > most) {
      most = n
      best = d
    }
  }
  return { delimiter: best, skip: 0 }
}

/** Told how far the parser has read, every few thousand rows (the preview's progress bar). */
export type ReadProgress = (done: number, total: number) => void

const PROGRESS_EVERY = 5_000

interface Located {
  readonly line: number
  readonly record: string[]
}

const CR = 0x0d
const LF = 0x0a
const SPACE = 0x20
const TAB = 0x09

/**
 * Line numbers as a text editor shows them, counted from the bytes: CRLF, CR and LF each end one
 * line, inside quoted cells too. The parser's own count takes CRLF inside quotes as two lines,
 * so a Windows file with notes on several lines named rows far below where they are.
 */
class LineCounter {
  private at = 0
  private line = 1

  constructor(
    private readonly bytes: Buffer,
    /** Tab separates cells in a tab-separated file: there it is part of a row, not space. */
    private readonly tabIsSpace: boolean
  ) {}

  /**
   * The line a record starts on, given where the one before it ended: the first byte from `from`
   * that is not white space (blank lines the parser skipped lie between). Offsets only grow.
   */
  startLine(from: number): number {
    const b = this.bytes
    let i = Math.max(from, this.at)
    while (
      i < b.length &&
      (b[i] === SPACE || b[i] === CR || b[i] === LF || (b[i] === TAB && this.tabIsSpace))
    ) {
      i++
    }
    for (; this.at < i; this.at++) {
      const c = b[this.at]
      // A CRLF is counted at its CR; a LF right after a CR belongs to it.
      if (c === CR || (c === LF && (this.at === 0 || b[this.at - 1] !== CR))) this.line++
    }
    return this.line
  }
}

/**
 * Parses CSV text with a header row: the separator detected, any line ending (CRLF, LF or CR,
 * mixed too), blank rows skipped, each row's first line kept for the preview. Reading stops at the
 * first row past a cap (IMPORT_LIMITS), so a hostile file costs no more than a capped one.
 */
export function readCsv(content: string, onProgress?: ReadProgress): CsvTable {
  const text = content.replace(/^\uFEFF/, '')
  const { delimiter, skip } = detectDelimiter(text)
  // The parser works on bytes either way: handing it ours lets the line count read the same ones.
  const bytes = Buffer.from(text)
  const total = bytes.length
  const lines = new LineCounter(bytes, delimiter !== '\t')
  // Where the previous record ended (info.bytes, past its line end): the next starts after it.
  let ended = skip === 0 ? 0 : Buffer.byteLength(/^[^\r\n]*(\r\n|\r|\n)?/.exec(text)?.[0] ?? '')
  let kept = 0
  // Kept here as they come, located; the parser's own result (typed as plain records) stays empty.
  const records: Located[] = []
  const onRecord = (record: string[], info: { bytes: number }): null => {
    const line = lines.startLine(ended)
    ended = info.bytes
    if (record.length > IMPORT_LIMITS.columns) throw overLimit('columns', line)
    if (!record.some((c) => c.trim() !== '')) return null
    // The header and IMPORT_LIMITS.rows data rows; one more is over.
    if (++kept > IMPORT_LIMITS.rows + 1) throw overLimit('rows', line)
    if (onProgress && kept % PROGRESS_EVERY === 0) onProgress(Math.min(info.bytes, total), total)
    records.push({ line, record })
    return null
  }
  try {
    parse(bytes, {
      delimiter,
      // Any of the three, per line: a file edited on two systems mixes them.
      record_delimiter: ['\r\n', '\n', '\r'],
      from_line: skip + 1,
      relax_column_count: true,
      // Blank lines must be skipped by the parser: as records of their own each cost an error
      // object (a short row), and a file of newlines took minutes.
      skip_empty_lines: true,
      trim: true,
      max_record_size: IMPORT_LIMITS.recordChars,
      on_record: onRecord
    })
  } catch (e) {
    if (e instanceof AppError) throw e
    if ((e as { code?: unknown }).code === 'CSV_MAX_RECORD_SIZE') {
      throw overLimit('recordChars', lines.startLine(ended))
    }
    throw new AppError(
      'invalid_input',
      'The file is not valid CSV.',
      { reason: csvReason(e, lines.startLine(ended)) },
      {
        cause: e
      }
    )
  }
  const [head, ...body] = records
  if (!head) throw new AppError('invalid_input', 'The file is empty.')
  const header = head.record.map((h) => h.trim())
  const index = new Map<string, number>()
  header.forEach((h, i) => {
    const key = h.toLowerCase()
    if (!index.has(key)) index.set(key, i)
  })
  const rows = body.map(({ line, record }): CsvRow => new Row(line, record, index))
  return { header, rows, delimiter }
}

/**
 * One data row. Its lookups live on the prototype, sharing the header's index: two closures per
 * row (as it was) made a 100,000-row table take 98 MB of the import worker's heap, two thirds
 * of it the closures; as a class it takes 34 MB, what the parser's own records take.
 */
class Row implements CsvRow {
  constructor(
    readonly line: number,
    readonly cells: readonly string[],
    private readonly index: ReadonlyMap<string, number>
  ) {}

  get(column: string): string {
    const i = this.index.get(column.toLowerCase())
    return i === undefined ? '' : (this.cells[i] ?? '')
  }

  has(column: string): boolean {
    return this.index.has(column.toLowerCase())
  }
}

export function hasColumns(table: CsvTable, columns: readonly string[]): boolean {
  const have = new Set(table.header.map((h) => h.toLowerCase()))
  return columns.every((c) => have.has(c.toLowerCase()))
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
