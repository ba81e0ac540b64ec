import type * as WorkerThreads from 'node:worker_threads'
import { describe, expect, it, vi } from 'vitest'
import { harnessEachTest } from './sync-pull-harness'

/**
 * The set writer's worker counts in the host's RSS. Without a ceiling on its old generation V8
 * let it fill with garbage to 45-55 MB over a 20,000-set load (it holds 14 MB after a full
 * collection), a sixth of the connect scenario's 334 MB (issue #25, bench/memory-probe.mjs).
 */
const started = vi.hoisted(() => [] as { url: string; limits: unknown }[])
vi.mock('node:worker_threads', async (importOriginal) => {
  const real = await importOriginal<typeof WorkerThreads>()
  class Recorded extends real.Worker {
    constructor(url: string | URL, options?: WorkerThreads.WorkerOptions) {
      super(url, options)
      started.push({ url: String(url), limits: options?.resourceLimits })
    }
  }
  return { ...real, default: { ...real, Worker: Recorded }, Worker: Recorded }
})

const harness = harnessEachTest()

describe('the set writer worker', () => {
  it('runs with a small young generation and a ceiling on its old one', async () => {
    const h = await harness(600)
    const status = await h.sync.run()
    expect(status.error).toBeNull()
    const writers = started.filter((s) => s.url.includes('set-writer-worker'))
    expect(writers.length).toBeGreaterThan(0)
    for (const w of writers) {
      const limits = w.limits as {
        maxYoungGenerationSizeMb?: number
        maxOldGenerationSizeMb?: number
      }
      expect(limits.maxYoungGenerationSizeMb ?? Infinity).toBeLessThanOrEqual(8)
      expect(limits.maxOldGenerationSizeMb ?? Infinity).toBeLessThanOrEqual(128)
    }
  })
})
