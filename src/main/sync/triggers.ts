import type { EventBus } from '../ipc/event-bus'
import type { AccountStatus } from '../../shared/model/account'

/**
 * Starts a sync when the account becomes signed in (a first sign-in, or signing in again after the
 * service stopped accepting the old one): edits waiting in the outbox go out, and the collection
 * arrives, without the user having to find the Sync button.
 */
export function syncOnSignIn(events: EventBus, start: () => void): () => void {
  let signedIn: boolean | null = null
  return events.subscribe((name, payload) => {
    if (name !== 'account:changed') return
    const now = (payload as AccountStatus).signedIn
    const was = signedIn
    signedIn = now
    if (now && was !== true) start()
  })
}

/** The timers a trigger schedules with; tests pass their own and fire them by hand. */
export interface Timers {
  set(fn: () => void, ms: number): unknown
  clear(handle: unknown): void
}

const realTimers: Timers = {
  set(fn, ms) {
    const t = setTimeout(fn, ms)
    // A retry waiting for the network must not keep the app from quitting.
    t.unref()
    return t
  },
  clear(handle) {
    clearTimeout(handle as NodeJS.Timeout)
  }
}

interface ResumeOptions {
  readonly reachability: {
    online(): boolean
    onChange(listener: (online: boolean) => void): () => void
  }
  readonly runner: {
    request(): void
    status(): { running: boolean; online: boolean }
    onFinished(listener: (s: { online: boolean }) => void): () => void
  }
  /** First wait after the service could not be reached; it doubles up to `maxMs`. */
  readonly firstMs?: number
  readonly maxMs?: number
  readonly timers?: Timers
}

/**
 * While the service cannot be reached, a sync is tried again after 2 s, 4 s, 8 s … up to a minute;
 * the moment any call reaches it again (a retry, a picture, a test of the connection), a sync
 * starts at once: the catalogue resumes where it was cut off and waiting edits go out.
 */
export function resumeWhenReachable(options: ResumeOptions): () => void {
  const { reachability, runner } = options
  const timers = options.timers ?? realTimers
  const first = options.firstMs ?? 2000
  const max = options.maxMs ?? 60_000
  let attempts = 0
  let timer: unknown = null

  const arm = (): void => {
    if (timer !== null) return
    const wait = Math.min(max, first * 2 ** attempts)
    attempts++
    timer = timers.set(() => {
      timer = null
      runner.request()
    }, wait)
  }
  const disarm = (): void => {
    if (timer !== null) timers.clear(timer)
    timer = null
    attempts = 0
  }

  const offReach = reachability.onChange((online) => {
    if (!online) {
      // Cut off outside a sync (a background push): try again later all the same.
      if (!runner.status().running) arm()
      return
    }
    disarm()
    // A sync running now reached the service itself and goes on; otherwise one starts.
    if (!runner.status().running) runner.request()
  })
  const offFinished = runner.onFinished((s) => {
    if (s.online) disarm()
    else arm()
  })
  return () => {
    offReach()
    offFinished()
    disarm()
  }
}
