import { Worker } from 'node:worker_threads'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isAwayList } from '../../src/main/service/away-list'
import { createHarness, listedFigures } from './sync-pull-harness'
import type { Harness } from './sync-pull-harness'

/**
 * Issue #25 (search p95 ≤ 5 ms while the rest of a sync runs): each figure page crossed the main
 * thread on its way from the decoder to the set writer's worker. Its records were copied into the
 * main thread's heap and out again (structured clone, 1-13 ms a 500-figure page; later in parts
 * of 100), and in a first demo run that hand-off was a quarter of what the main thread did once
 * the sets were searchable. A page decoded in a worker now asks for its figures away: they go from
 * the decoder to the writer on a port, and the message to the writer carries the port alone.
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
  it('sends each figure page on a port, no figure in a message, and stores every figure', async () => {
    h = await createHarness(2500)
    // Watched, not replaced: the real worker gets every message.
    const post = vi.spyOn(Worker.prototype, 'postMessage')
    const status = await h.sync.run()
    expect(status.error).toBeNull()
    const pages = post.mock.calls
      .map(([m]) => m as { kind?: string; page?: { figures?: unknown } })
      .filter((m) => m.kind === 'figures')
      .map((m) => m.page?.figures)
    const withRecords = pages.filter((f) => Array.isArray(f) && f.length > 0)
    expect(withRecords).toEqual([])
    const onPorts = pages.filter(isAwayList)
    const sent = onPorts.reduce((n, list) => n + list.length, 0)
    // At least the two pages of 500 (1,000+ figures) went, all of them on ports.
    expect(sent).toBeGreaterThan(500)
    expect(await figureCount(h)).toBe(sent)
  })
})
