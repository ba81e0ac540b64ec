import type { AppErrorData } from '../../../../shared/errors'
import { RETAIL_REGIONS } from '../../../../shared/model/report'
import type { RetailRegion } from '../../../../shared/model/report'
import { WATCH_DAYS_DEFAULT, WATCH_DAYS_MAX } from '../../../../shared/model/watch'
import type { LeavingDto } from '../../../../shared/model/watch'
import { tryCall } from '../api'
import { nav } from './nav.svelte'
import { notices } from './notices.svelte'
import { report } from './report.svelte'
import { search } from './search.svelte'

/** The watch's choices, kept on this computer (the service has no place for them). */
const KEY = 'studbook.watch'

interface Choice {
  readonly days: number
  readonly regions: readonly RetailRegion[]
}

function stored(): Choice | null {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null')
    if (typeof v !== 'object' || v === null) return null
    const { days, regions } = v as { days?: unknown; regions?: unknown }
    const okDays = Number.isInteger(days) && Number(days) >= 1 && Number(days) <= WATCH_DAYS_MAX
    const okRegions =
      Array.isArray(regions) &&
      regions.length > 0 &&
      regions.every((r) => (RETAIL_REGIONS as readonly unknown[]).includes(r))
    return okDays && okRegions ? { days: Number(days), regions: regions as RetailRegion[] } : null
  } catch {
    return null
  }
}

/**
 * The retirement watch in the renderer: wanted sets leaving the shops soon, for the Leaving
 * shops screen and the badge in Browse. The first look of a session tells, once per set ever,
 * which sets entered the window (main remembers which it told).
 */
class WatchState {
  /** Days ahead; the region defaults to the report's (the reader's own market). */
  days = $state(stored()?.days ?? WATCH_DAYS_DEFAULT)
  regions = $state<RetailRegion[]>([...(stored()?.regions ?? [report.region])])
  result = $state.raw<LeavingDto | null>(null)
  error = $state.raw<AppErrorData | null>(null)
  /** The listed sets by ID, for the badge in Browse. */
  bySet = $derived(new Map((this.result?.sets ?? []).map((s) => [s.setID, s])))
  #started = false
  #seq = 0

  /** The first look of the session (from the badge or the screen); later calls do nothing. */
  ensure(): void {
    if (this.#started) return
    this.#started = true
    void this.load()
  }

  choose(next: { days?: number; regions?: RetailRegion[] }): void {
    if (next.days !== undefined) this.days = next.days
    if (next.regions !== undefined && next.regions.length > 0) {
      this.regions = next.regions
      // The Browse filter "leaving within N days" follows the chosen shops while it is on.
      if (search.filters.exitWithinDays !== undefined) {
        search.setFilters({ exitRegions: [...next.regions] })
      }
    }
    try {
      localStorage.setItem(KEY, JSON.stringify({ days: this.days, regions: this.regions }))
    } catch {
      // Storage refused (private mode): the choice holds for this session.
    }
    void this.load()
  }

  async load(): Promise<void> {
    const seq = ++this.#seq
    const r = await tryCall('watch:leaving', {
      days: this.days,
      regions: [...this.regions],
      notice: true
    })
    if (seq !== this.#seq) return
    if (!r.ok) {
      this.error = r.error
      return
    }
    this.error = null
    this.result = r.value
    const fresh = r.value.fresh
    if (fresh.length > 0) {
      const first = fresh[0]
      const text =
        fresh.length === 1 && first
          ? `${first.number} ${first.name} leaves the shops on ${first.exitDate}.`
          : `${fresh.length} wanted sets leave the shops within ${r.value.days} days.`
      notices.info(text, {
        action: {
          label: 'Show',
          run: () => {
            nav.go('leaving')
          }
        }
      })
    }
  }
}

export const watch = new WatchState()
