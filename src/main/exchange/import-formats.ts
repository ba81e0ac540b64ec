import { AppError } from '../../shared/errors'
import type { ImportFormat } from '../../shared/model/exchange'
import type { CopyValue } from '../collection/index'
import { readCsv, requireColumns } from './csv'
import type { CsvTable } from './csv'
import { REBRICKABLE_COLUMNS } from './export-formats'

/** What one imported set should become; absent fields stay as they are. */
export interface ImportIntent {
  readonly fullNumber: string
  readonly owned?: boolean
  readonly wanted?: boolean
  readonly qtyOwned?: number
  readonly notes?: string
  /** Flag number → value, for flags whose column was in the file. */
  readonly flags?: ReadonlyMap<number, boolean>
  /** Copies to add (BrickEconomy lists one row per copy). */
  readonly copies?: readonly CopyValue[]
}

/** `10179` → `10179-1`: a number without a variant means the first variant. */
export function normaliseSetNumber(raw: string): string {
  const n = raw.trim()
  return /-\d+$/.test(n) ? n : `${n}-1`
}

function truthy(cell: string): boolean {
  return /^(yes|y|true|1|x)$/i.test(cell.trim())
}

function intCell(cell: string | undefined, line: number, column: string, max: number): number {
  const text = (cell ?? '').trim()
  if (text === '') return 0
  const n = Number(text)
  if (!Number.isInteger(n) || n < 0 || n > max) {
    throw new AppError(
      'invalid_input',
      `Row ${line}: "${column}" must be a whole number from 0 to ${max}.`,
      { field: 'content' }
    )
  }
  return n
}

function money(cell: string | undefined): number {
  const n = Number((cell ?? '').replace(/[^0-9.]/g, ''))
  return Number.isFinite(n) && n >= 0 && n <= 1e9 ? n : 0
}

/** yyyy-MM-dd, or M/D/YYYY as some spreadsheets write it; anything else is left blank. */
function isoDate(cell: string | undefined): string {
  const t = (cell ?? '').trim()
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return t
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t)
  if (us) return `${us[3]}-${us[1]?.padStart(2, '0')}-${us[2]?.padStart(2, '0')}`
  return ''
}

/** Strips the `'` our own export puts before formula-looking text. */
function unneutralise(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell
}

const cut = (s: string, max: number): string => unneutralise(s).slice(0, max)

function rebrickable(table: CsvTable): ImportIntent[] {
  requireColumns(table, 'Rebrickable set list', [REBRICKABLE_COLUMNS[0], REBRICKABLE_COLUMNS[1]])
  const qty = new Map<string, number>()
  table.rows.forEach((r, i) => {
    const number = r.get('set number') ?? ''
    if (number === '') return
    const key = normaliseSetNumber(number)
    qty.set(
      key,
      Math.min(999, (qty.get(key) ?? 0) + intCell(r.get('quantity'), i + 2, 'Quantity', 999))
    )
  })
  return [...qty]
    .filter(([, q]) => q > 0)
    .map(([fullNumber, q]) => ({ fullNumber, owned: true, qtyOwned: q }))
}

function collectionList(table: CsvTable, flagTitles: readonly string[]): ImportIntent[] {
  requireColumns(table, 'collection list', ['Number', 'Owned', 'Wanted'])
  const has = (c: string): boolean => table.header.some((h) => h.toLowerCase() === c.toLowerCase())
  const flagColumns = flagTitles
    .map((title, i) => ({ flagNo: i + 1, key: title.toLowerCase() }))
    .filter((f) => has(f.key))
  return table.rows.flatMap((r, i): ImportIntent[] => {
    const number = r.get('number') ?? ''
    if (number === '') return []
    const owned = truthy(r.get('owned') ?? '')
    const qty = has('Qty') ? intCell(r.get('qty'), i + 2, 'Qty', 999) : owned ? 1 : 0
    return [
      {
        fullNumber: normaliseSetNumber(number),
        owned: owned || qty > 0,
        wanted: truthy(r.get('wanted') ?? ''),
        qtyOwned: owned && qty === 0 ? 1 : qty,
        ...(has('Notes') ? { notes: cut(r.get('notes') ?? '', 1000) } : {}),
        ...(flagColumns.length > 0
          ? { flags: new Map(flagColumns.map((f) => [f.flagNo, truthy(r.get(f.key) ?? '')])) }
          : {})
      }
    ]
  })
}

function brickEconomy(table: CsvTable): ImportIntent[] {
  requireColumns(table, 'BrickEconomy list', ['Number'])
  const bySet = new Map<string, CopyValue[]>()
  for (const r of table.rows) {
    const number = r.get('number') ?? ''
    if (number === '') continue
    const key = normaliseSetNumber(number)
    const copies = bySet.get(key) ?? []
    copies.push({
      dateAcquired: isoDate(r.get('date')),
      modified: false,
      currency: '',
      pricePaid: money(r.get('paid')),
      additionalPricePaid: 0,
      currentEstimatedValue: money(r.get('value')),
      conditionWhenAcquired: cut(r.get('condition') ?? '', 50),
      acquiredFrom: '',
      conditionNow: '',
      location: '',
      notes: cut(r.get('notes') ?? '', 1000),
      parts: false,
      minifigs: false,
      instructions: false,
      box: false,
      willTrade: false
    })
    bySet.set(key, copies)
  }
  // The quantity follows from the copies once they are matched against those already held.
  return [...bySet].map(([fullNumber, copies]) => ({ fullNumber, owned: true, copies }))
}

/** Parses an import file into per-set intents; flagTitles are the current labels (index 0 = flag 1). */
export function parseImport(
  format: ImportFormat,
  content: string,
  flagTitles: readonly string[]
): ImportIntent[] {
  const table = readCsv(content)
  switch (format) {
    case 'rebrickable':
      return rebrickable(table)
    case 'collection':
      return collectionList(table, flagTitles)
    case 'brickeconomy':
      return brickEconomy(table)
  }
}
