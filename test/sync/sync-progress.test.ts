import { describe, expect, it } from 'vitest'
import type { SyncPhase } from '../../src/shared/model/sync'
import { harnessEachTest } from './sync-pull-harness'
import type { Harness } from './sync-pull-harness'

/** What the status bar shows while a sync runs: each step in turn, its counts true as it goes. */

const harness = harnessEachTest()

/** The steps a sync showed, in the order they were first shown (not idle nor done). */
function phasesInOrder(x: Harness): SyncPhase[] {
  const out: SyncPhase[] = []
  for (const { phase } of x.statuses) {
    if (phase !== 'idle' && phase !== 'done' && out[out.length - 1] !== phase) out.push(phase)
  }
  return out
}

describe('sync progress', () => {
  it('a first sync shows the catalogue, the figures, then the collection, counting up to their totals', async () => {
    const h = await harness(1000)
    const end = await h.sync.run()
    expect(end.error).toBeNull()
    const running = h.statuses.filter((s) => s.running)
    expect(running.length).toBeGreaterThan(5)
    const phases = phasesInOrder(h)
    // (This harness has no edit side, so there is no push step to show.)
    expect(phases).toEqual(['themes', 'sets', 'minifigs', 'collection'])

    for (const s of running) if (s.total > 0) expect(s.done).toBeLessThanOrEqual(s.total)
    const sets = running.filter((s) => s.phase === 'sets')
    // The sets count up, page by page, to the catalogue's size.
    expect(sets.map((s) => s.done)).toEqual([...sets.map((s) => s.done)].sort((a, b) => a - b))
    expect(sets.at(-1)).toMatchObject({ done: 1000, total: 1000 })
    expect(new Set(sets.map((s) => s.done)).size).toBeGreaterThan(2)
    // The figures count to the service's total, which the first page tells.
    const figures = running.filter((s) => s.phase === 'minifigs')
    const total = figures.at(-1)?.total ?? 0
    expect(total).toBeGreaterThan(500)
    expect(figures.at(-1)?.done).toBe(total)
    expect(figures.some((s) => s.done === 500 && s.total === total)).toBe(true)

    expect(end).toMatchObject({ running: false, phase: 'done', outcome: 'complete' })
  })

  it('a later sync shows the recent changes, not the whole catalogue', async () => {
    const h = await harness(300)
    await h.sync.run()
    h.statuses.length = 0
    await h.sync.run()
    const phases = phasesInOrder(h)
    expect(phases).toEqual(['themes', 'recent', 'collection'])
  })
})
