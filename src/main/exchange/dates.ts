import { AppError } from '../../shared/errors'
import type { DateOrder } from '../../shared/model/exchange'
import { isIsoDateOrEmpty } from '../../shared/model/service-date'
import { RowError } from './cells'

/** A date cell and the line it is on. */
interface DateCell {
  readonly line: number
  readonly text: string
}

export interface DateReading {
  /** How the file's d/m/y dates read; null when none needs it. */
  readonly order: DateOrder | null
  /** Set when the dates fit both orders and nobody said which: the preview asks. */
  readonly question: { readonly kind: 'dateOrder'; readonly examples: DateCell[] } | null
  /** What decided it, for the preview ("25/12/2024 on line 4"). */
  readonly reason: string | null
}

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]+Z?)?$/
const NUMERIC = /^(\d{1,2})([./-])(\d{1,2})\2(\d{4})(?: [\d:]+)?$/

/**
 * The order of a file's dates, decided by the file as a whole: a first field above 12 means day
 * first, a second above 12 month first; dotted dates are day first wherever they are written. A file
 * with evidence both ways is refused; one with none (every date fits both) is asked about, unless
 * the user already said.
 */
export function readDateOrder(cells: readonly DateCell[], chosen?: DateOrder): DateReading {
  let dayFirst: DateCell | null = null
  let monthFirst: DateCell | null = null
  const ambiguous: DateCell[] = []
  for (const cell of cells) {
    const m = NUMERIC.exec(cell.text.trim())
    if (!m) continue
    const [a, sep, b] = [Number(m[1]), m[2], Number(m[3])]
    if (a > 12 || sep === '.') dayFirst ??= cell
    else if (b > 12) monthFirst ??= cell
    else if (a !== b) ambiguous.push(cell)
  }
  if (dayFirst && monthFirst) {
    throw new AppError(
      'invalid_input',
      `The dates in this file mix day/month (line ${dayFirst.line}: ${dayFirst.text}) and ` +
        `month/day (line ${monthFirst.line}: ${monthFirst.text}) order; correct the file and try again.`,
      { field: 'content' }
    )
  }
  if (dayFirst) {
    return {
      order: 'dayFirst',
      question: null,
      reason: `Dates read day first (${dayFirst.text} on line ${dayFirst.line}).`
    }
  }
  if (monthFirst) {
    return {
      order: 'monthFirst',
      question: null,
      reason: `Dates read month first (${monthFirst.text} on line ${monthFirst.line}).`
    }
  }
  if (ambiguous.length === 0) return { order: chosen ?? null, question: null, reason: null }
  if (chosen) {
    return {
      order: chosen,
      question: null,
      reason: `Dates read ${chosen === 'dayFirst' ? 'day' : 'month'} first, as you chose.`
    }
  }
  return {
    order: null,
    question: { kind: 'dateOrder', examples: ambiguous.slice(0, 3) },
    reason: null
  }
}

/** One date cell as yyyy-MM-dd ('' for blank), in the order the file was found to use. */
export function readDate(text: string, order: DateOrder | null): string {
  const t = text.trim()
  if (t === '') return ''
  let y: number
  let mo: number
  let d: number
  const iso = ISO.exec(t)
  const numeric = NUMERIC.exec(t)
  if (iso) {
    ;[y, mo, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])]
  } else if (numeric) {
    const [a, b] = [Number(numeric[1]), Number(numeric[3])]
    y = Number(numeric[4])
    // Unresolved order: a preview that asks is never applied, and a === b reads the same either way.
    ;[d, mo] = order === 'monthFirst' ? [b, a] : [a, b]
  } else {
    throw new RowError(`"${t.slice(0, 30)}" is not a date this import can read.`)
  }
  const out = `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`
  if (!isIsoDateOrEmpty(out)) throw new RowError(`"${t}" is not a day of the calendar.`)
  return out
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0')

/** The user's calendar day at `now` (`yyyy-MM-dd`), for file names: not UTC's, which is a day off for hours. */
export function localDay(now: Date): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/**
 * The local date and time at `now` with its offset from UTC, as a file name can hold it:
 * `2026-11-27T02-30-05+1400`. The offset keeps the moment exact, so names sort and compare
 * rightly across a change of zone or the hour that repeats when clocks go back.
 */
export function localStamp(now: Date): string {
  const offset = -now.getTimezoneOffset()
  const sign = offset < 0 ? '-' : '+'
  const abs = Math.abs(offset)
  const time = `${pad(now.getHours())}-${pad(now.getMinutes())}-${pad(now.getSeconds())}`
  return `${localDay(now)}T${time}${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`
}

const STAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})(?:([+-])(\d{2})(\d{2}))?$/

/**
 * The moment a `localStamp` names, as ISO 8601 UTC without milliseconds; a stamp without an offset
 * (file names of earlier versions) is UTC. Null when it is not one.
 */
export function stampInstant(stamp: string): string | null {
  const m = STAMP.exec(stamp)
  if (!m) return null
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number
  ]
  const offset = m[7] ? (m[7] === '-' ? -1 : 1) * (Number(m[8]) * 60 + Number(m[9])) : 0
  const ms = Date.UTC(y, mo - 1, d, h, mi, s) - offset * 60_000
  return Number.isNaN(ms) ? null : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')
}
