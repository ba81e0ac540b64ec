import { dispatch } from '../../src/main/ipc/dispatch'
import type { Handlers } from '../../src/shared/ipc/contract'

/**
 * Issue 26: "the host answers a heartbeat call throughout" a hostile file's preview or restore.
 * Tests cannot hold a wall clock to it (machines run at load 8-20), so this asserts what
 * guarantees it: while the job runs, a real call (`collection:getTotals`, through the dispatcher
 * a host uses, reading the main connection) is asked again and again, and several are answered
 * between the job's start and its end. A job that held the main thread from start to end would
 * see none; the latency itself is measured by bench/stall-hostile.ts.
 */
export interface Heartbeat<T> {
  readonly outcome: { readonly value: T } | { readonly error: unknown }
  /** Calls answered (ok) after the job started and before it settled. */
  readonly beats: number
  /** Calls answered with an error, or failed, meanwhile: there must be none. */
  readonly failed: readonly unknown[]
}

export async function withHeartbeat<T>(
  handlers: Partial<Handlers>,
  job: () => T | Promise<T>
): Promise<Heartbeat<T>> {
  // Read through a function: the job settles it between awaits, which the narrowing cannot see.
  const run = { settled: false }
  const over = (): boolean => run.settled
  let beats = 0
  const failed: unknown[] = []
  const beating = (async () => {
    // The first call waits a turn: the job starts first, so every beat counted is during it.
    await new Promise((resolve) => setImmediate(resolve))
    while (!over()) {
      const r = await dispatch(handlers as Handlers, 'collection:getTotals', {})
      if (over()) break
      if (r.ok) beats++
      else failed.push(r.error)
      // A timer between calls, as a page's poll: the loop gets every other turn to the job.
      await new Promise((resolve) => setTimeout(resolve, 1))
    }
  })()
  // A handler may answer at once or later; a throw is an outcome like a rejection.
  const outcome = await Promise.resolve()
    .then(job)
    .then(
      (value) => ({ value }),
      (error: unknown) => ({ error })
    )
  run.settled = true
  await beating
  return { outcome, beats, failed }
}

/** Enough answered calls that the job cannot have held the main thread from start to end. */
export const SEVERAL_BEATS = 3
