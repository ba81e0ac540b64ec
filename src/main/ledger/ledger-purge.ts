import type { EventBus } from '../ipc/event-bus'

/** Changes closer together than this are purged once. */
const SETTLE_MS = 250

/**
 * Takes dead entries out after each change of the data: an entry whose disposal was undone and
 * can no longer be redone (a new edit ended the redo chain). Lists and sums already leave such
 * entries out; purging them keeps backups and the full export from carrying them to another
 * file, where no journal would say they were undone.
 */
export function followLedgerPurge(options: {
  readonly events: EventBus
  readonly purge: () => number
  readonly warn: (message: string, error: unknown) => void
}): () => void {
  let timer: NodeJS.Timeout | null = null
  const unsubscribe = options.events.subscribe((name) => {
    if (name !== 'data:changed' || timer) return
    timer = setTimeout(() => {
      timer = null
      try {
        options.purge()
      } catch (e) {
        // Busy while the edit writer holds the file, for instance: the next change tries again.
        options.warn('ledger purge failed', e)
      }
    }, SETTLE_MS)
    timer.unref()
  })
  return () => {
    unsubscribe()
    if (timer) clearTimeout(timer)
  }
}
