import fc from 'fast-check'
import { describe, expect } from 'vitest'
import type { CollectionValue } from '../../src/emulator/index'
import { readSet } from '../../src/main/collection/collection-state-repo'
import type { SetFieldValues } from '../../src/main/collection/edits-types'
import type { SetPatch } from '../../src/shared/ipc/channels/collection'
import { faultCmd, modelTest } from './model-rig'
import type { FaultCmd, ModelRig } from './model-rig'

/**
 * Model test: random local edits, website changes behind our back, network faults and
 * restarts. Then: conflicts only where the website changed a field, always where it changed one
 * with our edit pending; after "keep mine" the service equals the last local edit of every field.
 */

type Cmd =
  | { t: 'edit'; set: number; patch: SetPatch }
  | { t: 'web'; set: number; field: 'notes' | 'rating'; n: number }
  | FaultCmd
  | { t: 'push' }
  | { t: 'restart' }

const SETS = 3
const set = fc.integer({ min: 0, max: SETS - 1 })
const patch: fc.Arbitrary<SetPatch> = fc.oneof(
  fc.record({ owned: fc.boolean() }),
  fc.record({ wanted: fc.boolean() }),
  fc.record({ qtyOwned: fc.integer({ min: 0, max: 4 }) }),
  fc.record({ notes: fc.integer({ min: 0, max: 5 }).map((n) => (n === 0 ? '' : `loc-${n}`)) }),
  fc.record({ rating: fc.integer({ min: 0, max: 4 }) }),
  fc.record({ flags: fc.record({ '1': fc.boolean() }) }),
  fc.record({ flags: fc.record({ '2': fc.boolean() }) })
)
const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ t: fc.constant('edit' as const), set, patch }) },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('web' as const),
      set,
      field: fc.constantFrom('notes' as const, 'rating' as const),
      n: fc.integer({ min: 1, max: 3 })
    })
  },
  { weight: 1, arbitrary: faultCmd(4) },
  { weight: 3, arbitrary: fc.constant({ t: 'push' as const }) },
  { weight: 1, arbitrary: fc.constant({ t: 'restart' as const }) }
)

const FIELDS = ['owned', 'wanted', 'qtyOwned', 'notes', 'rating', 'flag1', 'flag2'] as const

function serverField(v: CollectionValue, f: (typeof FIELDS)[number]): unknown {
  if (f === 'flag1') return v.flags[0]
  if (f === 'flag2') return v.flags[1]
  return v[f]
}

async function run(rig: ModelRig, cmds: Cmd[]): Promise<void> {
  const ids = rig.h.setIDs.slice(0, SETS)
  const edited = new Set<string>()
  const webFields = new Set<string>()
  const mustConflict = new Set<string>()
  const pendingRow = (key: string): { state: string } | undefined => {
    const [id, field] = key.split('/')
    return rig.h.store.read
      .prepare('SELECT state FROM outbox WHERE target = ? AND field = ?')
      .get(`set:${id ?? ''}`, field) as { state: string } | undefined
  }
  for (const c of cmds) {
    const id = ids[c.t === 'edit' || c.t === 'web' ? c.set : 0] ?? 0
    if (c.t === 'edit') {
      for (const f of FIELDS) {
        const touched = f.startsWith('flag')
          ? c.patch.flags?.[f.slice(4) as '1'] !== undefined
          : f in c.patch ||
            (f === 'qtyOwned' && 'owned' in c.patch) ||
            (f === 'owned' && 'qtyOwned' in c.patch)
        if (!touched) continue
        const key = `${id}/${f}`
        // Editing a field in conflict is the user's answer: the website value has been seen.
        if (pendingRow(key)?.state === 'conflict') mustConflict.delete(key)
      }
      await rig.h.handlers['collection:updateSet']({ setID: id, patch: c.patch })
      // An edit that changed nothing locally is no edit (the app shows what it knows).
      for (const f of FIELDS) if (pendingRow(`${id}/${f}`)) edited.add(`${id}/${f}`)
    } else if (c.t === 'web') {
      const key = `${id}/${c.field}`
      const value = c.field === 'notes' ? `web-${c.n}` : 5
      // Writing the value the service already holds changes nothing there: nothing to detect.
      const changes = rig.h.svc.admin.getCollectionValue('demo', id)[c.field] !== value
      webFields.add(key)
      if (pendingRow(key)?.state === 'pending') {
        if (changes) mustConflict.add(key)
      }
      // With nothing of ours pending, the website's value stands until the user edits again.
      else if (!pendingRow(key)) edited.delete(key)
      rig.h.svc.admin.setCollectionValue('demo', id, { [c.field]: value })
    } else if (c.t === 'fault') {
      rig.injectFault(c)
    } else if (c.t === 'push') {
      await rig.h.pusher.push()
    } else {
      await rig.restart()
    }
  }
  rig.h.svc.admin.clearFaults()
  await rig.h.drain(40)
  const rows = rig.h.store.read.prepare('SELECT target, field, state FROM outbox').all() as {
    target: string
    field: string
    state: string
  }[]
  const conflicts = new Set(
    rows.filter((r) => r.state === 'conflict').map((r) => `${r.target.slice(4)}/${r.field}`)
  )
  expect(rows.filter((r) => r.state !== 'conflict')).toEqual([])
  for (const key of conflicts) expect(webFields, `spurious conflict ${key}`).toContain(key)
  for (const key of mustConflict) expect(conflicts, `missed conflict ${key}`).toContain(key)

  // The user answers after a round has read each conflict again (a website change made while
  // it waited shows then); answering before would rightly meet that change as a new conflict.
  await rig.h.pusher.push()
  for (const item of await rig.h.handlers['outbox:list']({})) {
    await rig.h.handlers['outbox:resolveConflict']({ id: item.id, keep: 'mine' })
  }
  await rig.h.drain(40)
  expect(rig.h.store.read.prepare('SELECT count(*) AS n FROM outbox').get()).toEqual({ n: 0 })
  for (const key of edited) {
    const [idText = '', field = 'owned'] = key.split('/')
    const local = readSet(rig.h.store.read, rig.h.profileId, Number(idText))
    const server = rig.h.svc.admin.getCollectionValue('demo', Number(idText))
    expect(serverField(server, field as (typeof FIELDS)[number]), key).toEqual(
      local[field as keyof SetFieldValues]
    )
  }
}

describe('outbox model (fast-check)', () => {
  modelTest(
    'random edits, website changes, faults and restarts: nothing lost, conflicts exactly where due',
    { name: 'model', seed: 3 },
    cmd,
    run
  )
})
