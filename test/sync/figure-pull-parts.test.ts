import { Worker } from 'node:worker_threads'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createHarness, listedFigures } from './sync-pull-harness'
import type { Harness } from './sync-pull-harness'

/**
 * Issue #25 (search p95 ≤ 5 ms while the rest of a sync runs): each figure page crossed to the
 * set writer's worker as one message, and its copy (structured clone) is made on the main thread:
 * 4 ms for a 500-figure page at load 17, 1-13 ms each in a CPU profile of the first demo run, 28
 * of them while the catalogue was already searchable. A search that arrived meanwhile waited for
 * the copy. The pull now hands each page over in parts small enough that no copy is a wait.
 */
let h: Harness | null = null
afterEach(() => {
  vi.restoreAllMocks()
  h?.close()
  h = null
})

async function figureCount(x: Harness): Promise<number> {
  return (await listedFigures(x)).length
}

describe('the figure pull’s hand-off to the set writer', () => {
  it('sends no message of more than 100 figures, and stores every figure', async () => {
    h = await createHarness(2500)
    // Watched, not replaced: the real worker gets every message.
    const post = vi.spyOn(Worker.prototype, 'postMessage')
    const status = await h.sync.run()
    expect(status.error).toBeNull()
    const parts = post.mock.calls
      .map(([m]) => m as { kind?: string; page?: { figures?: unknown[] } })
      .filter((m) => m.kind === 'figures')
      .map((m) => m.page?.figures?.length ?? 0)
    // At least the two pages of 500 (1,000+ figures) went, all of them in parts.
    expect(parts.reduce((a, b) => a + b, 0)).toBeGreaterThan(500)
    expect(Math.max(...parts)).toBeLessThanOrEqual(100)
    expect(await figureCount(h)).toBe(parts.reduce((a, b) => a + b, 0))
  })
})
