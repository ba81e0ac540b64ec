import type { ReportScope } from '../../../../shared/ipc/channels/report'
import type { AppErrorData } from '../../../../shared/errors'
import type { PaperSize, ReportDto, RetailRegion } from '../../../../shared/model/report'
import { tryCall } from '../api'
import { browserLanguage, keep, readKept, usesLetterPaper } from '../kept-here'
import { NewestAnswer } from '../newest'
import { readRateChoice } from '../report-rates'
import { nav } from './nav.svelte'
import { OwnFields } from './own-fields.svelte'
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

interface ReportFields {
  choice: ReportChoice
  /** Set IDs handed over by `open`; the "selected sets" choice exists only while there are some. */
  selection: readonly number[]
  pictures: boolean
  /** Whether the user ticked or unticked Pictures; until then the report's size decides. */
  picturesChosen: boolean
  groupByTheme: boolean
  /** The owner's name or a title line printed under the heading; kept on this computer. */
  title: string
  paper: PaperSize
  region: RetailRegion
  /** The grand total's currency ('' until chosen: the region's) and the rates the user gave. */
  target: string
  rates: Readonly<Record<string, string>>
  report: ReportDto | null
  error: AppErrorData | null
  busy: boolean
}

/**
 * What a new window starts with: the title and rates kept on this computer, the paper and region
 * of the browser's language.
 */
function fresh(): ReportFields {
  const language = browserLanguage()
  const kept = readRateChoice(readKept(RATES_KEY))
  return {
    choice: 'owned',
    selection: [],
    pictures: true,
    picturesChosen: false,
    groupByTheme: false,
    title: readKept(OWNER_KEY) ?? '',
    paper: usesLetterPaper(language) ? 'Letter' : 'A4',
    region: defaultRegion(language),
    target: kept.target,
    rates: { ...kept.rates },
    report: null,
    error: null,
    busy: false
  }
}

/**
 * The report screen's choices and its last answer. A selection (set IDs) arrives through `open`
 * from whoever holds one; the current Browse query is read when the report is made. The fields
 * are read-only outside: they change through the methods, named for what the user does.
 */
class ReportState extends OwnFields(fresh) {
  #newest = new NewestAnswer()

  /** Back to a new window's choices. The window starts over by reloading; tests, here. */
  startOver(): void {
    this.writeFresh()
    this.#newest.drop()
  }

  /**
   * Opens the report on a scope: `{ setIDs }` for a selection, `{ query }` or `{ scope: 'owned' }`.
   * A query is taken as the Browse query it names (saved views are queries).
   */
  open(scope: ReportScope): void {
    if ('setIDs' in scope) this.write({ selection: [...scope.setIDs], choice: 'selection' })
    else this.write({ choice: 'query' in scope ? 'search' : 'owned' })
    this.write({ report: null })
    nav.go('report')
    void this.build()
  }

  /** The user picks which sets the report covers: it is made again. */
  choose(choice: ReportChoice): void {
    this.write({ choice })
    void this.build()
  }

  // The setters a field binds to are arrow properties, so a screen binds them as they are:
  // `bind:value={() => report.paper, report.setPaper}`.

  /** The user picks the shop whose retail prices fill in: the report is made again. */
  readonly setRegion = (region: RetailRegion): void => {
    this.write({ region })
    void this.build()
  }

  /** The user ticks or unticks Pictures: from then on the report's size no longer decides. */
  readonly setPictures = (on: boolean): void => {
    this.write({ pictures: on, picturesChosen: true })
  }

  readonly setGroupByTheme = (on: boolean): void => {
    this.write({ groupByTheme: on })
  }

  readonly setPaper = (paper: PaperSize): void => {
    this.write({ paper })
  }

  /** Follows the title field as the user types; `rememberTitle` keeps it when they leave it. */
  readonly setTitle = (title: string): void => {
    this.write({ title })
  }

  rememberTitle(): void {
    keep(OWNER_KEY, this.title)
  }

  /** The user picks the grand total's currency; kept with the rates. */
  setTarget(currency: string): void {
    this.write({ target: currency })
    this.#rememberRates()
  }

  /** The user types a rate for one currency (as typed; parsed where it is used); kept. */
  setRate(currency: string, text: string): void {
    this.write({ rates: { ...this.rates, [currency]: text } })
    this.#rememberRates()
  }

  #rememberRates(): void {
    keep(RATES_KEY, JSON.stringify({ target: this.target, rates: this.rates }))
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

  async build(): Promise<void> {
    this.write({ busy: true })
    const result = await this.#newest.of(() => tryCall('report:build', this.scope()))
    if (result === undefined) return
    if (!result.ok) {
      this.write({ busy: false, error: result.error })
      return
    }
    this.write({ busy: false, report: result.value, error: null })
    if (!this.picturesChosen) this.write({ pictures: result.value.rows.length <= PICTURE_ROWS })
  }
}

export const report = new ReportState()
