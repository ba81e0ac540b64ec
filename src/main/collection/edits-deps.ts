import type { Store } from '../store/connection'

/** What the edit-side handlers need: the store, the active profile, a clock, and a change hook. */
export interface EditDeps {
  readonly store: Store
  readonly profileId: () => number
  readonly now: () => Date
  /**
   * Called once after each committed edit, never before the commit: tells the renderer (one
   * `data:changed` naming the sets, with their states when few; `sync:status`) and wakes the
   * pusher. The push round that follows announces badges only (`sync:sets`), not the data again.
   */
  readonly changed: (setIDs: readonly number[]) => void
}
