import type * as WorkerThreads from 'node:worker_threads'
import type * as DecodePool from '../../src/main/service/decode-pool'
import { describe, expect, it, vi } from 'vitest'
import { asksForUserLists, harnessEachTest } from './sync-pull-harness'
import type { Harness } from './sync-pull-harness'
import { WORKER_THRESHOLD_BYTES } from '../../src/main/service/decode-pool'

/**
 * Issue #25: a catalogue load's records go from the decode worker to the set writer without
 * passing through the main thread's heap. Each 500-set page made there 1-2 MB of objects that
 * lived across several turns (its parts gathered, then sent on to the writer): they kept the main
 * isolate's young generation at its 32 MB ceiling and its old one growing, most of what the
 * connect's peak RSS held over the 200 MB goal (bench/memory-probe.mjs).
 *
 * What the main thread receives from a decoder is counted by listening where the pool does (the
 * decode worker, and the port of a thread lent to the pool): a set record in a message there is a
 * record the main thread deserialised.
 */
const seen = vi.hoisted(() => {
  /** A catalogue set as v3 (its `flat` record) or v2 gives it: it has a set number. */
  const isSet = (r: unknown): boolean =>
    typeof r === 'object' &&
    r !== null &&
    ('setID' in r || ('flat' in r && typeof r.flat === 'object' && r.flat !== null))
  const count = (value: unknown): number => {
    if (Array.isArray(value)) return value.filter(isSet).length
    if (typeof value !== 'object' || value === null) return 0
    return Object.values(value).reduce<number>((n, v) => n + count(v), 0)
  }
  const side = {
    setRecords: 0,
    /** Set lists that went elsewhere (the records' count only came here). */
    sentAway: 0,
    note: (m: unknown): void => {
      side.setRecords += count(m)
      if (typeof m !== 'object' || m === null || !('away' in m) || typeof m.away !== 'number')
        return
      // The figure pages go to the writer too, as their `minifigs` list.
      if (!('into' in m) || m.into !== 'minifigs') side.sentAway += m.away
    }
  }
  return side
})
vi.mock('node:worker_threads', async (importOriginal) => {
  const real = await importOriginal<typeof WorkerThreads>()
  class Counted extends real.Worker {
    constructor(url: string | URL, options?: WorkerThreads.WorkerOptions) {
      super(url, options)
      if (String(url).includes('decode-worker')) this.on('message', seen.note)
    }
  }
  return { ...real, default: { ...real, Worker: Counted }, Worker: Counted }
})
vi.mock('../../src/main/service/decode-pool', async (importOriginal) => {
  const real = await importOriginal<typeof DecodePool>()
  return {
    ...real,
    lendDecoder: (port: WorkerThreads.MessagePort) => {
      real.lendDecoder(port)
      port.on('message', seen.note)
    }
  }
})

const SETS = 2000

const harness = harnessEachTest()

/** Set records in the user's own lists (owned, wanted) that the decode worker sent back here. */
let collectionRecords = 0

async function firstLoad(x: Harness): Promise<void> {
  seen.setRecords = 0
  seen.sentAway = 0
  collectionRecords = 0
  x.intercept = async (req) => {
    if (!(await asksForUserLists(req))) return null
    const res = await x.svc.handle(req)
    const text = await res.clone().text()
    if (Buffer.byteLength(text) < WORKER_THRESHOLD_BYTES) return res
    collectionRecords += /\/api\/v3/i.test(req.url)
      ? ((JSON.parse(text) as { sets?: unknown[] }).sets?.length ?? 0)
      : (text.match(/<setID>/g) ?? []).length
    return res
  }
  const status = await x.sync.run()
  expect(status.error).toBeNull()
  const stored = x.store.read.prepare('SELECT count(*) FROM sets').pluck().get() as number
  expect(stored).toBe(SETS)
  // Every page was decoded off this thread, its records sent on to the writer.
  expect(seen.sentAway).toBe(SETS)
}

describe('a catalogue load from a file store', () => {
  it('over v3: no set record of a page is deserialised on the main thread', async () => {
    const h = await harness(SETS)
    await firstLoad(h)
    expect(h.pageVersions.every((v) => v === 'v3')).toBe(true)
    // Only the user's own lists come back here, which the collection's pull writes on this thread.
    expect(collectionRecords).toBeGreaterThan(0)
    expect(seen.setRecords).toBe(collectionRecords)
  })

  it('over v2: no set record of a page is deserialised on the main thread', async () => {
    const h = await harness(SETS)
    h.svc.admin.addFault({ service: 'v3', operation: 'getSets', kind: { type: 'bindingDisabled' } })
    await firstLoad(h)
    expect(h.pageVersions.filter((v) => v === 'v2').length).toBeGreaterThanOrEqual(SETS / 500)
    expect(collectionRecords).toBeGreaterThan(0)
    expect(seen.setRecords).toBe(collectionRecords)
  })
})
