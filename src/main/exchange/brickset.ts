import { AppError } from '../../shared/errors'
import { NOTES_MAX } from '../../shared/model/collection'
import type { CsvRow, CsvTable } from './csv'
import { hasColumns, requireColumns, writeCsv } from './csv'
import type { Cell } from './csv'
import { normaliseSetNumber, sheetCell, wholeNumber, yesNo as readYesNo } from './cells'
import type { ExportCollection } from './export-types'
import { FLAG_NOS, catalogueCells, flagTitle, yesNo } from './export-types'
import { matchFlags, unreadTicks } from './flag-match'
import type { FlagColumn } from './flag-match'
import { IntentBook } from './import-types'
import type { ParsedFile, ReadContext } from './import-types'

/**
 * Brickset's own collection export (`Brickset-Sets.csv`), both layouts it has had. Column names
 * are verbatim from public scripts that parse the file (docs/formats.md); the current layout has
 * eight flag columns named by the user's labels between `Priority` and `Value new (USD)`.
 */

const BEFORE_FLAGS = [
  'Number',
  'Set name',
  'Theme',
  'Subtheme',
  'Year',
  'Pieces',
  'Minifigs',
  'RRP (GBP)',
  'RRP (USD)',
  'RRP (CAD)',
  'RRP (EUR)',
  'EAN',
  'UPC',
  'Width',
  'Height',
  'Depth',
  'Weight',
  'Notes',
  'Qty owned',
  'Qty owned new',
  'Qty owned used',
  'Wanted',
  'Qty wanted',
  'Priority'
] as const
const AFTER_FLAGS = ['Value new (USD)', 'Value used (USD)', 'Launch date', 'Exit date'] as const

/** The current layout, one row per set with anything recorded; values we do not keep are blank. */
export function bricksetCsv(c: ExportCollection, bom: boolean): { content: string; rows: number } {
  const header = [
    ...BEFORE_FLAGS,
    ...FLAG_NOS.map((n) => flagTitle(c.labels, n, `Flag ${n} not used`)),
    ...AFTER_FLAGS
  ]
  const rows = c.sets.map((s): Cell[] => [
    ...catalogueCells(s),
    s.prices.UK,
    s.prices.US,
    s.prices.CA,
    s.prices.EU,
    s.ean,
    s.upc,
    s.dimensions.width,
    s.dimensions.height,
    s.dimensions.depth,
    s.dimensions.weight,
    s.notes,
    s.qtyOwned,
    null,
    null,
    yesNo(s.wanted),
    s.wanted ? 1 : 0,
    null,
    ...FLAG_NOS.map((n) => yesNo(s.flags[n - 1] === true)),
    null,
    null,
    s.launchDate,
    s.exitDate
  ])
  return { content: writeCsv(header, rows, { bom, formulaGuard: true }), rows: rows.length }
}

/** The eight flag columns of the current layout: after `Priority`, or the unknown ones in order. */
function flagColumns(table: CsvTable): FlagColumn[] {
  const lower = table.header.map((h) => h.toLowerCase())
  const start = lower.indexOf('priority')
  const end = lower.indexOf('value new (usd)')
  if (start >= 0 && end === start + 9) {
    return FLAG_NOS.map((n) => ({
      index: start + n,
      name: table.header[start + n] ?? '',
      position: n
    }))
  }
  const known = new Set([...BEFORE_FLAGS, ...AFTER_FLAGS].map((h) => h.toLowerCase()))
  return table.header
    .map((name, index) => ({ index, name }))
    .filter((c) => !known.has(c.name.toLowerCase()))
    .slice(0, 8)
    .map((c, i) => ({ ...c, position: i + 1 }))
}

function current(table: CsvTable, ctx: ReadContext): ParsedFile {
  requireColumns(table, 'Brickset collection', ['Number', 'Qty owned'])
  const columns = flagColumns(table)
  // Read into the user's flags by name (flag-match.ts): their places are another account's.
  const flags = matchFlags(columns, ctx.labels ?? [])
  const title = new Map(columns.map((c) => [c.index, c.name]))
  const book = new IntentBook()
  for (const r of table.rows) {
    book.row(r.line, () => {
      const qty = wholeNumber(r.get('Qty owned'), 'Qty owned', 999)
      const wantedQty = r.has('Qty wanted')
        ? wholeNumber(r.get('Qty wanted'), 'Qty wanted', 999)
        : 0
      book.set(normaliseSetNumber(r.get('Number')), r.line, {
        qtyOwned: qty,
        wanted: readYesNo(r.get('Wanted'), 'Wanted') || wantedQty > 0,
        ...(r.has('Notes') ? { notes: sheetCell(r.get('Notes'), 'Notes', NOTES_MAX) } : {}),
        flags: new Map(
          flags.columns.map((f) => [
            f.flagNo,
            readYesNo(r.cells[f.index] ?? '', title.get(f.index) ?? `Flag ${f.flagNo}`)
          ])
        )
      })
    })
  }
  return book.finish({
    layout: 'Brickset collection CSV',
    labels: flags.labels,
    notices: [...flags.notices, ...unreadTicks(flags, table.rows, ctx.labels ?? [])],
    question: null,
    copyMatch: 'carried'
  })
}

function olderRow(book: IntentBook, r: CsvRow): void {
  const owned = readYesNo(r.get('Owned'), 'Owned')
  const qty = wholeNumber(r.get('QtyOwned'), 'QtyOwned', 999)
  book.set(normaliseSetNumber(r.get('Number'), r.get('Variant')), r.line, {
    qtyOwned: owned ? Math.max(qty, 1) : qty,
    wanted: readYesNo(r.get('Wanted'), 'Wanted')
  })
}

/** The older layout: the variant in its own column, Yes/No for owned and wanted. */
function older(table: CsvTable): ParsedFile {
  requireColumns(table, 'Brickset collection', ['Number', 'Variant', 'Owned', 'Wanted'])
  const book = new IntentBook()
  for (const r of table.rows) {
    book.row(r.line, () => {
      olderRow(book, r)
    })
  }
  return book.finish({
    layout: 'Brickset collection CSV, older layout',
    labels: new Map(),
    question: null,
    copyMatch: 'carried'
  })
}

export function readBrickset(table: CsvTable, ctx: ReadContext): ParsedFile {
  if (hasColumns(table, ['Qty owned'])) return current(table, ctx)
  if (hasColumns(table, ['Variant'])) return older(table)
  throw new AppError(
    'invalid_input',
    'This does not look like a Brickset collection file: it has neither "Qty owned" (the current ' +
      'layout) nor "Variant" (the older one).',
    { field: 'content' }
  )
}
