import type { CopyInput } from '../../../shared/ipc/channels/collection'
import { isAfterToday, isIsoDateOrEmpty } from '../../../shared/model/service-date'

/**
 * Inline form checks, mirroring the IPC input schemas so the renderer does not ship zod (≈ a third of
 * the bundle). Main still validates every call; test/renderer/validate.test.ts proves these checks
 * agree with the schemas on generated input.
 */
type FieldErrors<T> = Partial<Record<keyof T, string>>

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/

export function userTextProblem(text: string, max: number): string | null {
  if (text.length > max) return `At most ${max} characters`
  if (CONTROL.test(text) || !text.isWellFormed()) return 'Contains characters that cannot be saved'
  return null
}

function moneyProblem(n: number): string | null {
  return Number.isFinite(n) && n >= 0 && n <= 1e9 ? null : 'Enter an amount of 0 or more'
}

export function copyProblems(copy: CopyInput): FieldErrors<CopyInput> {
  const out: FieldErrors<CopyInput> = {}
  if (!/^(\d{4}-\d{2}-\d{2})?$/.test(copy.dateAcquired)) out.dateAcquired = 'Use yyyy-MM-dd'
  else if (!isIsoDateOrEmpty(copy.dateAcquired)) out.dateAcquired = 'That day does not exist'
  else if (isAfterToday(copy.dateAcquired)) out.dateAcquired = 'That date is after today'
  if (!/^([A-Z]{3})?$/.test(copy.currency)) out.currency = 'Use a 3-letter currency code'
  for (const key of ['pricePaid', 'additionalPricePaid', 'currentEstimatedValue'] as const) {
    const p = moneyProblem(copy[key])
    if (p !== null) out[key] = p
  }
  for (const key of ['conditionWhenAcquired', 'conditionNow'] as const) {
    if (copy[key].length > 50) out[key] = 'At most 50 characters'
  }
  const texts = [
    ['acquiredFrom', 200],
    ['location', 200],
    ['notes', 1000]
  ] as const
  for (const [key, max] of texts) {
    const p = userTextProblem(copy[key], max)
    if (p !== null) out[key] = p
  }
  return out
}

export function isHttpUrl(text: string): boolean {
  if (text.length > 300) return false
  try {
    const u = new URL(text)
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== ''
  } catch {
    return false
  }
}
