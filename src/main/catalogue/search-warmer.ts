import type { ReadDb } from '../store/handles'
import { catalogueGeneration } from '../store/match-sets'
import { warmText } from './search-filters'

/** Every one-letter search a user can start with in the catalogue's usual alphabet. */
const FIRST_KEYSTROKES = 'abcdefghijklmnopqrstuvwxyz0123456789'.split('')

/**
 * A catalogue that changed twice within a while is one a sync is storing page by page: it has
 * settled only once it stayed unchanged for twice its last interval between changes (up to this
 * long). At 200,000 sets on a busy machine a page came every 1-2 s, the warmer took each pause for
 * the end and counted letters that the next page made stale: 2,455 counts, 41 s of the main
 * thread in one first sync (issue #25).
 */
const MAX_SETTLE_MS = 10_000

interface SearchWarmerOptions {
  /** The catalogue must have stayed unchanged this long (a sync writes page after page). */
  readonly settleMs?: number
  readonly checkEveryMs?: number
  /**
   * While this says so (a sync runs), nothing is counted, even in a catalogue that stopped
   * changing: a first sync stores its sets, then its figures and the collection for seconds
   * more, and a letter's count then held the main thread up to 9 ms just when a user's first
   * searches arrive (issue #25).
   */
  readonly hold?: () => boolean
}

/**
 * Counts the matches of every one-letter prefix once the catalogue has settled after a change, one
 * letter per turn of the event loop, so the first keystroke of a search finds its total ready.
 * Over 200,000 sets counting a common letter costs up to 10 ms; doing it while the user is idle
 * keeps that off the keystroke. Stops as soon as the catalogue changes again.
 */
export function startSearchWarmer(db: ReadDb, options: SearchWarmerOptions = {}): () => void {
  const settleMs = options.settleMs ?? 1000
  let seen = -1
  let changedAt = 0
  /** Between the last two changes seen (0 until there were two). */
  let gap = 0
  let pending: string[] = []
  let busy = false
  let stopped = false

  const warmNext = (): void => {
    if (stopped || !db.open || catalogueGeneration(db) !== seen || options.hold?.() === true) {
      busy = false
      return
    }
    const letter = pending.shift()
    if (letter === undefined) {
      busy = false
      return
    }
    warmText(db, letter)
    setImmediate(warmNext)
  }

  const timer = setInterval(() => {
    if (stopped || busy || !db.open) return
    const generation = catalogueGeneration(db)
    if (generation !== seen) {
      const now = Date.now()
      if (seen !== -1) gap = now - changedAt
      seen = generation
      changedAt = now
      pending = [...FIRST_KEYSTROKES]
      return
    }
    const settle = Math.max(settleMs, Math.min(2 * gap, MAX_SETTLE_MS))
    if (pending.length === 0 || Date.now() - changedAt < settle || options.hold?.() === true) return
    busy = true
    setImmediate(warmNext)
  }, options.checkEveryMs ?? 250)
  timer.unref()

  return () => {
    stopped = true
    clearInterval(timer)
  }
}
