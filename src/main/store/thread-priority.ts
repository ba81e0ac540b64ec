import { readlinkSync } from 'node:fs'
import { getPriority, setPriority } from 'node:os'

/**
 * How far a background thread steps back, in nice values from the one it started with (its
 * creator's, the main thread's): enough that the main thread runs first. Relative, so a user who
 * started the app with `nice` keeps the order between its threads.
 */
export const BACKGROUND_STEP = 5

/**
 * How far a thread steps back whose answer the user waits for after the main thread's (the facet
 * counts shown beside a page): behind the main thread, ahead of a sync's writer and decoder.
 */
export const COUNTS_STEP = 2

/** The lowest priority a nice value names. */
const NICE_MAX = 19

/**
 * Steps thread `tid` of this process back behind the main thread: the background workers call it
 * for themselves (yieldToMainThread), and the app calls it for the demo service's thread, which
 * names itself as it starts (emulator/reference-thread.ts). On a two-core machine the writer and
 * the decoder kept both cores busy during a first sync, and a search the user typed waited its turn
 * for a core: 2.5 ms at p95 of a 6.5 ms answer on a quiet machine (issue #25).
 *
 * On Linux a thread's nice value is its own (setpriority(2) with a thread id), and a thread id is
 * what /proc/thread-self names. Elsewhere Node can only set a whole process's priority, which
 * would slow the main thread too, so the thread is left as it is. Raising a nice value needs no
 * privilege; if it is refused anyway, the thread runs as before, which is only slower.
 */
export function stepBack(tid: number, step = BACKGROUND_STEP): void {
  if (process.platform !== 'linux') return
  if (!Number.isSafeInteger(tid) || tid <= 0 || tid === process.pid) return
  try {
    setPriority(tid, Math.min(NICE_MAX, getPriority(tid) + step))
  } catch {
    // Gone, or refused: see above.
  }
}

/**
 * Called first thing in a background worker (catalogue writer, decoder, edit writer, backup,
 * import; the facet worker by COUNTS_STEP).
 */
export function yieldToMainThread(step = BACKGROUND_STEP): void {
  if (process.platform !== 'linux') return
  try {
    stepBack(Number(readlinkSync('/proc/thread-self').split('/').pop()), step)
  } catch {
    // No /proc: see stepBack.
  }
}
