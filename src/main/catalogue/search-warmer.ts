import type { ReadDb } from '../store/handles'
import { catalogueGeneration } from '../store/match-sets'
import { warmText } from './search-filters'

/** Every one-letter search a user can start with in the catalogue's usual alphabet. */
const FIRST_KEYSTROKES = 'abcdefghijklmnopqrstuvwxyz0123456789'.split('')

interface SearchWarmerOptions {
  /** The catalogue must have stayed unchanged this long (a sync writes page after page). */
  readonly settleMs?: number
  readonly checkEveryMs?: number
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
  let pending: string[] = []
  let busy = false
  let stopped = false

  const warmNext = (): void => {
    if (stopped || !db.open || catalogueGeneration(db) !== seen) {
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
      seen = generation
      changedAt = Date.now()
      pending = [...FIRST_KEYSTROKES]
      return
    }
    if (pending.length === 0 || Date.now() - changedAt < settleMs) return
    busy = true
    setImmediate(warmNext)
  }, options.checkEveryMs ?? 250)
  timer.unref()

  return () => {
    stopped = true
    clearInterval(timer)
  }
}
