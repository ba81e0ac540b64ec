import type { AppErrorData } from '../../../../shared/errors'
import type {
  JournalEntryDto,
  OutboxItemDto,
  SyncStatus,
  UndoResultDto
} from '../../../../shared/model/sync'
import { tryCall } from '../api'
import { notices } from './notices.svelte'

/** Sync status (pushed by main), the outbox and the activity journal with undo/redo. */
export class SyncState {
  status = $state.raw<SyncStatus | null>(null)
  outbox = $state.raw<readonly OutboxItemDto[]>([])
  journal = $state.raw<readonly JournalEntryDto[]>([])
  canUndo = $state(true)
  canRedo = $state(false)
  error = $state.raw<AppErrorData | null>(null)
  /** False when the back end itself cannot be reached. */
  reachable = $state(true)
  /** The user chose "decide later"; a new conflict asks again. */
  #conflictsDeferred = $state(false)
  /** The undo or redo main is working on (sets: how many it touches, once known). */
  stepping = $state.raw<Step | null>(null)

  get conflictsDeferred(): boolean {
    return this.#conflictsDeferred
  }
  /** "Decide later": the conflict dialog stays closed until another conflict arrives. */
  deferConflicts(): void {
    this.#conflictsDeferred = true
  }

  get offline(): boolean {
    return !this.reachable || this.status?.online === false
  }

  async load(): Promise<void> {
    const result = await tryCall('sync:getStatus', {})
    this.reachable = result.ok || result.error.code !== 'offline'
    if (result.ok) this.apply(result.value)
    else this.error = result.error
  }

  /**
   * A status from main: counts that moved mean the outbox list is stale. So may a waiting
   * conflict: each push round reads the service's value again, and the panel shows the newest.
   */
  apply(status: SyncStatus): void {
    const before = this.status
    this.status = status
    this.reachable = true
    if (status.conflicts > (before?.conflicts ?? 0)) this.#conflictsDeferred = false
    if (
      before === null ||
      before.pending !== status.pending ||
      before.needsAttention !== status.needsAttention ||
      before.conflicts !== status.conflicts ||
      status.conflicts > 0
    ) {
      void this.outboxChanged()
    }
  }

  /** Screens showing the outbox list (the Sync screen); the conflict dialog needs only conflicts. */
  #outboxShown = 0

