/**
 * The retirement watch (issue #30 §3): wanted sets whose shop exit date, as the catalogue gives
 * it, falls within the next N days in one of the regions the user chose. The dates are the
 * service's; what the watch adds (which sets it already told the user about) stays local.
 */
import type { RetailRegion } from './report'

/** How far ahead the watch looks unless the user says otherwise. */
export const WATCH_DAYS_DEFAULT = 90
export const WATCH_DAYS_MAX = 730
/** Most sets one answer lists: more than any wish list leaves the shops within two years. */
export const WATCH_LIMIT = 500

export interface LeavingSetDto {
  readonly setID: number
  readonly number: string
  readonly name: string
  readonly theme: string
  readonly year: number
  /** The region whose shop exit is the earliest of those chosen. */
  readonly region: RetailRegion
  /** yyyy-MM-dd, as the catalogue gives it. */
  readonly exitDate: string
  /** Days from today (0: today is the last day). */
  readonly daysLeft: number
  /** The region's retail price as the catalogue writes it ("99.99"); null when unpriced. */
  readonly price: string | null
  readonly currency: string
}

export interface LeavingDto {
  /** yyyy-MM-dd: the day the window starts. */
  readonly today: string
  readonly days: number
  /** Sorted by exit date, then number. */
  readonly sets: readonly LeavingSetDto[]
  /** Sets that entered the window since the watch last looked: each is told once, ever. */
  readonly fresh: readonly LeavingSetDto[]
  /** More sets matched than one answer lists (WATCH_LIMIT). */
  readonly truncated: boolean
}
