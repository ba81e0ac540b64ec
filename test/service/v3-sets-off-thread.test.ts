import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import type { ReferenceService } from '../../src/emulator/index'
import {
  currentDecodeWorker,
  decodeOffThread,
  stopDecodeWorker
} from '../../src/main/service/decode-pool'
import type { DecodeInput } from '../../src/main/service/decode-response'
import { createServiceClient } from '../../src/main/service/index'
import { setsOfPage } from '../../src/main/sync/pull/v3-sets'
import { AppError } from '../../src/shared/errors'
import { V3_POST } from '../fixtures/service/build'
import { postV3GetSets } from './reference-v3'

/**
 * A 500-set v3 getSets page is checked and read record by record in the decode worker: the main
 * thread receives records ready to store, in parts, and never runs the page schema or the mapping
 * itself (the schema cost ~100 ms a page on a loaded machine, issue 25). Every function of the two
 * shared v3 modules is counted here but `v3SetsRefusal` and `v3PageRefusal`, which count and
 * format the worker's rejections and run no schema; the worker runs its own copies, which these counters do not see.
 */
const mainSide = vi.hoisted(() => {
  const side = {
    calls: 0,
    counted(real: Record<string, unknown>): Record<string, unknown> {
      const out: Record<string, unknown> = {}
      for (const [name, value] of Object.entries(real)) {
        out[name] =
          typeof value === 'function' && name !== 'v3SetsRefusal' && name !== 'v3PageRefusal'
            ? (...args: unknown[]): unknown => {
                side.calls += 1
                return (value as (...a: unknown[]) => unknown)(...args)
              }
            : value
      }
      return out
    }
  }
  return side
})
vi.mock('../../src/shared/protocol/v3-sets', async (importOriginal) =>
  mainSide.counted(await importOriginal())
)
vi.mock('../../src/shared/protocol/v3-set-records', async (importOriginal) =>
  mainSide.counted(await importOriginal())
)

type Obj = Record<string, unknown>
const BASE = 'https://reference.test'

let svc: ReferenceService
let raw: Obj[] = []
beforeAll(async () => {
  svc = createReferenceService({ sets: 600, seed: 3 })
  const res = await postV3GetSets(svc, { pageSize: 500, orderBy: 'Number' })
  raw = ((await res.json()) as { sets: Obj[] }).sets
})
afterAll(async () => {
  svc.close()
  await stopDecodeWorker()
})

/** The page with a key no schema knows on every set: a checked record has it dropped. */
function body(sets: readonly Obj[], matches = 600): string {
  return JSON.stringify({
    status: 'success',
    matches,
    sets: sets.map((s) => ({ ...s, x_unknown: 'dropped by the check' }))
  })
}

function input(text: string): DecodeInput {
  return { ...V3_POST, body: text }
}

describe('a 500-set v3 getSets page is checked off the main thread', () => {
  it('reaches the pull as checked records without the main thread running the schema', async () => {
    expect(raw).toHaveLength(500)
    const text = body(raw)
    expect(text.length).toBeGreaterThan(128 * 1024)
    const client = createServiceClient({
      profile: { baseUrl: BASE },
      secrets: () => ({ apiKey: svc.demo.apiKey }),
      fetch: (req) =>
        /\/v3\.asmx\/getSets$/i.test(new URL(req.url).pathname)
          ? Promise.resolve(new Response(text, { headers: { 'content-type': 'text/html' } }))
          : svc.handle(req)
    })
    mainSide.calls = 0
    const answer = setsOfPage(await client.v3.getSets({ params: { pageSize: 500 } }))
    expect(mainSide.calls).toBe(0)
    expect(answer?.matches).toBe(600)
    expect(answer?.sets.map((s) => s.setID)).toEqual(raw.map((s) => s['setID']))
  })

  it('arrives in parts of at most 100 records', async () => {
    const call = decodeOffThread(input(body(raw)))
    const worker = currentDecodeWorker()
    expect(worker).not.toBeNull()
    const parts: number[] = []
    worker?.on('message', (m: { part?: unknown[] }) => {
      if (m.part !== undefined) parts.push(m.part.length)
    })
    const answer = (await call) as { sets: { flat: Obj; collection: unknown }[] }
    expect(parts.length).toBeGreaterThanOrEqual(5)
    expect(Math.max(...parts)).toBeLessThanOrEqual(100)
    expect(answer.sets).toHaveLength(500)
    // Read as the catalogue stores it: v2's flat record, the year as text, unknown keys gone.
    const first = answer.sets[0]?.flat
    expect(first?.['setID']).toBe(raw[0]?.['setID'])
    expect(first?.['year']).toBe(String(raw[0]?.['year']))
    expect(first?.['x_unknown']).toBeUndefined()
  })

  it('a worker that dies between parts costs the answer nothing: no record lost or doubled', async () => {
    const call = decodeOffThread(input(body(raw)))
    const first = currentDecodeWorker()
    first?.once('message', () => {
      void first.terminate()
    })
    const answer = (await call) as { sets: { flat: Obj }[] }
    expect(currentDecodeWorker()).not.toBe(first)
    expect(answer.sets.map((s) => s.flat['setID'])).toEqual(raw.map((s) => s['setID']))
  })

  it('ends with a typed error, not a throw, for a page longer than any page asked for', async () => {
    const sets = [...raw, ...raw.slice(0, 1).map((s) => ({ ...s, setID: 9_999_999 }))]
    const outcome = await decodeOffThread(input(body(sets))).then(
      () => null,
      (e: unknown) => e
    )
    expect(outcome).toBeInstanceOf(AppError)
    expect(outcome).toMatchObject({
      code: 'bad_record',
      detail: { service: 'v3', operation: 'getSets', field: 'sets' }
    })
  })

  it('reports each bad record on its own; the pull stores the rest and counts them', async () => {
    const sets = raw.map((s) => structuredClone(s))
    const bad = sets[137] as Obj
    bad['collection'] = { owned: true, qtyOwned: -1 }
    const twice = sets[300] as Obj
    twice['setID'] = (sets[10] as Obj)['setID']
    const answer = (await decodeOffThread(input(body(sets)))) as {
      sets: Obj[]
      rejected: { index: number; id: number | null; field: string }[]
    }
    expect(answer.sets).toHaveLength(498)
    expect(answer.rejected).toEqual([
      expect.objectContaining({ index: 137, id: bad['setID'], field: 'collection.qtyOwned' }),
      expect.objectContaining({ index: 300, id: twice['setID'], field: 'setID' })
    ])
    // Two odd records of 500 are not a different format (issue 27): the rest is stored.
    const page = setsOfPage(answer as never)
    expect(page?.sets).toHaveLength(498)
    expect(page?.rejected.map((r) => r.index)).toEqual([137, 300])
  })
})
