import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type Database from 'better-sqlite3'
import { fuzzyWords } from '../../src/main/catalogue/fuzzy-words-repo'
import { upsertSets } from '../../src/main/catalogue/sets-repo'
import { FIXTURE_AT, makeSet, openTestStore } from './set-fixtures'
import type { TestStore } from './set-fixtures'

/**
 * Issue #25: a profile of the first demo run found one turn of the host's event loop holding a
 * `catalog:search` together with a slice of the word index's read (27 + 22 ms, the longest stall):
 * the search that found the index stale ran the read's first slice itself, and a slice could read
 * and split up to 1,000 rows. These count what each turn does, not how long it takes.
 */

/** The word index's read of the catalogue, as its statement's text says. */
const isIndexRead = (source: string): boolean => /FROM sets WHERE id >/.test(source)

interface ReadLog {
  /** Rows the index read, per turn of the event loop (a turn ends at the ticker's callback). */
  readonly perTurn: number[]
  stop: () => void
}

/**
 * Counts the rows the index's statements return between two callbacks of a setImmediate chain:
 * the build yields with setImmediate too, so a callback of the chain runs between any two slices.
 */
function logReads(db: Database.Database): ReadLog {
  const proto = Object.getPrototypeOf(db.prepare('SELECT 1')) as {
    all: (this: Database.Statement, ...params: unknown[]) => unknown[]
  }
  const all = proto.all
  const perTurn = [0]
  const spy = vi.spyOn(proto, 'all').mockImplementation(function (
    this: Database.Statement,
    ...params: unknown[]
  ) {
    const rows = all.apply(this, params)
    if (isIndexRead(this.source)) perTurn[perTurn.length - 1] = (perTurn.at(-1) ?? 0) + rows.length
    return rows
  })
  let stopped = false
  const tick = (): void => {
    if (stopped) return
    perTurn.push(0)
    setImmediate(tick)
  }
  setImmediate(tick)
  return {
    perTurn,
    stop: () => {
      stopped = true
      spy.mockRestore()
    }
  }
}

const catalogue = (n: number, from = 1, word = 'Station') =>
  Array.from({ length: n }, (_, i) =>
    makeSet({
      setID: from + i,
      name: `Model ${String(from + i)} Lighthouse Keeper ${word}`,
      theme: `Theme ${String(i % 40)}`,
      subtheme: `Sub ${String(i % 7)}`
    })
  )

let t: TestStore
beforeEach(async () => {
  t = await openTestStore('fuzzy-words-slices')
})
afterEach(() => {
  vi.useRealTimers()
  t.close()
})

describe('the word index is read in small slices (issue #25)', () => {
  it('reads at most 200 sets in any one turn of the event loop', async () => {
    upsertSets(t.store.write, t.pid, catalogue(3000), FIXTURE_AT)
    const log = logReads(t.store.read)
    const index = await fuzzyWords(t.store.read)
    log.stop()
    expect(index.near('lighthose')).toEqual(['lighthouse'])
    expect(log.perTurn.reduce((a, b) => a + b, 0)).toBe(3000)
    expect(Math.max(...log.perTurn)).toBeLessThanOrEqual(200)
  })

  it('runs none of a stale index re-read in the turn of the search that finds it stale', async () => {
    vi.useFakeTimers({ toFake: ['performance'] })
    upsertSets(t.store.write, t.pid, catalogue(500), FIXTURE_AT)
    const first = await fuzzyWords(t.store.read)
    upsertSets(t.store.write, t.pid, catalogue(500, 501, 'Beacon'), FIXTURE_AT)
    vi.advanceTimersByTime(60_000)
    const log = logReads(t.store.read)
    // The search gets the index it has at once; the fresh read begins only on a later turn.
    expect(await fuzzyWords(t.store.read)).toBe(first)
    expect(log.perTurn[0]).toBe(0)
    await until(async () => (await fuzzyWords(t.store.read)).has('beacon'))
    log.stop()
    expect(log.perTurn.reduce((a, b) => a + b, 0)).toBeGreaterThan(0)
  })

  it('reads only the sets added since its last read while the catalogue grows (a sync)', async () => {
    vi.useFakeTimers({ toFake: ['performance'] })
    upsertSets(t.store.write, t.pid, catalogue(1000), FIXTURE_AT)
    const first = await fuzzyWords(t.store.read)
    // Pages of a sync: each adds sets, and a search now and then finds the index stale.
    for (const [page, word] of ['Alpha', 'Bravo', 'Charlie'].entries()) {
      upsertSets(t.store.write, t.pid, catalogue(100, 1001 + page * 100, word), FIXTURE_AT)
      vi.advanceTimersByTime(60_000)
      const log = logReads(t.store.read)
      await until(async () => (await fuzzyWords(t.store.read)).has(word.toLowerCase()))
      await until(() => log.perTurn.slice(-3).every((rows) => rows === 0))
      log.stop()
      expect([page, log.perTurn.reduce((a, b) => a + b, 0)]).toEqual([page, 100])
    }
    const grown = await fuzzyWords(t.store.read)
    expect(grown.near('keepr')).toEqual(['keeper'])
    expect(first.size).toBeGreaterThan(0)
  })

  it('learns a set renamed in place once the catalogue has settled', async () => {
    vi.useFakeTimers({ toFake: ['performance'] })
    upsertSets(t.store.write, t.pid, catalogue(300), FIXTURE_AT)
    await fuzzyWords(t.store.read)
    // A sync renames set 7 and adds set 301: the re-read during it takes set 301 only.
    upsertSets(
      t.store.write,
      t.pid,
      [
        makeSet({ setID: 7, name: 'Submarine Base', lastUpdated: new Date('2026-02-01') }),
        makeSet({ setID: 301, name: 'Harbour Crane' })
      ],
      FIXTURE_AT
    )
    vi.advanceTimersByTime(60_000)
    await fuzzyWords(t.store.read)
    await until(async () => (await fuzzyWords(t.store.read)).has('harbour'))
    // Once nothing has changed for a while, a search has the whole catalogue read again.
    expect((await fuzzyWords(t.store.read)).has('submarine')).toBe(false)
    await until(async () => {
      vi.advanceTimersByTime(500)
      return (await fuzzyWords(t.store.read)).has('submarine')
    })
    expect((await fuzzyWords(t.store.read)).near('submarne')).toEqual(['submarine'])
  })
})

/** Turns the event loop until `done` holds (at most 10,000 turns). */
async function until(done: () => boolean | Promise<boolean>): Promise<void> {
  for (let n = 0; n < 10_000; n++) {
    if (await done()) return
    await new Promise((r) => setImmediate(r))
  }
  throw new Error('never came true')
}
