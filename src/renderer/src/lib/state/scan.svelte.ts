import type { SetSummaryDto } from '../../../../shared/model/catalog'
import type { ScanAction, ScanStatus, ScannedCopyDto } from '../../../../shared/model/scan'
import type { JournalEntryDto } from '../../../../shared/model/sync'
import { tryCall } from '../api'
import { describeError } from '../errors'
import { keep, readKept } from '../kept-here'
import { beep } from '../scan-sound'
import { OwnFields } from './own-fields.svelte'
import { sync } from './sync.svelte'

/** One scan as the list shows it, from the moment Enter was pressed. */
export interface ScanLine {
  readonly id: number
  readonly code: string
  readonly action: ScanAction
  /** waiting: queued or being applied; failed: refused or not saved (the words say why). */
  state: ScanStatus | 'waiting' | 'failed'
  set: SetSummaryDto | null
  choices: readonly SetSummaryDto[]
  /** The copy a box label named (state `copy`). */
  copy: ScannedCopyDto | null
  summary: string
  journalId: number | null
  /** The journal entry of this line's own Undo, once it ran. */
  undoJournalId: number | null
  undo: 'none' | 'busy' | 'done'
}

const MUTE_KEY = 'studbook.scan.muted'

/**
 * The running list of scans (issue #17), kept while the app runs so leaving the screen loses
 * nothing. Every scan, choice and undo waits its turn in one queue: a scanner types the next code
 * while the previous is still being saved, and each is applied in the order it was scanned.
 */
class ScanLog extends OwnFields<{
  /** What each scan does to the set it finds. */
  action: ScanAction
  /** Whether scans are silent; kept on this computer. */
  muted: boolean
}>(() => ({ action: 'owned', muted: readKept(MUTE_KEY) === '1' })) {
  lines = $state<ScanLine[]>([])
  /** What the live region says: the newest outcome. */
  announcement = $state('')
  #next = 1
  #queue: (() => Promise<void>)[] = []
  #draining = false

  /** Scans not answered yet (queued or being saved). */
  get waiting(): number {
    return this.lines.filter((l) => l.state === 'waiting').length
  }

  setAction(action: ScanAction): void {
    this.write({ action })
  }
  setMuted(muted: boolean): void {
    this.write({ muted })
    keep(MUTE_KEY, muted ? '1' : '0')
  }

  submit(raw: string): void {
    const code = raw.trim()
    if (code === '') return
    this.lines.unshift({
      id: this.#next++,
      code,
      action: this.action,
      state: 'waiting',
      set: null,
      choices: [],
      copy: null,
      summary: `${code}: looking up…`,
      journalId: null,
      undoJournalId: null,
      undo: 'none'
    })
    // The reactive proxy of the line, so the updates below reach the screen.
    const line = this.lines[0]
    if (line) this.#enqueue(() => this.#apply(line))
  }

  /** Applies an ambiguous scan to the set the user picked. */
  choose(line: ScanLine, setID: number): void {
    line.state = 'waiting'
    this.#enqueue(() => this.#apply(line, setID))
  }

  /** A scan that was refused or not saved, sent again as it was. */
  retry(line: ScanLine): void {
    if (line.state !== 'failed') return
    line.state = 'waiting'
    this.#enqueue(() => this.#apply(line))
  }

  undo(line: ScanLine): void {
    const journalId = line.journalId
    if (journalId === null || line.undo !== 'none') return
    line.undo = 'busy'
    this.#enqueue(async () => {
      const r = await tryCall('collection:undoScan', { journalId })
      if (r.ok) {
        line.undo = 'done'
        line.undoJournalId = r.value.journalId
        line.set = r.value.set
        // What the line says must hold now: the scan's effect is gone.
        line.summary = r.value.summary
        this.#tell(r.value.summary, 'found')
      } else if (r.error.code === 'conflict') {
        // Ctrl+Z, or deleting the copy, took the scan back already: the line says so.
        line.undo = 'done'
        line.summary = `${line.code}: ${r.error.message}`
        this.#tell(line.summary, 'problem')
      } else {
        line.undo = 'none'
        this.#tell(`Could not undo ${line.code}: ${describeError(r.error).message}`, 'problem')
      }
    })
  }

  /**
   * Ctrl+Z or Ctrl+Y moved a journal entry: a line whose scan, or whose own Undo, it was says
   * what holds now, and offers Undo exactly when the scan's effect is in the collection.
   */
  journalStepped(entry: JournalEntryDto): void {
    for (const line of this.lines) {
      const name = line.set ? `${line.set.fullNumber} ${line.set.name}` : line.code
      if (line.journalId === entry.id) {
        line.undo = entry.undone ? 'done' : 'none'
        line.summary = entry.undone
          ? `${name}: scan taken back with Undo`
          : `${name}: scan redone, it holds again`
      } else if (line.undoJournalId !== null && line.undoJournalId === entry.id) {
        line.undo = entry.undone ? 'none' : 'done'
        line.summary = entry.undone
          ? `${name}: its undo was taken back, the scan holds again`
          : `${name}: scan undone again`
      }
    }
  }

  #enqueue(task: () => Promise<void>): void {
    this.#queue.push(task)
    void this.#drain()
  }

  async #drain(): Promise<void> {
    if (this.#draining) return
    this.#draining = true
    try {
      for (let task = this.#queue.shift(); task; task = this.#queue.shift()) await task()
    } finally {
      this.#draining = false
    }
  }

  async #apply(line: ScanLine, setID?: number): Promise<void> {
    const r = await tryCall('collection:scan', {
      code: line.code,
      action: line.action,
      ...(setID === undefined ? {} : { setID })
    })
    if (!r.ok) {
      line.state = 'failed'
      line.summary = `${line.code}: ${describeError(r.error).message}`
      this.#tell(line.summary, 'problem')
      return
    }
    const v = r.value
    line.state = v.status
    line.set = v.set
    line.choices = v.choices
    line.copy = v.copy
    line.summary = v.summary
    line.journalId = v.journalId
    const found = v.status === 'applied' || v.status === 'unchanged' || v.status === 'copy'
    this.#tell(v.summary, found ? 'found' : 'problem')
  }

  #tell(words: string, cue: 'found' | 'problem'): void {
    this.announcement = words
    if (!this.muted) beep(cue)
  }
}

export const scanLog = new ScanLog()
sync.onJournalStep((entry) => {
  scanLog.journalStepped(entry)
})
