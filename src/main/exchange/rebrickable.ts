import type { CsvTable } from './csv'
import { requireColumns, writeCsv } from './csv'
import { normaliseSetNumber, wholeNumber } from './cells'
import type { ExportCollection } from './export-types'
import { IntentBook } from './import-types'
import type { ParsedFile } from './import-types'

/**
 * Rebrickable's set list: `Set Number,Quantity,Includes Spares,Inventory Ver`, CRLF, UTF-8 without
 * a byte order mark (it is for the site's importer). Older exports end in `Inventory ID`; third
 * parties write the names in lower case. All are read; the capitalised form is written.
 */
const REBRICKABLE_COLUMNS = ['Set Number', 'Quantity', 'Includes Spares', 'Inventory Ver'] as const

export function rebrickableCsv(c: ExportCollection): { content: string; rows: number } {
  const rows = c.sets
    .filter((s) => s.owned && s.qtyOwned > 0)
    .map((s) => [s.fullNumber, s.qtyOwned, 'True', 1])
  return { content: writeCsv(REBRICKABLE_COLUMNS, rows), rows: rows.length }
}

/** Owned sets with their quantity; a set on several rows owns their sum. */
export function readRebrickable(table: CsvTable): ParsedFile {
  requireColumns(table, 'Rebrickable set list', ['Set Number', 'Quantity'])
  const book = new IntentBook()
  for (const r of table.rows) {
    book.row(r.line, () => {
      const qty = wholeNumber(r.get('Quantity'), 'Quantity', 999)
      book.set(normaliseSetNumber(r.get('Set Number')), r.line, { qtyOwned: qty })
    })
  }
  return book.finish({
    layout: 'Rebrickable set list',
    labels: new Map(),
    question: null,
    copyMatch: 'carried'
  })
}
