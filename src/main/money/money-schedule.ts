import type { SnapshotReason } from '../../shared/model/money'
import { localDay } from '../../shared/model/watch-days'
import type { Store } from '../store/connection'
import { hasSnapshot } from './money-repo'
import { takeSnapshot } from './snapshot'
import type { Log } from '../logging/index'

/** The daily check looks again at least this often, so a sleep or a clock change is caught. */
const CHECK_MAX_MS = 60 * 60 * 1000

interface MoneyScheduleDeps {
  readonly store: Store
  readonly profileId: () => number
  readonly now: () => Date
  readonly log: Pick<Log, 'warn'>
  /** Told after each snapshot is written (the screen reads the history again). */
  readonly written?: (day: string) => void
}

export interface MoneySchedule {
  /** Takes a snapshot now (after the one running, if any); several asked meanwhile run once. */
  take(reason: SnapshotReason): Promise<void>
  /** Takes the day's snapshot unless the profile has one of today already. */
  daily(): Promise<void>
  /** The daily snapshot now, and again after each local midnight while the app stays open. */
  startDaily(): void
  /** Resolves when no snapshot runs or waits. */
  idle(): Promise<void>
  /** Stops the timer; a snapshot running stops between slices without writing. */
  close(): Promise<void>
}

/** Milliseconds from `at` to just past the next local midnight (capped: see CHECK_MAX_MS). */
export function untilNextCheck(at: Date): number {
  const midnight = new Date(at.getFullYear(), at.getMonth(), at.getDate() + 1, 0, 0, 1)
  return Math.max(1000, Math.min(CHECK_MAX_MS, midnight.getTime() - at.getTime()))
}

/**
 * When snapshots are taken: one at a time, in the background. A request while one runs is
 * remembered and runs once after it with the latest reason (its figures are the newer ones).
 */
export function createMoneySchedule(deps: MoneyScheduleDeps): MoneySchedule {
  let running: Promise<void> | null = null
  let waiting: SnapshotReason | null = null
  let timer: NodeJS.Timeout | null = null
  let closed = false

  const once = async (reason: SnapshotReason): Promise<void> => {
    try {
      const day = await takeSnapshot({ ...deps, stopped: () => closed }, deps.profileId(), reason)
      if (day !== null) deps.written?.(day)
    } catch (e) {
      // A snapshot is a record for later: one that failed (a full disk) leaves the others.
      deps.log.warn('money snapshot failed', e)
    }
  }

  const loop = async (first: SnapshotReason): Promise<void> => {
    let reason: SnapshotReason | null = first
    while (reason !== null && !closed) {
      waiting = null
      await once(reason)
      reason = waiting
    }
    running = null
  }

  const take = (reason: SnapshotReason): Promise<void> => {
    if (closed) return Promise.resolve()
    if (running) {
      waiting = reason
      return running
    }
    running = loop(reason)
    return running
  }

  const daily = async (): Promise<void> => {
    if (closed) return
    const today = localDay(deps.now())
    if (hasSnapshot(deps.store.read, deps.profileId(), today)) return
    await take('daily')
  }

  /** The timer's check: a failure is logged, and the next check still comes. */
  const check = (): void => {
    daily()
      .catch((e: unknown) => {
        deps.log.warn('daily money snapshot failed', e)
      })
      .finally(arm)
  }

  const arm = (): void => {
    if (closed) return
    timer = setTimeout(() => {
      timer = null
      check()
    }, untilNextCheck(deps.now()))
    timer.unref()
  }

  return {
    take,
    daily,
    startDaily: check,
    async idle() {
      while (running) await running
    },
    async close() {
      closed = true
      if (timer) clearTimeout(timer)
      timer = null
      while (running) await running
    }
  }
}
