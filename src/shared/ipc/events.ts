import type { AccountStatus } from '../model/account'
import type { SetState } from '../model/collection'
import type { SyncStatus } from '../model/sync'

/** Events main pushes to the renderer: name → payload (plain data only). */
export interface EventMap {
  /** Sync state, progress, counts of pending/needs-attention/conflict edits, allowance. */
  'sync:status': SyncStatus
  /** Catalogue or collection data changed under the renderer (sync, import, undo, profile switch). */
  'data:changed': {
    readonly scope: 'catalogue' | 'collection' | 'all'
    readonly setIDs: readonly number[]
    /**
     * Present when the change is wholly the collection state of these few sets, as it is now:
     * screens patch their rows with it and recount, instead of reading everything again.
     */
    readonly states?: readonly SetState[]
  }
  /**
   * Only the sync state of these sets changed (a push round sent or settled their edits); their
   * data, counts and lists did not. `states` is null when too many sets moved to send them all.
   */
  'sync:sets': {
    readonly setIDs: readonly number[]
    readonly states: readonly SetState[] | null
  }
  'account:changed': AccountStatus
  /** The collection doctor's problem count, counted again by main after each change of the data. */
  'doctor:total': { readonly total: number }
  /** The money view's snapshot of this local day (yyyy-MM-dd) was written. */
  'money:snapshot': { readonly day: string }
  /**
   * An application-menu command (Electron only). `restoreOpened`: the OS opened a `.studbook` file
   * with Studbook; the Restore preview asks main for it (exchange:previewRestore `opened`).
   * `licenses`: Help › Third-Party Licenses (the notices the build ships beside the page).
   */
  'menu:command': {
    readonly command:
      | 'sync'
      | 'import'
      | 'export'
      | 'backup'
      | 'restore'
      | 'restoreOpened'
      | 'settings'
      | 'undo'
      | 'redo'
      | 'find'
      | 'shortcuts'
      | 'selectAll'
      | 'licenses'
  }
}

export type EventName = keyof EventMap

export const EVENT_NAMES = [
  'sync:status',
  'data:changed',
  'sync:sets',
  'account:changed',
  'doctor:total',
  'money:snapshot',
  'menu:command'
] as const satisfies readonly EventName[]
