import { afterEach, describe, expect, it, vi } from 'vitest'
import { startSearchWarmer } from '../../src/main/catalogue/search-warmer'
import { isTextWarm } from '../../src/main/catalogue/search-filters'
import { upsertSets } from '../../src/main/catalogue/sets-repo'
import { FIXTURE_AT as AT, makeSet, openTestStore } from './set-fixtures'
import type { TestStore } from './set-fixtures'

let t: TestStore | null = null
let stop = (): void => undefined

afterEach(() => {
  stop()
  t?.close()
  t = null
})

const warmed = (letter: string): boolean => t !== null && isTextWarm(t.store.read, letter)

async function until(cond: () => boolean): Promise<void> {
  // A wait for a condition, not a time limit: the deadline only names a hang before the suite's.
  const end = Date.now() + 80_000
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe('search warmer', () => {
  it('counts one-letter matches once the catalogue settles, and again after it changes', async () => {
    t = await openTestStore('warmer')
    const { store: s, pid } = t
    const sets = Array.from({ length: 50 }, (_, i) =>
      makeSet({ setID: i + 1, number: String(100 + i), name: `Castle ${i}` })
    )
    upsertSets(s.write, pid, sets, AT)
    stop = startSearchWarmer(s.read, { settleMs: 100, checkEveryMs: 10 })
    expect(warmed('c')).toBe(false)
    await until(() => warmed('c') && warmed('z') && warmed('9'))

    upsertSets(s.write, pid, [makeSet({ setID: 1, number: '100', name: 'Harbour' })], AT)
    // The change makes every earlier count stale: they are dropped, then read again.
    expect(warmed('c')).toBe(false)
    await until(() => warmed('c') && warmed('h'))
  })

  it('does not count while the catalogue changes page after page, however long each pause', async () => {
    t = await openTestStore('warmer')
    const { store: s, pid } = t
    vi.useFakeTimers()
    try {
      stop = startSearchWarmer(s.read, { settleMs: 1000, checkEveryMs: 250 })
      // A sync storing a page every 1.5 s: each pause is longer than the settle time.
      const seenWarm: boolean[] = []
      for (let page = 0; page < 6; page++) {
        const sets = [makeSet({ setID: page + 1, number: String(100 + page), name: 'Castle' })]
        upsertSets(s.write, pid, sets, AT)
        vi.advanceTimersByTime(1500)
        seenWarm.push(warmed('c'))
      }
      // Only the first pause (nothing to tell it from an end yet) may be taken for one.
      expect(seenWarm.slice(1)).toEqual([false, false, false, false, false])
      // Once the pages stop, it is counted.
      vi.advanceTimersByTime(3000 + 250)
      expect(warmed('c')).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })

  it('waits while a sync runs, even once the catalogue stopped changing, and counts after it', async () => {
    t = await openTestStore('warmer')
    const { store: s, pid } = t
    const sets = [makeSet({ setID: 1, number: '100', name: 'Castle' })]
    upsertSets(s.write, pid, sets, AT)
    vi.useFakeTimers()
    try {
      // The sets are stored; the sync goes on (its figures, the collection). A count of a
      // letter then costs a search its turn (10 ms at 200,000 sets), so it waits (issue #25).
      let syncing = true
      stop = startSearchWarmer(s.read, { settleMs: 1000, checkEveryMs: 250, hold: () => syncing })
      vi.advanceTimersByTime(5000)
      expect(warmed('c')).toBe(false)
      syncing = false
      vi.advanceTimersByTime(500)
      expect(warmed('c')).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })
})
