import type { CsvRow, CsvTable } from './csv'
import { requireColumns, writeCsv } from './csv'
import type { Cell } from './csv'
import {
  checkedCopy,
  minifigNumber,
  normaliseSetNumber,
  RowError,
  sheetCell,
  wholeNumber,
  yesNo
} from './cells'
import { readDate, readDateOrder } from './dates'
import type { ExportCollection, ExportSet } from './export-types'
import { FLAG_NOS, catalogueCells, yesNo as yes } from './export-types'
import { matchFlags, unreadTicks } from './flag-match'
import type { FlagColumn } from './flag-match'
import { IntentBook } from './import-types'
import type { CopyIntent, ParsedFile, ReadContext } from './import-types'
import { readDecimalMark, readMoney } from './money'
import type { DecimalMark } from './money'
import { savedQuery, viewName } from '../../shared/ipc/channels/views'
import type { SavedQuery } from '../../shared/ipc/channels/views'

/**
 * Our own full export, the user's portable backup in text: one row per copy (a set without copies
 * once), then one row per minifigure owned loose or wanted. Flag columns carry the flag's number and
 * name (`Flag 2 (Boxed)`), so the names come back too. Saved views follow, one row each: the name
 * in "Name", the query as JSON in "Notes"; then the local tables' rows (store/local-tables), one
 * row each: "Local", the table in "Name", the row as JSON in "Notes". Text cells are quoted so surrounding spaces survive; it
 * imports back unchanged (docs/formats.md).
 */

const SET_COLUMNS = [
  'Kind',
  'Set ID',
  'Number',
  'Name',
  'Theme',
  'Subtheme',
  'Year',
  'Pieces',
  'Minifigs',
  'Owned',
  'Wanted',
  'Qty owned',
  'Notes',
  'Rating'
] as const
const COPY_COLUMNS = [
  'Copy ID',
  'Date acquired',
  'Currency',
  'Price paid',
  'Additional price paid',
  'Current estimated value',
  'Condition when acquired',
  'Acquired from',
  'Condition now',
  'Location',
  'Copy notes',
  'Parts',
  'Minifigures',
  'Instructions',
  'Box',
  'Will trade',
  'Modified'
] as const

const flagHeader = (flagNo: number, label: string): string =>
  label.trim() === '' ? `Flag ${flagNo}` : `Flag ${flagNo} (${label.trim()})`

function setCells(s: ExportSet): Cell[] {
  return [
    'Set',
    s.setID,
    ...catalogueCells(s),
    yes(s.owned),
    yes(s.wanted),
    s.qtyOwned,
    s.notes,
    s.rating,
    ...FLAG_NOS.map((n) => yes(s.flags[n - 1] === true))
  ]
}

export function studbookCsv(c: ExportCollection, bom: boolean): { content: string; rows: number } {
  const header = [
    ...SET_COLUMNS,
    ...FLAG_NOS.map((n) => flagHeader(n, c.labels.find((l) => l.flagNo === n)?.label ?? '')),
    ...COPY_COLUMNS
  ]
  const rows: Cell[][] = []
  for (const s of c.sets) {
    const lead = setCells(s)
    if (s.copies.length === 0) rows.push([...lead, ...COPY_COLUMNS.map(() => null)])
    for (const copy of s.copies) {
      rows.push([
        ...lead,
        copy.collectionID,
        copy.dateAcquired,
        copy.currency,
        copy.pricePaid,
        copy.additionalPricePaid,
        copy.currentEstimatedValue,
        copy.conditionWhenAcquired,
        copy.acquiredFrom,
        copy.conditionNow,
        copy.location,
        copy.notes,
        yes(copy.parts),
        yes(copy.minifigs),
        yes(copy.instructions),
        yes(copy.box),
        yes(copy.willTrade),
        yes(copy.modified)
      ])
    }
  }
  for (const m of c.minifigs) {
    const cells: Cell[] = ['Minifigure', null, m.number, m.name, m.category, null, null, null, null]
    cells.push(yes(m.ownedLoose > 0), yes(m.wanted), m.ownedLoose)
    rows.push([...cells, ...new Array<Cell>(header.length - cells.length).fill(null)])
  }
  for (const v of c.views ?? []) {
    const cells: Cell[] = ['View', null, null, v.name, null, null, null, null, null, null, null]
    cells.push(null, JSON.stringify(v.query))
    rows.push([...cells, ...new Array<Cell>(header.length - cells.length).fill(null)])
  }
  // What the service cannot hold (store/local-tables): the table in "Name", the row as JSON.
  for (const [table, list] of Object.entries(c.local ?? {})) {
    for (const r of list) {
      const cells: Cell[] = ['Local', null, null, table, null, null, null, null, null, null, null]
      cells.push(null, JSON.stringify(r))
      rows.push([...cells, ...new Array<Cell>(header.length - cells.length).fill(null)])
    }
  }
  return {
    content: writeCsv(header, rows, { bom, quoteText: true, formulaGuard: true }),
    rows: rows.length
  }
}

const FLAG_HEADER = /^Flag ([1-8])(?: \((.*)\))?$/

interface Reading {
  readonly flags: readonly { index: number; flagNo: number }[]
  readonly mark: DecimalMark
  readonly order: ReturnType<typeof readDateOrder>['order']
}

