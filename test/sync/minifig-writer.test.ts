import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { catalogueGeneration } from '../../src/main/store/match-sets'
import { harnessEachTest, holdUntil, syncWhileSampling } from './sync-pull-harness'

/**
 * Issue #25: the figure catalogue (about 130,000 rows at 200,000 sets) is written by the
 * catalogue load's writer on its own connection in a worker (sync/pull/set-writer.ts), as the set
 * pages are, not in slices on the main thread: searches while the sync still runs wait for no
 * figure slice, and the main connection writes none of the figures.
 */
const SETS = Number(process.env['STUDBOOK_PROPERTY_SIZE'] ?? 3000)

const harness = harnessEachTest()

describe('the figure pages of a catalogue load', () => {
  it('stores figures while the main thread is held, none through the main connection', async () => {
    const x = await harness(SETS)
    const other = new Database(x.store.path, { readonly: true })
    const figures = () =>
      other
        .prepare('SELECT (SELECT count(*) FROM minifigs) + (SELECT count(*) FROM minifig_sets)')
        .pluck()
        .get() as number
    const mainChanges = () =>
      x.store.write.prepare('SELECT total_changes()').pluck().get() as number
    let holds = 0
    let grewWhileHeld = 0
    const at: { start: number | null } = { start: null }
    await syncWhileSampling(
      x,
      () => {
        const n = figures()
        if (n > 0) at.start ??= mainChanges()
        if (n > 0 && holds < 10) {
          holds++
          // Nothing on this thread can write while it is held: only another thread's commit shows.
          if (holdUntil(() => figures() !== n, 500)) grewWhileHeld++
        }
      },
      {
        done: () => {
          other.close()
        }
      }
    )
    const end = mainChanges()
    const stored = x.store.read
      .prepare('SELECT (SELECT count(*) FROM minifigs) + (SELECT count(*) FROM minifig_sets)')
      .pluck()
      .get() as number
    expect(stored).toBeGreaterThan(1500)
    expect(holds).toBeGreaterThan(0)
    expect(grewWhileHeld).toBeGreaterThan(0)
    // From the first figure to the end of the sync the main connection wrote sync state,
    // allowance counts and the collection: less than one page of figures (500 rows, and their
    // links) would be, of the thousands stored.
    expect(at.start).not.toBeNull()
    expect(end - (at.start ?? end)).toBeLessThan(500)
  }, 120_000)

  it('leaves the catalogue’s search caches as they are while figures are written', async () => {
    const x = await harness(SETS)
    const other = new Database(x.store.path, { readonly: true })
    const figures = () =>
      other
        .prepare('SELECT (SELECT count(*) FROM minifigs) + (SELECT count(*) FROM minifig_sets)')
        .pluck()
        .get() as number
    // Searches, counts and facets are kept per generation of `sets`: a figure is not in `sets`,
    // so its slices must not throw them away (nor restart the search warmer) every few ms.
    const samples: { n: number; generation: number }[] = []
    await syncWhileSampling(
      x,
      () => {
        samples.push({ n: figures(), generation: catalogueGeneration(x.store.read) })
      },
      {
        done: () => {
          other.close()
        }
      }
    )
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
  }, 120_000)
})
