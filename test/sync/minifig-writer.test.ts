import type Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { catalogueGeneration } from '../../src/main/store/match-sets'
import { harnessEachTest, holdUntil, mainChanges, syncWhileSampling } from './sync-pull-harness'

/**
 * Issue #25: the figure catalogue (about 130,000 rows at 200,000 sets) is written by the
 * catalogue load's writer on its own connection in a worker (sync/pull/set-writer.ts), as the set
 * pages are, not in slices on the main thread: searches while the sync still runs wait for no
 * figure slice, and the main connection writes none of the figures.
 */
const SETS = Number(process.env['STUDBOOK_PROPERTY_SIZE'] ?? 3000)

const harness = harnessEachTest()

/** Figures and their links to sets, as `db` sees them. */
const figures = (db: Database.Database) =>
  db
    .prepare('SELECT (SELECT count(*) FROM minifigs) + (SELECT count(*) FROM minifig_sets)')
    .pluck()
    .get() as number

describe('the figure pages of a catalogue load', () => {
  it('stores figures while the main thread is held, none through the main connection', async () => {
    const x = await harness(SETS)
    let holds = 0
    let grewWhileHeld = 0
    const at: { start: number | null } = { start: null }
    await syncWhileSampling(x, (other) => {
      const n = figures(other)
      if (n > 0) at.start ??= mainChanges(x)
      if (n > 0 && holds < 10) {
        holds++
        // Nothing on this thread can write while it is held: only another thread's commit shows.
        if (holdUntil(() => figures(other) !== n, 500)) grewWhileHeld++
      }
    })
    const end = mainChanges(x)
    expect(figures(x.store.read)).toBeGreaterThan(1500)
    expect(holds).toBeGreaterThan(0)
    expect(grewWhileHeld).toBeGreaterThan(0)
    // From the first figure to the end of the sync the main connection wrote sync state,
    // allowance counts and the collection: less than one page of figures (500 rows, and their
    // links) would be, of the thousands stored.
    expect(at.start).not.toBeNull()
    expect(end - (at.start ?? end)).toBeLessThan(500)
  })

  it('leaves the catalogue’s search caches as they are while figures are written', async () => {
    const x = await harness(SETS)
    // Searches, counts and facets are kept per generation of `sets`: a figure is not in `sets`,
    // so its slices must not throw them away (nor restart the search warmer) every few ms.
    const samples: { n: number; generation: number }[] = []
    await syncWhileSampling(x, (other) => {
      samples.push({ n: figures(other), generation: catalogueGeneration(x.store.read) })
    })
    const grew = samples.filter((b, i) => {
      const a = samples[i - 1]
      return a !== undefined && a.n > 0 && b.n > a.n
    })
    expect(grew.length).toBeGreaterThan(0)
    const moved = samples.filter((b, i) => {
      const a = samples[i - 1]
      return a !== undefined && a.n > 0 && b.n > a.n && b.generation !== a.generation
    })
    expect(moved).toEqual([])
  })
})
