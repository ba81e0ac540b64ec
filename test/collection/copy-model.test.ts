import fc from 'fast-check'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import type { ReferenceService } from '../../src/emulator/index'
import { COPY, pullCopies } from './copy-helpers'
import { pushHarness } from './service-harness'
import type { PushHarness } from './service-harness'
import { runs } from '../property-runs'

/**
 * Copy model test (issue #12): random adds, edits and deletes of copies across several sets,
 * offline and online, with pulls, restarts and injected faults. Every copy carries a unique note,
 * so a copy on a set it was not added to, or twice, shows. In the end the service's copies of each
 * set equal the app's and the model's, `modified` included.
 */

type Cmd =
  | { t: 'add'; set: number; modified: boolean }
  | { t: 'edit'; pick: number; modified: boolean }
  | { t: 'delete'; pick: number }
  | { t: 'net'; offline: boolean }
  | { t: 'fault'; kind: 'drop' | 'soap'; times: number }
  | { t: 'push' }
  | { t: 'pull' }
  | { t: 'restart' }

const SETS = 3
const pick = fc.nat({ max: 20 })
const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      t: fc.constant('add' as const),
      set: fc.nat({ max: SETS - 1 }),
      modified: fc.boolean()
    })
  },
  {
    weight: 3,
    arbitrary: fc.record({ t: fc.constant('edit' as const), pick, modified: fc.boolean() })
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('delete' as const), pick }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('net' as const), offline: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('fault' as const),
      kind: fc.constantFrom('drop' as const, 'soap' as const),
      times: fc.integer({ min: 1, max: 3 })
    })
  },
  { weight: 3, arbitrary: fc.constant({ t: 'push' as const }) },
  { weight: 1, arbitrary: fc.constant({ t: 'pull' as const }) },
  { weight: 1, arbitrary: fc.constant({ t: 'restart' as const }) }
)

interface ModelCopy {
  readonly localId: string
  readonly set: number
  notes: string
  modified: boolean
}

const shape = (copies: readonly { notes: string | null; modified: boolean }[]): string[] =>
  copies.map((c) => `${c.notes ?? ''}|${c.modified ? 'M' : '-'}`).sort()

async function run(cmds: Cmd[]): Promise<void> {
  const svc: ReferenceService = createReferenceService({ sets: 40, seed: 5 })
  const dir = mkdtempSync(join(tmpdir(), 'studbook-copy-model-'))
  const net = { offline: false }
  const fetch = (s: ReferenceService) => (req: Request) =>
    net.offline
      ? Promise.reject(new TypeError('fetch failed', { cause: new Error('ECONNREFUSED') }))
      : s.handle(req)
  let h: PushHarness = await pushHarness({ dir, svc, fetch })
  const ids = h.setIDs.slice(0, SETS)
  const model: ModelCopy[] = []
  let serial = 0
  try {
    for (const c of cmds) {
      if (c.t === 'add') {
        const setID = ids[c.set] ?? 0
        const notes = `set${c.set}-copy${++serial}`
        const saved = await h.handlers['collection:saveCopy']({
          setID,
          copy: { ...COPY, notes, modified: c.modified }
        })
        model.push({ localId: saved.localId, set: c.set, notes, modified: c.modified })
      } else if (c.t === 'edit' || c.t === 'delete') {
        const m = model[c.pick % Math.max(1, model.length)]
        if (!m) continue
        const setID = ids[m.set] ?? 0
        if (c.t === 'delete') {
          await h.handlers['collection:deleteCopy']({ setID, localId: m.localId })
          model.splice(model.indexOf(m), 1)
        } else {
          m.notes = `set${m.set}-copy${++serial}`
          m.modified = c.modified
          await h.handlers['collection:saveCopy']({
            setID,
            localId: m.localId,
            copy: { ...COPY, notes: m.notes, modified: m.modified }
          })
        }
      } else if (c.t === 'net') net.offline = c.offline
      else if (c.t === 'fault') {
        h.svc.admin.addFault({
          kind: c.kind === 'drop' ? { type: 'drop' } : { type: 'soapFault', who: 'server' },
          times: c.times
        })
      } else if (c.t === 'push') await h.pusher.push()
      else if (c.t === 'pull') {
        if (!net.offline) {
          for (const setID of ids) await pullCopies(h, setID).catch(() => undefined)
        }
      } else {
        const reuse = { userHash: h.secrets.userHash ?? '', setIDs: h.setIDs }
        h.close()
        h = await pushHarness({ dir, svc, reuse, fetch })
      }
    }
    net.offline = false
    h.svc.admin.clearFaults()
    await h.drain(40)
    const left = h.store.read.prepare('SELECT target, field, state, reason FROM outbox').all()
    expect(left).toEqual([])
    for (const [i, setID] of ids.entries()) {
      await pullCopies(h, setID)
      const want = shape(model.filter((m) => m.set === i))
      const onService = await h.client.v2.getCollectionDetail({ SetID: setID })
      expect(shape(onService), `service, set ${i}`).toEqual(want)
      const local = await h.handlers['collection:listCopies']({ setID })
      expect(shape(local), `app, set ${i}`).toEqual(want)
      expect(new Set(local.map((l) => l.collectionID)).size).toBe(local.length)
    }
  } finally {
    h.close()
    svc.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('copy model (fast-check)', () => {
  it('random copy edits offline and online, faults, pulls and restarts: each set holds exactly its copies', async () => {
    await fc.assert(fc.asyncProperty(fc.array(cmd, { minLength: 5, maxLength: 25 }), run), {
      numRuns: runs(12)
    })
  }, 240_000)
})
