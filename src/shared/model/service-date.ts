/**
 * The service's `dateAcquired` is free text (docs/protocol.md §2). Production answered `21-08-18` in a
 * recording made in 2018, so two-digit text reads day-month-year. This is the one reader and the
 * one writer of that text for the pull, the push, the copy form, the charts and the exports.
 *
 * Two-digit years pivot like POSIX `%y`: 00–69 are 2000–2069, 70–99 are 1970–1999. A date outside
 * that window is never written with two digits (it would read back as another century).
 */

type ServiceDateFormat = 'dd-MM-yy' | 'dd-MM-yyyy' | 'yyyy-MM-dd'

interface ServiceDate {
  /** yyyy-MM-dd: the form stored, compared and charted locally. */
  readonly iso: string
  readonly format: ServiceDateFormat
}

const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec'
] as const

const PIVOT_LOW = 1970
const PIVOT_HIGH = 2069

const pad = (n: number, width: number): string => String(n).padStart(width, '0')

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

function real(year: number, month: number, day: number): boolean {
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month)
}

function iso(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`
}

/** The date a service text names, or null when it names none (empty, another shape, 31-02-18). */
export function parseServiceDate(text: string): ServiceDate | null {
  const t = text.trim()
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:T[\d:.]*Z?)?$/.exec(t)
  if (m) return make(Number(m[1]), Number(m[2]), Number(m[3]), 'yyyy-MM-dd')
  m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(t)
  if (m) return make(Number(m[3]), Number(m[2]), Number(m[1]), 'dd-MM-yyyy')
  m = /^(\d{2})-(\d{2})-(\d{2})$/.exec(t)
  if (m) {
    const yy = Number(m[3])
    return make(
      yy < PIVOT_LOW - 1900 ? 2000 + yy : 1900 + yy,
      Number(m[2]),
      Number(m[1]),
      'dd-MM-yy'
    )
  }
  return null
}

function make(
  year: number,
  month: number,
  day: number,
  format: ServiceDateFormat
): ServiceDate | null {
  return real(year, month, day) ? { iso: iso(year, month, day), format } : null
}

/** yyyy-MM-dd of a service text; '' when the text is empty or names no date. */
export function isoOfServiceDate(text: string | null): string {
  return text === null ? '' : (parseServiceDate(text)?.iso ?? '')
}

/** Whether a local date is '' (none) or a real yyyy-MM-dd day. */
export function isIsoDateOrEmpty(text: string): boolean {
  if (text === '') return true
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && parseServiceDate(text) !== null
}

/** Today as yyyy-MM-dd on this computer's calendar (the user's day, not UTC's). */
export function localToday(now: Date = new Date()): string {
  return iso(now.getFullYear(), now.getMonth() + 1, now.getDate())
}

/** Whether a yyyy-MM-dd date is later than today: nothing can have been acquired then. */
export function isAfterToday(isoDate: string, now: Date = new Date()): boolean {
  return isoDate !== '' && isoDate > localToday(now)
}

/** A yyyy-MM-dd date as the service text of the given format ('' stays ''). */
export function formatServiceDate(isoDate: string, format: ServiceDateFormat): string {
  const d = parseServiceDate(isoDate)
  if (!d || d.format !== 'yyyy-MM-dd') return ''
  const [y, mo, da] = d.iso.split('-')
  const year = Number(y)
  if (format === 'yyyy-MM-dd') return d.iso
  if (format === 'dd-MM-yy' && year >= PIVOT_LOW && year <= PIVOT_HIGH)
    return `${da ?? ''}-${mo ?? ''}-${(y ?? '').slice(2)}`
  return `${da ?? ''}-${mo ?? ''}-${y ?? ''}`
}

/** The format an account's copies use: the most common among its texts, yyyy-MM-dd when none. */
export function accountDateFormat(texts: readonly string[]): ServiceDateFormat {
  const counts = new Map<ServiceDateFormat, number>()
  for (const t of texts) {
    const f = parseServiceDate(t)?.format
    if (f) counts.set(f, (counts.get(f) ?? 0) + 1)
  }
  let best: ServiceDateFormat = 'yyyy-MM-dd'
  let n = 0
  for (const [f, c] of counts) {
    if (c > n) {
      best = f
      n = c
    }
  }
  return best
}

/**
 * The text to send for a copy's date: the service's own text while it still names the same day
 * (an unchanged copy goes back byte for byte), else the new date in the account's format.
 */
export function serviceDateText(
  isoDate: string,
  raw: string | null,
  format: ServiceDateFormat
): string {
  if (raw !== null && isoOfServiceDate(raw) === isoDate) return raw
  return isoDate === '' ? '' : formatServiceDate(isoDate, format)
}

/** "21 Aug 2018" for people; '' for no date. */
export function readableDate(isoDate: string): string {
  const d = parseServiceDate(isoDate)
  if (!d) return ''
  const [y, mo, da] = d.iso.split('-')
  return `${Number(da)} ${MONTHS[Number(mo) - 1] ?? ''} ${Number(y)}`
}

/** yyyy-MM of a local date, for charts by month; '' when there is no date. */
export function monthOf(isoDate: string): string {
  return parseServiceDate(isoDate)?.iso.slice(0, 7) ?? ''
}
