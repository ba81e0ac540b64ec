import { BLANK_COPY } from '../../shared/model/collection'
import type { CsvRow, CsvTable } from './csv'
import { hasColumns, requireColumns, writeCsv } from './csv'
import type { Cell } from './csv'
import { checkedCopy, normaliseSetNumber, RowError, textCell, wholeNumber, yesNo } from './cells'
import { mapCondition } from './conditions'
import { readDate, readDateOrder } from './dates'
import type { ExportCollection, ExportSet } from './export-types'
import { IntentBook } from './import-types'
import type { ParsedFile, ReadContext } from './import-types'
import { readDecimalMark, readMoney } from './money'
import type { DecimalMark } from './money'

/**
 * BrickEconomy's collection files (docs/formats.md): one row per owned copy
 * (`Number,Theme,Subtheme,Year,SetName,Retail,Paid,Value,Condition,Date,Notes`, money with its
 * currency symbol, dates DD/MM/YYYY in the European guide), or one row per set
 * (`Number,…,Owned,Wanted,Retail`).
 */

const BRICKECONOMY_COLUMNS = [
  'Number',
  'Theme',
  'Subtheme',
  'Year',
  'SetName',
  'Retail',
  'Paid',
  'Value',
  'Condition',
  'Date',
  'Notes'
] as const

/** BrickEconomy's own condition names. */
const BE_CONDITIONS = ['New', 'UsedAsNew', 'UsedComplete', 'UsedIncomplete']

const SYMBOL: Readonly<Record<string, string>> = { EUR: '€', USD: '$', GBP: '£', CAD: 'C$' }
const REGION: Readonly<Record<string, keyof ExportSet['prices']>> = {
  EUR: 'EU',
  USD: 'US',
  GBP: 'UK',
  CAD: 'CA'
}

/** `€69.99` as the guide writes it; an unknown currency keeps its code (`69.99 DKK`). */
function amount(value: number, currency: string): string {
  const text = value.toFixed(2)
  if (currency === '') return text
  const symbol = SYMBOL[currency]
  return symbol ? `${symbol}${text}` : `${text} ${currency}`
}

const ddmmyyyy = (iso: string): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  return m ? `${m[3] ?? ''}/${m[2] ?? ''}/${m[1] ?? ''}` : ''
}

/** One row per owned unit: its copy's details, or blank details for a unit without a copy. */
export function brickEconomyCsv(c: ExportCollection): { content: string; rows: number } {
  const rows: Cell[][] = []
  for (const s of c.sets) {
    if (!s.owned) continue
    const lead = [s.fullNumber, s.theme, s.subtheme, s.year, s.name]
    for (const copy of s.copies) {
      const retail = REGION[copy.currency] ? s.prices[REGION[copy.currency] ?? 'US'] : null
      const retailValue = retail === null ? NaN : Number(retail)
      rows.push([
        ...lead,
        Number.isFinite(retailValue) ? amount(retailValue, copy.currency) : null,
        amount(copy.pricePaid, copy.currency),
        amount(copy.currentEstimatedValue, copy.currency),
        // BrickEconomy's name where it has one; else the service's own, which our reader maps
        // back (written blank, a re-import offered the copy again).
        mapCondition(copy.conditionWhenAcquired, BE_CONDITIONS) ?? copy.conditionWhenAcquired,
        ddmmyyyy(copy.dateAcquired),
        copy.notes
      ])
    }
    for (let i = s.copies.length; i < s.qtyOwned; i++) {
      rows.push([...lead, null, null, null, null, null, null])
    }
  }
  return { content: writeCsv(BRICKECONOMY_COLUMNS, rows), rows: rows.length }
}

const MONEY_COLUMNS = ['Paid', 'Value'] as const

