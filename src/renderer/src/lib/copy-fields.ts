import type { CopyInput } from '../../../shared/ipc/channels/collection'
import { parseServiceDate, readableDate } from '../../../shared/model/service-date'

/** A copy's fields for people: labels, values as shown, and how two versions differ. */

const COPY_FIELD_LABELS: Readonly<Record<keyof CopyInput, string>> = {
  dateAcquired: 'Date acquired',
  currency: 'Currency',
  pricePaid: 'Price paid',
  additionalPricePaid: 'Additional price',
  currentEstimatedValue: 'Current value',
  conditionWhenAcquired: 'Condition when acquired',
  acquiredFrom: 'Acquired from',
  conditionNow: 'Condition now',
  location: 'Location',
  notes: 'Notes',
  parts: 'Parts complete',
  minifigs: 'Minifigures',
  instructions: 'Instructions',
  box: 'Box',
  willTrade: 'Will trade',
  modified: 'Modified'
}

function shown(key: string, v: unknown): string {
  if (v === undefined || v === null || v === '') return '—'
  if (typeof v === 'boolean') return v ? 'Yes' : 'No'
  if (key === 'dateAcquired' && typeof v === 'string') return readableDate(v) || v
  return typeof v === 'string' || typeof v === 'number' ? String(v) : JSON.stringify(v)
}

interface FieldDiff {
  readonly key: string
  readonly label: string
  readonly mine: string
  readonly theirs: string
}

function record(json: string | null): Record<string, unknown> | null {
  if (json === null || json === '' || json === '(none)') return null
  try {
    const v: unknown = JSON.parse(json)
    return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/**
 * The fields where this computer's copy and the service's differ, as text; a side that is gone
 * (deleted there, or here) shows as "(deleted)" on every field.
 */
export function copyDiff(mine: string, theirs: string | null): FieldDiff[] {
  const a = record(mine)
  const b = record(theirs)
  const out: FieldDiff[] = []
  for (const [key, label] of Object.entries(COPY_FIELD_LABELS)) {
    const x = a ? shown(key, a[key]) : '(deleted)'
    const y = b ? shown(key, b[key]) : '(deleted)'
    if (x !== y) out.push({ key, label, mine: x, theirs: y })
  }
  return out
}

/** Why a typed date cannot be saved, or null; the form accepts the service's three formats. */
export function dateTextProblem(text: string): string | null {
  const t = text.trim()
  if (t === '' || parseServiceDate(t) !== null) return null
  if (/^(\d{2}-\d{2}-(\d{2}|\d{4})|\d{4}-\d{2}-\d{2})$/.test(t))
    return `${t} is not a day that exists`
  return 'Use dd-MM-yyyy, dd-MM-yy or yyyy-MM-dd'
}

/** yyyy-MM-dd of a typed date ('' for none); text that names no day is passed on unchanged. */
export function isoOfTyped(text: string): string {
  const t = text.trim()
  return t === '' ? '' : (parseServiceDate(t)?.iso ?? t)
}
