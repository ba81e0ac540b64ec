import type { AppErrorData } from '../../../../shared/errors'
import type { LabelScope } from '../../../../shared/ipc/channels/labels'
import { LABEL_SHEETS } from '../../../../shared/model/label-sheets'
import type { LabelSheetId } from '../../../../shared/model/label-sheets'
import type { LabelsDto } from '../../../../shared/model/labels'
import { tryCall } from '../api'
import { browserLanguage, keep, readKept, usesLetterPaper } from '../kept-here'
import { NewestAnswer } from '../newest'
import { nav } from './nav.svelte'
import { OwnFields } from './own-fields.svelte'

/** Which copies get labels, as the screen offers it. */
type LabelChoice = 'owned' | 'selection' | 'location'

const SHEET_KEY = 'studbook.labels.sheet'

/** The sheet kept on this computer, else Letter's where Letter is the usual paper, A4's elsewhere. */
function defaultSheet(): LabelSheetId {
  const kept = readKept(SHEET_KEY)
  if (kept !== null && Object.hasOwn(LABEL_SHEETS, kept)) return kept as LabelSheetId
  return usesLetterPaper(browserLanguage()) ? '5160' : 'L7160'
}

interface LabelsFields {
  choice: LabelChoice
  selection: readonly number[]
  /** The location whose copies get labels (its sub-locations' too), as the user typed it. */
  location: string
  /** The places in use, for the location field's suggestions. */
  places: readonly string[]
  sheet: LabelSheetId
  /** Where the first label goes on a sheet partly used already: 1 is the top-left label. */
  start: number
  result: LabelsDto | null
  error: AppErrorData | null
  busy: boolean
}

/** What a new window starts with: every owned copy, on the kept sheet. */
const fresh = (): LabelsFields => ({
  choice: 'owned',
  selection: [],
  location: '',
  places: [],
  sheet: defaultSheet(),
  start: 1,
  result: null,
  error: null,
  busy: false
})

/**
 * The labels screen's choices and its last answer (issue #30 §4). A selection arrives through
 * `open` from whoever holds one (the bulk bar); the labels are made afresh on each visit. The
 * fields are read-only outside: they change through the methods.
 */
class LabelsState extends OwnFields(fresh) {
  #newest = new NewestAnswer()

  /** Back to a new window's choices; tests start each case here. */
  startOver(): void {
    this.writeFresh()
    this.#newest.drop()
  }

  /** Opens the screen on a selection's sets or on one location (the shelf audit's place). */
  open(scope: { setIDs: readonly number[] } | { location: string }): void {
    if ('setIDs' in scope) this.write({ selection: [...scope.setIDs], choice: 'selection' })
    else this.write({ location: scope.location, choice: 'location' })
    this.write({ result: null })
    nav.go('labels')
    void this.build()
  }

  /** The user picks which copies get labels: they are made again. */
  choose(choice: LabelChoice): void {
    this.write({ choice })
    void this.build()
  }

  // Setters a field binds to are arrow properties (see report.svelte.ts).

  /** Follows the location field as the user types; `build` asks when they leave it. */
  readonly setLocation = (location: string): void => {
    this.write({ location })
  }

  /** The user picks the sheet their labels came on; kept on this computer. */
  readonly setSheet = (sheet: LabelSheetId): void => {
    this.write({ sheet })
    keep(SHEET_KEY, sheet)
  }

  /** The label a partly used sheet starts at, as typed (the screen clamps it to the sheet). */
  readonly setStart = (start: number): void => {
    this.write({ start })
  }

  scope(): LabelScope {
    if (this.choice === 'selection' && this.selection.length > 0) {
      return { setIDs: [...this.selection] }
    }
    if (this.choice === 'location') return { location: this.location }
    return { scope: 'owned' }
  }

  /** The places in use, read once a visit for the location field's list. */
  async loadPlaces(): Promise<void> {
    const r = await tryCall('shelf:listLocations', { query: '', limit: 200 })
    if (r.ok) this.write({ places: r.value.map((p) => p.path) })
  }

  async build(): Promise<void> {
    if (this.choice === 'location' && this.location.trim() === '') {
      // Nothing to ask for until a place is named; an answer still out is for another choice.
      this.#newest.drop()
      this.write({ result: null, error: null, busy: false })
      return
    }
    this.write({ busy: true })
    const r = await this.#newest.of(() => tryCall('labels:list', this.scope()))
    if (r === undefined) return
    if (r.ok) this.write({ busy: false, result: r.value, error: null })
    else this.write({ busy: false, error: r.error })
  }
}

export const labels = new LabelsState()
