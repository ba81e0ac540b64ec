import type { Store } from '../store/connection'

/** What the edit-side handlers need: the store, the active profile, a clock, and a change hook. */
export interface EditDeps {
  readonly store: Store
  readonly profileId: () => number
  readonly now: () => Date
  /**
   * Called after a committed edit: tells the renderer (`data:changed`, `sync:status`) and wakes the
   * pusher. Never called before the commit.
   */
  readonly changed: (setIDs: readonly number[]) => void
}
