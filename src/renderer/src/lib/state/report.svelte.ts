import type { ReportScope } from '../../../../shared/ipc/channels/report'
import type { AppErrorData } from '../../../../shared/errors'
import type { PaperSize, ReportDto, RetailRegion } from '../../../../shared/model/report'
import { tryCall } from '../api'
import { readRateChoice } from '../report-rates'
import { nav } from './nav.svelte'
import { search } from './search.svelte'

/** Which sets the report covers, as the screen offers it. */
type ReportChoice = 'owned' | 'search' | 'selection'

const OWNER_KEY = 'studbook.report.title'
/** The grand total's currency and the user's exchange rates, kept on this computer. */
const RATES_KEY = 'studbook.report.rates'

/**
 * Beyond this many rows a report starts without pictures: pictures not yet in the picture cache
 * come from the service one after another, and 2,000 of them took minutes (docs/benchmarks.md,
 * "Report"). The user may tick them back on.
 */
const PICTURE_ROWS = 300

/** Letter where it is the usual paper (the Americas that use it, the Philippines), A4 elsewhere. */
function defaultPaper(language: string): PaperSize {
  return /-(US|CA|MX|PH|CL|CO|VE|GT|CR|PA|PR|DO|SV|NI|HN)$/i.test(language) ? 'Letter' : 'A4'
}

/** The shop whose retail prices fill in: the reader's own market where the catalogue has it. */
function defaultRegion(language: string): RetailRegion {
  if (/-(GB|UK|IE)$/i.test(language)) return 'UK'
  if (/-CA$/i.test(language)) return 'CA'
  if (/^(de|fr|it|es|nl|pt|fi|el|sk|sl|et|lv|lt|mt|hr)(-|$)/i.test(language)) return 'EU'
  return 'US'
}

function storedRates(): string | null {
  try {
    return localStorage.getItem(RATES_KEY)
  } catch {
    return null
  }
}

function storedTitle(): string {
  try {
    return localStorage.getItem(OWNER_KEY) ?? ''
  } catch {
    return ''
  }
}

/**
 * The report screen's choices and its last answer. A selection (set IDs) arrives through `open`
 * from whoever holds one; the current Browse query is read when the report is made.
 */
class ReportState {
  choice = $state<ReportChoice>('owned')
  /** Set IDs handed over by `open`; the "selected sets" choice exists only while there are some. */
  selection = $state.raw<readonly number[]>([])
  pictures = $state(true)
  /** Whether the user ticked or unticked Pictures; until then the report's size decides. */
  picturesChosen = $state(false)
  groupByTheme = $state(false)
  /** The owner's name or a title line printed under the heading; kept on this computer. */
  title = $state(storedTitle())
  paper = $state<PaperSize>(
    defaultPaper(typeof navigator === 'undefined' ? '' : navigator.language)
  )
  region = $state<RetailRegion>(
    defaultRegion(typeof navigator === 'undefined' ? '' : navigator.language)
  )
  /** The grand total's currency ('' until chosen: the region's) and the rates the user gave. */
  target = $state(readRateChoice(storedRates()).target)
  rates = $state<Record<string, string>>({ ...readRateChoice(storedRates()).rates })
  report = $state.raw<ReportDto | null>(null)
  error = $state.raw<AppErrorData | null>(null)
  busy = $state(false)
  #seq = 0

  /**
   * Opens the report on a scope: `{ setIDs }` for a selection, `{ query }` or `{ scope: 'owned' }`.
   * A query is taken as the Browse query it names (saved views are queries).
   */
  open(scope: ReportScope): void {
    if ('setIDs' in scope) {
      this.selection = [...scope.setIDs]
      this.choice = 'selection'
    } else {
      this.choice = 'query' in scope ? 'search' : 'owned'
    }
    this.report = null
    nav.go('report')
    void this.build()
  }

  /** The scope the current choice stands for. */
  scope(): ReportScope {
    const region = this.region
    if (this.choice === 'selection' && this.selection.length > 0) {
      return { setIDs: [...this.selection], region }
    }
    if (this.choice === 'search') {
      const { offset: _o, limit: _l, facets: _f, ...query } = search.query(0, 1, false)
      return { query, region }
    }
    return { scope: 'owned', region }
  }

  rememberTitle(): void {
    try {
      localStorage.setItem(OWNER_KEY, this.title)
    } catch {
      // Storage refused (private mode): the title lasts for this session only.
    }
  }

  rememberRates(): void {
    try {
      localStorage.setItem(RATES_KEY, JSON.stringify({ target: this.target, rates: this.rates }))
    } catch {
      // Storage refused: the rates last for this session only.
    }
  }

  async build(): Promise<void> {
    const seq = ++this.#seq
    this.busy = true
    const result = await tryCall('report:build', this.scope())
    // A newer request's answer wins; an older one arriving late is dropped.
    if (seq !== this.#seq) return
    this.busy = false
    if (result.ok) {
      this.report = result.value
      this.error = null
      if (!this.picturesChosen) this.pictures = result.value.rows.length <= PICTURE_ROWS
    } else {
      this.error = result.error
    }
  }
}

export const report = new ReportState()
