import type { AccountStatus } from '../model/account'
import type { SyncStatus } from '../model/sync'

/** Events main pushes to the renderer: name → payload (plain data only). */
export interface EventMap {
  /** Sync state, progress, counts of pending/needs-attention/conflict edits, allowance. */
  'sync:status': SyncStatus
  /** Catalogue or collection data changed under the renderer (sync, import, undo, profile switch). */
  'data:changed': {
    readonly scope: 'catalogue' | 'collection' | 'all'
    readonly setIDs: readonly number[]
  }
  'account:changed': AccountStatus
  /** An application-menu command (Electron only). */
  'menu:command': {
    readonly command:
      | 'sync'
      | 'import'
      | 'export'
      | 'settings'
      | 'undo'
      | 'redo'
      | 'find'
      | 'shortcuts'
      | 'selectAll'
  }
}

export type EventName = keyof EventMap

export const EVENT_NAMES = [
  'sync:status',
  'data:changed',
  'account:changed',
  'menu:command'
] as const satisfies readonly EventName[]
