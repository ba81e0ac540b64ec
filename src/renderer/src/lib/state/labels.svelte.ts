import type { AppErrorData } from '../../../../shared/errors'
import type { LabelScope } from '../../../../shared/ipc/channels/labels'
import { LABEL_SHEETS } from '../../../../shared/model/label-sheets'
import type { LabelSheetId } from '../../../../shared/model/label-sheets'
import type { LabelsDto } from '../../../../shared/model/labels'
import { tryCall } from '../api'
import { nav } from './nav.svelte'

/** Which copies get labels, as the screen offers it. */
type LabelChoice = 'owned' | 'selection' | 'location'

const SHEET_KEY = 'studbook.labels.sheet'

/** The Letter sheet where Letter is the usual paper (as the report decides), A4's elsewhere. */
function defaultSheet(language: string): LabelSheetId {
  try {
    const kept = localStorage.getItem(SHEET_KEY)
    if (kept !== null && Object.hasOwn(LABEL_SHEETS, kept)) return kept as LabelSheetId
  } catch {
    // Storage refused: the locale decides.
  }
  return /-(US|CA|MX|PH|CL|CO|VE|GT|CR|PA|PR|DO|SV|NI|HN)$/i.test(language) ? '5160' : 'L7160'
}

/**
 * The labels screen's choices and its last answer (issue #30 §4). A selection arrives through
 * `open` from whoever holds one (the bulk bar); the labels are made afresh on each visit.
 */
class LabelsState {
  choice = $state<LabelChoice>('owned')
  selection = $state.raw<readonly number[]>([])
  /** The location whose copies get labels (its sub-locations' too), as the user typed it. */
  location = $state('')
  /** The places in use, for the location field's suggestions. */
  places = $state.raw<readonly string[]>([])
  sheet = $state<LabelSheetId>(
    defaultSheet(typeof navigator === 'undefined' ? '' : navigator.language)
  )
  /** Where the first label goes on a sheet partly used already: 1 is the top-left label. */
  start = $state(1)
  result = $state.raw<LabelsDto | null>(null)
  error = $state.raw<AppErrorData | null>(null)
  busy = $state(false)
  #seq = 0

  /** Opens the screen on a selection's sets or on one location (the shelf audit's place). */
  open(scope: { setIDs: readonly number[] } | { location: string }): void {
    if ('setIDs' in scope) {
      this.selection = [...scope.setIDs]
      this.choice = 'selection'
    } else {
      this.location = scope.location
      this.choice = 'location'
    }
    this.result = null
    nav.go('labels')
    void this.build()
  }

  scope(): LabelScope {
    if (this.choice === 'selection' && this.selection.length > 0) {
      return { setIDs: [...this.selection] }
    }
    if (this.choice === 'location') return { location: this.location }
    return { scope: 'owned' }
  }

  rememberSheet(): void {
    try {
      localStorage.setItem(SHEET_KEY, this.sheet)
    } catch {
      // Storage refused: the choice lasts for this session only.
    }
  }

  /** The places in use, read once a visit for the location field's list. */
  async loadPlaces(): Promise<void> {
    const r = await tryCall('shelf:listLocations', { query: '', limit: 200 })
    if (r.ok) this.places = r.value.map((p) => p.path)
  }

  async build(): Promise<void> {
    const seq = ++this.#seq
    if (this.choice === 'location' && this.location.trim() === '') {
      // Nothing to ask for until a place is named.
      this.result = null
      this.error = null
      this.busy = false
      return
    }
    this.busy = true
    const r = await tryCall('labels:list', this.scope())
    // A newer request's answer wins; an older one arriving late is dropped.
    if (seq !== this.#seq) return
    this.busy = false
    if (r.ok) {
      this.result = r.value
      this.error = null
    } else {
      this.error = r.error
    }
  }
}

export const labels = new LabelsState()
