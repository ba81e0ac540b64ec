import type { AppErrorData } from '../../../../shared/errors'
import type { JournalEntryDto, OutboxItemDto, SyncStatus } from '../../../../shared/model/sync'
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
  conflictsDeferred = $state(false)

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
    if (status.conflicts > (before?.conflicts ?? 0)) this.conflictsDeferred = false
    if (
      before === null ||
      before.pending !== status.pending ||
      before.needsAttention !== status.needsAttention ||
      before.conflicts !== status.conflicts ||
      status.conflicts > 0
    ) {
      void this.loadOutbox()
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

  async undo(): Promise<void> {
    await this.step('journal:undo')
  }

  async redo(): Promise<void> {
    await this.step('journal:redo')
  }

  /**
   * Screens that keep their own words about an entry (the scan list) learn of each undo and redo
   * here, whichever key or button did it, so what they show stays true.
   */
  onJournalStep(listener: (entry: JournalEntryDto) => void): void {
    this.#stepListeners.push(listener)
  }
  #stepListeners: ((entry: JournalEntryDto) => void)[] = []

  private async step(channel: 'journal:undo' | 'journal:redo'): Promise<void> {
    const result = await tryCall(channel, {})
    if (!result.ok) {
      notices.error(result.error)
      return
    }
    const { entry, canUndo, canRedo } = result.value
    this.canUndo = canUndo
    this.canRedo = canRedo
    if (entry === null)
      notices.info(channel === 'journal:undo' ? 'Nothing to undo' : 'Nothing to redo')
    else {
      notices.info(`${channel === 'journal:undo' ? 'Undone' : 'Redone'}: ${entry.description}`)
      for (const listener of this.#stepListeners) listener(entry)
    }
    void this.loadJournal()
  }

  private applyOutbox(
    result: { ok: true; value: OutboxItemDto[] } | { ok: false; error: AppErrorData }
  ): void {
    if (result.ok) this.outbox = result.value
    else notices.error(result.error)
  }
}

export const sync = new SyncState()
