import type { Store } from '../store/connection'

/**
 * Whose turn it is to change what this database and the service agree on about the user's
 * collection: a push round, which confirms edits and then removes their outbox rows, or a
 * collection pull, which reads the service's lists and then writes them over every set that has no
 * outbox row. One at a time, per database.
 *
 * Why: a round that confirmed an edit between a pull's read and its write left that set with no
 * row, and the list read before the edit cleared it. A set marked Owned during a first sync's
 * collection pull showed as not owned again (the saved-views end-to-end test caught it once, quiet,
 * 2026-11-27), though the service had it, until the next sync; a list without the set would also
 * have dropped its copies. Edits made during a pull now wait in the outbox, where the pull leaves
 * them alone, and go out once it has written.
 */
interface Turns {
  last: Promise<unknown>
  waiting: number
}

const turns = new WeakMap<Store, Turns>()

function turnsOf(store: Store): Turns {
  let t = turns.get(store)
  if (t === undefined) {
    t = { last: Promise.resolve(), waiting: 0 }
    turns.set(store, t)
  }
  return t
}

/** Runs `work` once every turn asked for before it has ended, whatever their outcome. */
export function inCollectionTurn<T>(store: Store, work: () => Promise<T>): Promise<T> {
  const t = turnsOf(store)
  t.waiting++
  const mine = t.last.then(() => {
    t.waiting--
    return work()
  })
  t.last = mine.catch(() => undefined)
  return mine
}

/** How many turns wait for the one running (a push held back by a pull, say). */
export function collectionTurnsWaiting(store: Store): number {
  return turns.get(store)?.waiting ?? 0
}
