import type { SearchQuery } from '../../../shared/ipc/channels/catalog'
import type { ReportDto, ReportRow, ReportValue } from '../../../shared/model/report'
import { parseServiceDate } from '../../../shared/model/service-date'
import { money } from './format'

type Row = ReportRow

/** "2 more copies without details" beside detailed copies; "1 copy without details" alone. */
export function undetailedWords(count: number, more: boolean): string {
  return `${count}${more ? ' more' : ''} ${count === 1 ? 'copy' : 'copies'} without details`
}

/** An amount, or a dash for nothing recorded: 0 is how a copy without a price is kept. */
export function amount(n: number, currency: string): string {
  return n === 0 ? '—' : money(n, currency)
}

export function currencyLabel(code: string): string {
  return code === '' ? 'No currency' : code
}

/**
 * The report's one date format, the reader's locale's, for the heading and every row alike. A
 * day (yyyy-MM-dd) is read as that day where the reader is, never shifted by a time zone.
 */
const DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })
const TIME = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' })

/**
 * A copy's day of acquisition in the report's date format; a dash when none is recorded. The
 * service keeps this as free text (production answers "21-08-18"): it is read as the app reads
 * it everywhere, and only text naming no day at all is printed as it stands.
 */
export function dayWords(day: string): string {
  if (day.trim() === '') return '—'
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(parseServiceDate(day)?.iso ?? '')
  if (m === null) return day
  return DAY.format(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
}

/** When the report was made: the same date format as the rows, then the time. */
export function madeOnWords(iso: string): string {
  const at = new Date(iso)
  return `${DAY.format(at)}, ${TIME.format(at)}`
}

/** Where a value comes from, under the amount. */
export function sourceWords(source: ReportValue['source'], region: string): string {
  if (source === 'estimated') return 'estimate'
  if (source === 'paid') return 'price paid'
  if (source === 'retail') return `${region} retail`
  return 'no value known'
}

/** "12 sets, 15 copies (3 with details)". */
export function summaryWords(r: ReportDto): string {
  const sets = `${r.sets.toLocaleString()} ${r.sets === 1 ? 'set' : 'sets'}`
  const copies = `${r.copies.toLocaleString()} ${r.copies === 1 ? 'copy' : 'copies'}`
  return `${sets}, ${copies} (${r.detailedCopies.toLocaleString()} with details)`
}

/** The Browse query in a few words, for the choice that reports its sets. */
export function queryWords(q: SearchQuery): string {
  const parts: string[] = []
  if (q.text) parts.push(`“${q.text}”`)
  if (q.theme !== undefined)
    parts.push(q.subtheme === undefined ? q.theme : `${q.theme} › ${q.subtheme}`)
  if (q.yearFrom !== undefined || q.yearTo !== undefined) {
    parts.push(`${q.yearFrom ?? '…'}–${q.yearTo ?? '…'}`)
  }
  if (q.wanted === true) parts.push('wanted')
  if (q.flags && q.flags.length > 0) parts.push(`flags ${q.flags.join(', ')}`)
  if (q.availability !== undefined) parts.push(q.availability)
  return parts.length === 0 ? 'no filter: every owned set' : parts.join(' · ')
}

/** Rows under their theme, themes in name order, rows keeping their order within. */
export function byTheme(rows: readonly Row[]): { theme: string; rows: Row[] }[] {
  const groups = new Map<string, Row[]>()
  for (const r of rows) {
    const list = groups.get(r.theme) ?? []
    list.push(r)
    groups.set(r.theme, list)
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([theme, list]) => ({ theme, rows: list }))
}

/** How many copies rows stand for: one each, or the count of a row without details. */
export function copiesIn(rows: readonly Row[]): number {
  return rows.reduce((n, r) => n + (r.kind === 'copy' ? 1 : r.count), 0)
}
