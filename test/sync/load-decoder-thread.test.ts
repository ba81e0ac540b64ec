import type * as WorkerThreads from 'node:worker_threads'
import { describe, expect, it, vi } from 'vitest'
import { stopDecodeWorker } from '../../src/main/service/decode-pool'
import { asksForUserLists, harnessEachTest } from './sync-pull-harness'

/**
 * Issue #25: a catalogue load runs one worker thread, not two. Each thread's isolate, heap and
 * allocator held 25-35 MB of the host's RSS while the pages came; with the decode worker and the
 * set writer both alive, the connect's peak stayed 40 MB over its 200 MB goal. While a set writer
 * lives it decodes the service's answers too (service/decode-pool.ts `lendDecoder`): the pool's
 * own decode worker neither starts nor answers meanwhile.
 *
 * And one thread a sync: each start costs 100-200 ms of CPU before any work. A first sync used to
 * start five (a writer for the set pages, another for the figures, and the decoder again before,
 * between and after them); the sync's one writer now lives from its start to its end.
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

/** From here on, threads are counted; a decoder left from before would serve without a start. */
async function countFromHere(): Promise<void> {
  await stopDecodeWorker()
  events.length = 0
}

describe('a catalogue load from a file store', () => {
  it('decodes its pages on the set writer: no decode worker starts or answers meanwhile', async () => {
    const h = await harness(SETS)
    await countFromHere()
    const status = await h.sync.run()
    expect(status.error).toBeNull()
    expect(h.store.read.prepare('SELECT count(*) FROM sets').pluck().get()).toBe(SETS)
    // One writer for the whole sync: the set pages, the figures, and the collection's answers.
    expect(writerLives()).toHaveLength(1)
    expect(events.filter((e) => e.what === 'start')).toHaveLength(1)
    expect(events.filter((e) => e.name === 'decode')).toEqual([])
  })

  it('gives the main connection its checkpoints back once the catalogue is written', async () => {
    const h = await harness(300)
    const own = h.store.write.pragma('wal_autocheckpoint', { simple: true })
    // Read as the collection is asked for, after the catalogue's writes, while the thread lives on.
    const seen: unknown[] = []
    h.intercept = async (req) => {
      if (await asksForUserLists(req))
        seen.push(h.store.write.pragma('wal_autocheckpoint', { simple: true }))
      return null
    }
    expect((await h.sync.run()).error).toBeNull()
    expect(seen.length).toBeGreaterThan(0)
    expect(seen.every((v) => v === own)).toBe(true)
  })

  it('a full sync over a cached catalogue starts one thread too', async () => {
    const h = await harness(300)
    expect((await h.sync.run()).error).toBeNull()
    await countFromHere()
    expect((await h.sync.run({ full: true })).error).toBeNull()
    expect(events.filter((e) => e.what === 'start').map((e) => e.name)).toEqual(['writer'])
  })
})
