import fc from 'fast-check'
import { describe, expect } from 'vitest'
import { COPY, pullCopies } from './copy-helpers'
import { faultCmd, modelTest } from './model-rig'
import type { FaultCmd, ModelRig } from './model-rig'

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
  | FaultCmd
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
  { weight: 1, arbitrary: faultCmd(3) },
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

async function run(rig: ModelRig, cmds: Cmd[]): Promise<void> {
  const ids = rig.h.setIDs.slice(0, SETS)
  const model: ModelCopy[] = []
  let serial = 0
  for (const c of cmds) {
    if (c.t === 'add') {
      const setID = ids[c.set] ?? 0
      const notes = `set${c.set}-copy${++serial}`
      const saved = await rig.h.handlers['collection:saveCopy']({
        setID,
        copy: { ...COPY, notes, modified: c.modified }
      })
      model.push({ localId: saved.localId, set: c.set, notes, modified: c.modified })
    } else if (c.t === 'edit' || c.t === 'delete') {
      const m = model[c.pick % Math.max(1, model.length)]
      if (!m) continue
      const setID = ids[m.set] ?? 0
      if (c.t === 'delete') {
        await rig.h.handlers['collection:deleteCopy']({ setID, localId: m.localId })
        model.splice(model.indexOf(m), 1)
      } else {
        m.notes = `set${m.set}-copy${++serial}`
        m.modified = c.modified
        await rig.h.handlers['collection:saveCopy']({
          setID,
          localId: m.localId,
          copy: { ...COPY, notes: m.notes, modified: m.modified }
        })
      }
    } else if (c.t === 'net') rig.offline = c.offline
    else if (c.t === 'fault') {
      rig.injectFault(c)
    } else if (c.t === 'push') await rig.h.pusher.push()
    else if (c.t === 'pull') {
      if (!rig.offline) {
        for (const setID of ids) await pullCopies(rig.h, setID).catch(() => undefined)
      }
    } else {
      await rig.restart()
    }
  }
  rig.offline = false
  rig.h.svc.admin.clearFaults()
  await rig.h.drain(40)
  const left = rig.h.store.read.prepare('SELECT target, field, state, reason FROM outbox').all()
  expect(left).toEqual([])
  for (const [i, setID] of ids.entries()) {
    await pullCopies(rig.h, setID)
    const want = shape(model.filter((m) => m.set === i))
    const onService = await rig.h.client.v2.getCollectionDetail({ SetID: setID })
    expect(shape(onService), `service, set ${i}`).toEqual(want)
    const local = await rig.h.handlers['collection:listCopies']({ setID })
    expect(shape(local), `app, set ${i}`).toEqual(want)
    expect(new Set(local.map((l) => l.collectionID)).size).toBe(local.length)
  }
}

describe('copy model (fast-check)', () => {
  modelTest(
    'random copy edits offline and online, faults, pulls and restarts: each set holds exactly its copies',
    { name: 'copy-model', seed: 5 },
    cmd,
    run
  )
})