  /**
   * The outbox may have changed: read it if something shows it (the Sync screen, or a conflict to
   * decide), else only note it. An edit moves the pending count twice (saved, then pushed); reading
   * the whole list each time no one looks at it cost two calls an edit.
   */
  async outboxChanged(): Promise<void> {
    if (this.#outboxShown > 0 || (this.status?.conflicts ?? 0) > 0) await this.loadOutbox()
  }

  /** A screen shows the outbox from now until the returned function is called (it reads it). */
  showOutbox(): () => void {
    this.#outboxShown++
    void this.loadOutbox()
    return () => {
      this.#outboxShown--
    }
  }

  async start(full = false): Promise<void> {
    const result = await tryCall('sync:start', { full })
    if (result.ok) this.apply(result.value)
    else notices.error(result.error, () => void this.start(full))
  }

  async cancel(): Promise<void> {
    const result = await tryCall('sync:cancel', {})
    if (result.ok) this.apply(result.value)
    else notices.error(result.error)
  }

  async loadOutbox(): Promise<void> {
    const result = await tryCall('outbox:list', {})
    if (result.ok) this.outbox = result.value
    else this.error = result.error
  }

  async retry(id: number): Promise<void> {
    this.applyOutbox(await tryCall('outbox:retry', { id }))
  }

  async discard(id: number): Promise<void> {
    this.applyOutbox(await tryCall('outbox:discard', { id }))
  }

  async resolve(id: number, keep: 'mine' | 'theirs'): Promise<void> {
    this.applyOutbox(await tryCall('outbox:resolveConflict', { id, keep }))
  }

  async loadJournal(): Promise<void> {
    const result = await tryCall('journal:list', { limit: 100 })
    if (result.ok) this.journal = result.value
  }

  /**
   * Undo the newest change, or `expected`: the entry a screen showed (a bulk edit's toast), with
   * the number of sets it touches.
   */
  async undo(expected?: { readonly id: number; readonly sets: number }): Promise<void> {
    await this.step('undo', expected)
  }

  async redo(): Promise<void> {
    await this.step('redo')
  }

  /** What the status bar says while main works on an undo or redo. */
  get steppingText(): string | null {
    return this.stepping === null ? null : `${stepWords(this.stepping)}…`
  }

  /**
   * Screens that keep their own words about an entry (the scan list) learn of each undo and redo
   * here, whichever key or button did it, so what they show stays true.
   */
  onJournalStep(listener: (entry: JournalEntryDto) => void): void {
    this.#stepListeners.push(listener)
  }
  #stepListeners: ((entry: JournalEntryDto) => void)[] = []

  /**
   * One undo or redo at a time, naming its entry. A large one takes main a while; a press
   * meanwhile is absorbed (and the user told), and main replays the named entry only while it is
   * still next, so neither a press here nor one in another window reaches the entry behind it.
   */
  private async step(kind: Step['kind'], expected?: { id: number; sets: number }): Promise<void> {
    const busy = this.stepping
    if (busy !== null) {
      notices.info(`Still ${stepWords(busy).toLowerCase()}`, {
        detail: 'Press again once it is done.'
      })
      return
    }
    this.stepping = { kind, sets: expected?.sets ?? null }
    try {
      let id = expected?.id
      if (id === undefined) {
        const next = await tryCall('journal:next', {})
        if (!next.ok) {
          notices.error(next.error)
          return
        }
        this.canUndo = next.value.undo !== null
        this.canRedo = next.value.redo !== null
        const entry = next.value[kind]
        if (entry === null) {
          notices.info(kind === 'undo' ? 'Nothing to undo' : 'Nothing to redo')
          return
        }
        id = entry.id
        this.stepping = { kind, sets: entry.sets }
      }
      const channel = kind === 'undo' ? 'journal:undo' : 'journal:redo'
      const result = await tryCall(channel, { entryId: id })
      if (!result.ok) notices.error(result.error)
      else this.stepped(kind, result.value)
    } finally {
      this.stepping = null
    }
    void this.loadJournal()
  }

  private stepped(kind: Step['kind'], r: UndoResultDto): void {
    const { entry, applied, canUndo, canRedo } = r
    this.canUndo = canUndo
    this.canRedo = canRedo
    if (entry === null) {
      notices.info(kind === 'undo' ? 'Nothing to undo' : 'Nothing to redo')
      return
    }
    if (applied) notices.info(`${kind === 'undo' ? 'Undone' : 'Redone'}: ${entry.description}`)
    else if (entry.undone === (kind === 'undo')) {
      notices.info(`Already ${kind === 'undo' ? 'undone' : 'redone'}: ${entry.description}`)
    } else {
      notices.info(`Not ${kind === 'undo' ? 'undone' : 'redone'}: ${entry.description}`, {
        detail: 'Other changes came after it: Ctrl+Z takes those back first, one at a time.'
      })
    }
    // The entry as it is now, whoever undid it: screens that show it must say so.
    for (const listener of this.#stepListeners) listener(entry)
  }

  private applyOutbox(
    result: { ok: true; value: OutboxItemDto[] } | { ok: false; error: AppErrorData }
  ): void {
    if (result.ok) this.outbox = result.value
    else notices.error(result.error)
  }
}

/** An undo or redo under way, and how many sets it touches once known. */
interface Step {
  readonly kind: 'undo' | 'redo'
  readonly sets: number | null
}

function stepWords(step: Step): string {
  const verb = step.kind === 'undo' ? 'Undoing' : 'Redoing'
  if (step.sets === null || step.sets === 0) return verb
  return `${verb} ${step.sets.toLocaleString('en')} ${step.sets === 1 ? 'set' : 'sets'}`
}

export const sync = new SyncState()
