import type { EventBus } from '../ipc/event-bus'

/** Changes closer together than this are counted once. */
const SETTLE_MS = 250

/**
 * Keeps the doctor's badge true without a call from the window: after each change of the data
 * (an edit, a sync, an import, a profile switch) main counts the problems again, in its own slices,
 * and announces the total. A click then costs the window no extra call (issue #25: one Owned click,
 * at most three), and a burst of changes is counted once, one count at a time.
 */
export function followDoctorTotal(options: {
  readonly events: EventBus
  readonly total: () => Promise<number>
  readonly warn: (message: string, error: unknown) => void
}): () => void {
  let timer: NodeJS.Timeout | null = null
  let running = false
  let again = false
  let stopped = false

  // Read through a call: `again` is set by the subscriber while a count awaits.
  const changedMeanwhile = (): boolean => again && !stopped

  const count = async (): Promise<void> => {
    if (running) {
      again = true
      return
    }
    running = true
    do {
      again = false
      try {
        const total = await options.total()
        if (!stopped) options.events.emit('doctor:total', { total })
      } catch (e) {
        // The badge is a hint: a failed count keeps the last one shown, and a change that came
        // meanwhile is still counted.
        options.warn('doctor count failed', e)
      }
    } while (changedMeanwhile())
    running = false
  }

  const unsubscribe = options.events.subscribe((name) => {
    if (stopped || (name !== 'data:changed' && name !== 'account:changed')) return
    if (timer) return
    timer = setTimeout(() => {
      timer = null
      void count()
    }, SETTLE_MS)
    timer.unref()
  })
  return () => {
    stopped = true
    unsubscribe()
    if (timer) clearTimeout(timer)
  }
}
