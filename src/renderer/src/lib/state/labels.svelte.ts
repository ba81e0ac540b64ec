import type { AppErrorData } from '../../../../shared/errors'
import type { LabelScope } from '../../../../shared/ipc/channels/labels'
import { LABEL_SHEETS } from '../../../../shared/model/label-sheets'
import type { LabelSheetId } from '../../../../shared/model/label-sheets'
import type { LabelsDto } from '../../../../shared/model/labels'
import { tryCall } from '../api'
import { browserLanguage, keep, readKept, usesLetterPaper } from '../kept-here'
import { NewestAnswer } from '../newest'
import { nav } from './nav.svelte'

/** Which copies get labels, as the screen offers it. */
type LabelChoice = 'owned' | 'selection' | 'location'

const SHEET_KEY = 'studbook.labels.sheet'

/** The sheet kept on this computer, else Letter's where Letter is the usual paper, A4's elsewhere. */
function defaultSheet(): LabelSheetId {
  const kept = readKept(SHEET_KEY)
  if (kept !== null && Object.hasOwn(LABEL_SHEETS, kept)) return kept as LabelSheetId
  return usesLetterPaper(browserLanguage()) ? '5160' : 'L7160'
}

/**
 * The labels screen's choices and its last answer (issue #30 §4). A selection arrives through
 * `open` from whoever holds one (the bulk bar); the labels are made afresh on each visit.
 * Everything here is read-only outside: it changes through the methods.
 */
class LabelsState {
  #choice = $state<LabelChoice>('owned')
  #selection = $state.raw<readonly number[]>([])
  /** The location whose copies get labels (its sub-locations' too), as the user typed it. */
  #location = $state('')
  /** The places in use, for the location field's suggestions. */
  #places = $state.raw<readonly string[]>([])
  #sheet = $state<LabelSheetId>(defaultSheet())
  /** Where the first label goes on a sheet partly used already: 1 is the top-left label. */
  #start = $state(1)
  #result = $state.raw<LabelsDto | null>(null)
  #error = $state.raw<AppErrorData | null>(null)
  #busy = $state(false)
  #newest = new NewestAnswer()

  get choice(): LabelChoice {
    return this.#choice
  }
  get selection(): readonly number[] {
    return this.#selection
  }
  get location(): string {
    return this.#location
  }
  get places(): readonly string[] {
    return this.#places
  }
  get sheet(): LabelSheetId {
    return this.#sheet
  }
  get start(): number {
    return this.#start
  }
  get result(): LabelsDto | null {
    return this.#result
  }
  get error(): AppErrorData | null {
    return this.#error
  }
  get busy(): boolean {
    return this.#busy
  }

  /** The choices a new window starts with (the kept sheet); tests start each case here. */
  startOver(): void {
    this.#choice = 'owned'
    this.#selection = []
    this.#location = ''
    this.#sheet = defaultSheet()
    this.#start = 1
    this.#result = null
    this.#error = null
    this.#busy = false
    this.#newest.drop()
  }

  /** Opens the screen on a selection's sets or on one location (the shelf audit's place). */
  open(scope: { setIDs: readonly number[] } | { location: string }): void {
    if ('setIDs' in scope) {
      this.#selection = [...scope.setIDs]
      this.#choice = 'selection'
    } else {
      this.#location = scope.location
      this.#choice = 'location'
    }
    this.#result = null
    nav.go('labels')
    void this.build()
  }

  /** The user picks which copies get labels: they are made again. */
  choose(choice: LabelChoice): void {
    this.#choice = choice
    void this.build()
  }

  /** Follows the location field as the user types; `build` asks when they leave it. */
  setLocation(location: string): void {
    this.#location = location
  }

  /** The user picks the sheet their labels came on; kept on this computer. */
  setSheet(sheet: LabelSheetId): void {
    this.#sheet = sheet
    keep(SHEET_KEY, sheet)
  }

  /** The label a partly used sheet starts at, as typed (the screen clamps it to the sheet). */
  setStart(start: number): void {
    this.#start = start
  }

  scope(): LabelScope {
    if (this.#choice === 'selection' && this.#selection.length > 0) {
      return { setIDs: [...this.#selection] }
    }
    if (this.#choice === 'location') return { location: this.#location }
    return { scope: 'owned' }
  }

  /** The places in use, read once a visit for the location field's list. */
  async loadPlaces(): Promise<void> {
    const r = await tryCall('shelf:listLocations', { query: '', limit: 200 })
    if (r.ok) this.#places = r.value.map((p) => p.path)
  }

  async build(): Promise<void> {
    if (this.#choice === 'location' && this.#location.trim() === '') {
      // Nothing to ask for until a place is named; an answer still out is for another choice.
      this.#newest.drop()
      this.#result = null
      this.#error = null
      this.#busy = false
      return
    }
    this.#busy = true
    const r = await this.#newest.of(() => tryCall('labels:list', this.scope()))
    if (r === undefined) return
    this.#busy = false
    if (r.ok) {
      this.#result = r.value
      this.#error = null
    } else {
      this.#error = r.error
    }
  }
}

export const labels = new LabelsState()
