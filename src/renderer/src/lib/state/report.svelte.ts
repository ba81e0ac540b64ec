import type { ReportScope } from '../../../../shared/ipc/channels/report'
import type { AppErrorData } from '../../../../shared/errors'
import type { PaperSize, ReportDto, RetailRegion } from '../../../../shared/model/report'
import { tryCall } from '../api'
import { browserLanguage, keep, readKept, usesLetterPaper } from '../kept-here'
import { NewestAnswer } from '../newest'
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

/** The shop whose retail prices fill in: the reader's own market where the catalogue has it. */
function defaultRegion(language: string): RetailRegion {
  if (/-(GB|UK|IE)$/i.test(language)) return 'UK'
  if (/-CA$/i.test(language)) return 'CA'
  if (/^(de|fr|it|es|nl|pt|fi|el|sk|sl|et|lv|lt|mt|hr)(-|$)/i.test(language)) return 'EU'
  return 'US'
}

/**
 * The report screen's choices and its last answer. A selection (set IDs) arrives through `open`
 * from whoever holds one; the current Browse query is read when the report is made. Everything
 * here is read-only outside: it changes through the methods, named for what the user does.
 */
class ReportState {
  #choice = $state<ReportChoice>('owned')
  /** Set IDs handed over by `open`; the "selected sets" choice exists only while there are some. */
  #selection = $state.raw<readonly number[]>([])
  #pictures = $state(true)
  /** Whether the user ticked or unticked Pictures; until then the report's size decides. */
  #picturesChosen = $state(false)
  #groupByTheme = $state(false)
  /** The owner's name or a title line printed under the heading; kept on this computer. */
  #title = $state('')
  #paper = $state<PaperSize>('A4')
  #region = $state<RetailRegion>('US')
  /** The grand total's currency ('' until chosen: the region's) and the rates the user gave. */
  #target = $state('')
  #rates = $state.raw<Readonly<Record<string, string>>>({})
  #report = $state.raw<ReportDto | null>(null)
  #error = $state.raw<AppErrorData | null>(null)
  #busy = $state(false)
  #newest = new NewestAnswer()

  constructor() {
    this.startOver()
  }

  get choice(): ReportChoice {
    return this.#choice
  }
  get selection(): readonly number[] {
    return this.#selection
  }
  get pictures(): boolean {
    return this.#pictures
  }
  get picturesChosen(): boolean {
    return this.#picturesChosen
  }
  get groupByTheme(): boolean {
    return this.#groupByTheme
  }
  get title(): string {
    return this.#title
  }
  get paper(): PaperSize {
    return this.#paper
  }
  get region(): RetailRegion {
    return this.#region
  }
  get target(): string {
    return this.#target
  }
  get rates(): Readonly<Record<string, string>> {
    return this.#rates
  }
  get report(): ReportDto | null {
    return this.#report
  }
  get error(): AppErrorData | null {
    return this.#error
  }
  get busy(): boolean {
    return this.#busy
  }

  /**
   * The choices a new window starts with: the title and rates kept on this computer, the paper
   * and region of the browser's language. The window starts over by reloading; tests start each
   * case here.
   */
  startOver(): void {
    const language = browserLanguage()
    const kept = readRateChoice(readKept(RATES_KEY))
    this.#choice = 'owned'
    this.#selection = []
    this.#pictures = true
    this.#picturesChosen = false
    this.#groupByTheme = false
    this.#title = readKept(OWNER_KEY) ?? ''
    this.#paper = usesLetterPaper(language) ? 'Letter' : 'A4'
    this.#region = defaultRegion(language)
    this.#target = kept.target
    this.#rates = { ...kept.rates }
    this.#report = null
    this.#error = null
    this.#busy = false
    this.#newest.drop()
  }

  /**
   * Opens the report on a scope: `{ setIDs }` for a selection, `{ query }` or `{ scope: 'owned' }`.
   * A query is taken as the Browse query it names (saved views are queries).
   */
  open(scope: ReportScope): void {
    if ('setIDs' in scope) {
      this.#selection = [...scope.setIDs]
      this.#choice = 'selection'
    } else {
      this.#choice = 'query' in scope ? 'search' : 'owned'
    }
    this.#report = null
    nav.go('report')
    void this.build()
  }

  /** The user picks which sets the report covers: it is made again. */
  choose(choice: ReportChoice): void {
    this.#choice = choice
    void this.build()
  }

  /** The user picks the shop whose retail prices fill in: the report is made again. */
  setRegion(region: RetailRegion): void {
    this.#region = region
    void this.build()
  }

  /** The user ticks or unticks Pictures: from then on the report's size no longer decides. */
  setPictures(on: boolean): void {
    this.#pictures = on
    this.#picturesChosen = true
  }

  setGroupByTheme(on: boolean): void {
    this.#groupByTheme = on
  }

  setPaper(paper: PaperSize): void {
    this.#paper = paper
  }

  /** Follows the title field as the user types; `rememberTitle` keeps it when they leave it. */
  setTitle(title: string): void {
    this.#title = title
  }

  rememberTitle(): void {
    keep(OWNER_KEY, this.#title)
  }

  /** The user picks the grand total's currency; kept with the rates. */
  setTarget(currency: string): void {
    this.#target = currency
    this.#rememberRates()
  }

  /** The user types a rate for one currency (as typed; parsed where it is used); kept. */
  setRate(currency: string, text: string): void {
    this.#rates = { ...this.#rates, [currency]: text }
    this.#rememberRates()
  }

  #rememberRates(): void {
    keep(RATES_KEY, JSON.stringify({ target: this.#target, rates: this.#rates }))
  }

  /** The scope the current choice stands for. */
  scope(): ReportScope {
    const region = this.#region
    if (this.#choice === 'selection' && this.#selection.length > 0) {
      return { setIDs: [...this.#selection], region }
    }
    if (this.#choice === 'search') {
      const { offset: _o, limit: _l, facets: _f, ...query } = search.query(0, 1, false)
      return { query, region }
    }
    return { scope: 'owned', region }
  }

  async build(): Promise<void> {
    this.#busy = true
    const result = await this.#newest.of(() => tryCall('report:build', this.scope()))
    if (result === undefined) return
    this.#busy = false
    if (result.ok) {
      this.#report = result.value
      this.#error = null
      if (!this.#picturesChosen) this.#pictures = result.value.rows.length <= PICTURE_ROWS
    } else {
      this.#error = result.error
    }
  }
}

export const report = new ReportState()