function copyOf(r: CsvRow, how: Reading): CopyIntent | null {
  if (COPY_COLUMNS.every((c) => r.get(c).trim() === '')) return null
  const money = (c: string): number => {
    const m = readMoney(r.get(c), c, how.mark)
    if (m.currency !== null) throw new RowError(`"${c}" carries a currency; it has its own column.`)
    return m.amount
  }
  const value = checkedCopy({
    dateAcquired: readDate(r.get('Date acquired'), how.order),
    currency: r.get('Currency').trim(),
    pricePaid: money('Price paid'),
    additionalPricePaid: money('Additional price paid'),
    currentEstimatedValue: money('Current estimated value'),
    conditionWhenAcquired: sheetCell(
      r.get('Condition when acquired'),
      'Condition when acquired',
      50
    ),
    acquiredFrom: sheetCell(r.get('Acquired from'), 'Acquired from', 200),
    conditionNow: sheetCell(r.get('Condition now'), 'Condition now', 50),
    location: sheetCell(r.get('Location'), 'Location', 200),
    notes: sheetCell(r.get('Copy notes'), 'Copy notes', 1000),
    parts: yesNo(r.get('Parts'), 'Parts'),
    minifigs: yesNo(r.get('Minifigures'), 'Minifigures'),
    instructions: yesNo(r.get('Instructions'), 'Instructions'),
    box: yesNo(r.get('Box'), 'Box'),
    willTrade: yesNo(r.get('Will trade'), 'Will trade'),
    modified: yesNo(r.get('Modified'), 'Modified')
  })
  const id = r.get('Copy ID').trim()
  return {
    line: r.line,
    value,
    collectionID: id === '' ? null : wholeNumber(id, 'Copy ID', Number.MAX_SAFE_INTEGER)
  }
}

/** A saved view's row: its name, and its query as JSON, checked as the app checks a saved one. */
function viewOf(r: CsvRow): { name: string; query: SavedQuery } {
  const name = viewName.safeParse(r.get('Name'))
  if (!name.success) {
    throw new RowError(`A saved view's name is not usable: ${name.error.issues[0]?.message ?? ''}`)
  }
  let json: unknown
  try {
    json = JSON.parse(r.get('Notes'))
  } catch {
    throw new RowError(`The saved view "${name.data}" has no readable query in "Notes".`)
  }
  const query = savedQuery.safeParse(json)
  if (!query.success) {
    const at = query.error.issues[0]?.path.join('.') ?? ''
    throw new RowError(`The saved view "${name.data}" has a query this version cannot use (${at}).`)
  }
  return { name: name.data, query: query.data }
}

function row(book: IntentBook, r: CsvRow, how: Reading, seen: Set<string>): void {
  const kind = r.get('Kind').trim().toLowerCase()
  if (kind === 'minifigure') {
    book.minifig(minifigNumber(r.get('Number')), r.line, {
      ownedLoose: wholeNumber(r.get('Qty owned'), 'Qty owned', 999),
      wanted: yesNo(r.get('Wanted'), 'Wanted')
    })
    return
  }
  if (kind === 'view') {
    book.view(viewOf(r))
    return
  }
  if (kind === 'local') {
    book.local.add(r.get('Name').trim(), r.get('Notes'), r.line)
    return
  }
  if (kind !== 'set') throw new RowError(`"Kind" must be Set, Minifigure, View or Local.`)
  const number = normaliseSetNumber(r.get('Number'))
  const copy = copyOf(r, how)
  const copies = copy ? { copies: [copy] } : {}
  // The set's own fields repeat on each of its copies' rows: the first row says them.
  if (seen.has(number.toLowerCase())) {
    book.set(number, r.line, copies)
    return
  }
  seen.add(number.toLowerCase())
  book.set(number, r.line, {
    qtyOwned: wholeNumber(r.get('Qty owned'), 'Qty owned', 999),
    wanted: yesNo(r.get('Wanted'), 'Wanted'),
    notes: sheetCell(r.get('Notes'), 'Notes', 1000),
    rating: wholeNumber(r.get('Rating'), 'Rating', 5),
    flags: new Map(
      how.flags.map((f) => [f.flagNo, yesNo(r.cells[f.index] ?? '', `Flag ${f.flagNo}`)])
    ),
    ...copies
  })
}

export function readStudbook(table: CsvTable, ctx: ReadContext): ParsedFile {
  requireColumns(table, 'Full Studbook CSV', ['Kind', 'Number', 'Qty owned', 'Copy ID'])
  const columns: FlagColumn[] = []
  table.header.forEach((h, index) => {
    const m = FLAG_HEADER.exec(h)
    if (m) columns.push({ index, name: m[2] ?? '', position: Number(m[1]) })
  })
  // Names travel with the file: read into the user's flag of that name (flag-match.ts).
  const matched = matchFlags(columns, ctx.labels ?? [])
  const flags = matched.columns
  const dates = readDateOrder(
    table.rows.map((r) => ({ line: r.line, text: r.get('Date acquired') })),
    ctx.dateOrder
  )
  const mark = readDecimalMark(
    table.rows.flatMap((r) =>
      ['Price paid', 'Additional price paid', 'Current estimated value'].map((c) => ({
        line: r.line,
        text: r.get(c)
      }))
    ),
    '.'
  )
  const how: Reading = { flags, mark, order: dates.order }
  const book = new IntentBook()
  const seen = new Set<string>()
  for (const r of table.rows) {
    book.row(r.line, () => {
      row(book, r, how, seen)
    })
  }
  return book.finish({
    layout: 'Full Studbook CSV',
    labels: matched.labels,
    notices: [
      ...matched.notices,
      ...unreadTicks(matched, table.rows, ctx.labels ?? []),
      ...(dates.reason === null ? [] : [dates.reason])
    ],
    question: dates.question,
    copyMatch: 'all',
    rowsPerCopy: true
  })
}