function copyRow(
  book: IntentBook,
  r: CsvRow,
  mark: DecimalMark,
  order: ReturnType<typeof readDateOrder>['order'],
  conditions: readonly string[],
  unmapped: Map<string, number[]>
): void {
  const number = normaliseSetNumber(r.get('Number'))
  const [paid, value] = MONEY_COLUMNS.map((c) => readMoney(r.get(c), c, mark))
  const currencies = new Set([paid?.currency, value?.currency].filter((c) => c != null))
  if (currencies.size > 1) {
    throw new RowError(
      `Paid and Value are in different currencies (${[...currencies].join(', ')}).`
    )
  }
  const written = r.get('Condition').trim()
  const condition = mapCondition(written, conditions)
  if (condition === null) unmapped.set(written, [...(unmapped.get(written) ?? []), r.line])
  const copy = checkedCopy({
    ...BLANK_COPY,
    dateAcquired: readDate(r.get('Date'), order),
    currency: [...currencies][0] ?? '',
    pricePaid: paid?.amount ?? 0,
    currentEstimatedValue: value?.amount ?? 0,
    conditionWhenAcquired: condition ?? '',
    notes: textCell(r.get('Notes'), 'Notes', 1000)
  })
  const detailed =
    copy.dateAcquired !== '' ||
    copy.pricePaid > 0 ||
    copy.currentEstimatedValue > 0 ||
    written !== '' ||
    copy.notes !== ''
  book.set(number, r.line, {
    unitsAtLeast: 1,
    ...(detailed ? { copies: [{ line: r.line, value: copy, collectionID: null }] } : {})
  })
}

function perCopy(table: CsvTable, ctx: ReadContext): ParsedFile {
  const dates = readDateOrder(
    table.rows.map((r) => ({ line: r.line, text: r.get('Date') })),
    ctx.dateOrder
  )
  const mark = readDecimalMark(
    table.rows.flatMap((r) => MONEY_COLUMNS.map((c) => ({ line: r.line, text: r.get(c) }))),
    table.delimiter === ';' ? ',' : '.'
  )
  const unmapped = new Map<string, number[]>()
  const book = new IntentBook()
  for (const r of table.rows) {
    book.row(r.line, () => {
      copyRow(book, r, mark, dates.order, ctx.conditions, unmapped)
    })
  }
  const notices = dates.reason === null ? [] : [dates.reason]
  if (unmapped.size > 0) {
    const list = [...unmapped]
      .map(([c, lines]) => `${c} (line${lines.length > 1 ? 's' : ''} ${lines.join(', ')})`)
      .join('; ')
    notices.push(
      ctx.conditions.length === 0
        ? `The service's list of conditions is not available, so these were left blank: ${list}.`
        : `Conditions the service does not list were left blank: ${list}.`
    )
  }
  return book.finish({
    layout: 'BrickEconomy collection CSV, one row per copy',
    labels: new Map(),
    notices,
    question: dates.question,
    copyMatch: 'carried'
  })
}

/** A count or a Yes/No: both shapes are seen in the Owned and Wanted columns. */
function countOrYes(cell: string, column: string): number {
  return /^\d+$/.test(cell.trim()) ? wholeNumber(cell, column, 999) : yesNo(cell, column) ? 1 : 0
}

function perSet(table: CsvTable): ParsedFile {
  const book = new IntentBook()
  for (const r of table.rows) {
    book.row(r.line, () => {
      book.set(normaliseSetNumber(r.get('Number')), r.line, {
        qtyOwned: countOrYes(r.get('Owned'), 'Owned'),
        ...(r.has('Wanted') ? { wanted: countOrYes(r.get('Wanted'), 'Wanted') > 0 } : {})
      })
    })
  }
  return book.finish({
    layout: 'BrickEconomy set list',
    labels: new Map(),
    question: null,
    copyMatch: 'carried'
  })
}

export function readBrickEconomy(table: CsvTable, ctx: ReadContext): ParsedFile {
  requireColumns(table, 'BrickEconomy collection', ['Number'])
  const copyColumns = ['Paid', 'Value', 'Condition', 'Date']
  if (hasColumns(table, ['Owned']) && !copyColumns.some((c) => hasColumns(table, [c]))) {
    return perSet(table)
  }
  requireColumns(table, 'BrickEconomy collection', ['Paid'])
  return perCopy(table, ctx)
}
