import type * as WorkerThreads from 'node:worker_threads'
import { describe, expect, it, vi } from 'vitest'
import { harnessEachTest } from './sync-pull-harness'

/**
 * Issue #25: a catalogue load runs one worker thread, not two. Each thread's isolate, heap and
 * allocator held 25-35 MB of the host's RSS while the pages came; with the decode worker and the
 * set writer both alive, the connect's peak stayed 40 MB over its 200 MB goal. While a set writer
 * lives it decodes the service's answers too (service/decode-pool.ts `lendDecoder`): the pool's
 * own decode worker neither starts nor answers meanwhile.
 */
const events = vi.hoisted(
  () => [] as { at: number; what: 'start' | 'exit' | 'answer'; name: string; id: number }[]
)
vi.mock('node:worker_threads', async (importOriginal) => {
  const real = await importOriginal<typeof WorkerThreads>()
  class Watched extends real.Worker {
    constructor(url: string | URL, options?: WorkerThreads.WorkerOptions) {
      super(url, options)
      const name = String(url).includes('decode-worker')
        ? 'decode'
        : String(url).includes('set-writer-worker')
          ? 'writer'
          : 'other'
      const id = this.threadId
      const note = (what: 'start' | 'exit' | 'answer') => {
        events.push({ at: performance.now(), what, name, id })
      }
      note('start')
      this.on('message', () => {
        note('answer')
      })
      this.once('exit', () => {
        note('exit')
      })
    }
  }
  return { ...real, default: { ...real, Worker: Watched }, Worker: Watched }
})

const SETS = 2000

const harness = harnessEachTest()

/** Each writer's life, [start, exit]. */
function writerLives(): [number, number][] {
  const lives: [number, number][] = []
  for (const e of events.filter((x) => x.name === 'writer' && x.what === 'start')) {
    const end = events.find((x) => x.id === e.id && x.what === 'exit')
    lives.push([e.at, end?.at ?? Infinity])
  }
  return lives
}

describe('a catalogue load from a file store', () => {
  it('decodes its pages on the set writer: no decode worker starts or answers meanwhile', async () => {
    const h = await harness(SETS)
    events.length = 0
    const status = await h.sync.run()
    expect(status.error).toBeNull()
    expect(h.store.read.prepare('SELECT count(*) FROM sets').pluck().get()).toBe(SETS)
    // Figures too: every writer of the sync (sets, then figures).
    const lives = writerLives()
    expect(lives.length).toBeGreaterThanOrEqual(2)
    const during = (at: number) => lives.some(([from, to]) => at > from && at < to)
    const decode = events.filter((e) => e.name === 'decode' && e.what !== 'exit')
    expect(decode.filter((e) => during(e.at))).toEqual([])
  })
})
