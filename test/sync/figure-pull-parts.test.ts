import { Worker } from 'node:worker_threads'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isAwayList } from '../../src/main/service/away-list'
import { createHarness, listedFigures } from './sync-pull-harness'
import type { Harness } from './sync-pull-harness'

/**
 * Issue #25 (search p95 ≤ 5 ms while the rest of a sync runs): each figure page crossed the main
 * thread twice on its way to the set writer, as structured clones: from the decoder (5-10 ms a
 * 500-figure page) and on to the writer's worker (4 ms at load 17), about 230 ms of the main
 * thread's time in a CPU profile of the first demo run while the catalogue was already
 * searchable. A search that arrived meanwhile waited for the copies. A page now goes from the
 * decoder to the writer on its own port, with only its figures' numbers coming here to be
 * counted; a page decoded here (too small for the decoder) goes in parts of at most 100.
 */
let h: Harness | null = null
afterEach(() => {
  vi.restoreAllMocks()
  h?.close()
  h = null
})

interface FiguresJob {
  readonly kind?: string
  readonly page?: { readonly figures?: unknown }
}

describe('the figure pull’s hand-off to the set writer', () => {
  it('hands each page over as its decoder’s port, and stores every figure', async () => {
    h = await createHarness(2500)
    // Watched, not replaced: the real worker gets every message.
    const post = vi.spyOn(Worker.prototype, 'postMessage')
    const status = await h.sync.run()
    expect(status.error).toBeNull()
    const jobs = post.mock.calls.map(([m]) => m as FiguresJob).filter((m) => m.kind === 'figures')
    let away = 0
    const parts: number[] = []
    for (const { page } of jobs) {
      if (isAwayList(page?.figures)) away += page.figures.length
      else parts.push(Array.isArray(page?.figures) ? page.figures.length : 0)
    }
    // At least the two pages of 500 (1,000+ figures) went on their ports; only a page small
    // enough to decode here came as records, in parts.
    expect(away).toBeGreaterThan(1000)
    expect(Math.max(0, ...parts)).toBeLessThanOrEqual(100)
    const copied = parts.reduce((a, b) => a + b, 0)
    expect((await listedFigures(h)).length).toBe(away + copied)
  })
})
