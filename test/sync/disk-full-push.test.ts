import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import { dispatch } from '../../src/main/ipc/dispatch'
import type { Handlers } from '../../src/shared/ipc/contract'
import { pushHarness } from '../collection/service-harness'
import type { PushHarness } from '../collection/service-harness'
import { mountSmallDisk } from '../store/small-disk'
import type { SmallDisk } from '../store/small-disk'
import { outboxRows } from './push-rig'

/**
 * Issue #13 item 6 on a real full disk (a 6 MB tmpfs): edits refused while it is full say so in
 * their own words; a push whose local bookkeeping fails parks nothing; once space returns every
 * acknowledged edit reaches the service.
 */
const disk = mountSmallDisk(6)
const svc = createReferenceService({ sets: 60, seed: 21 })
let h: PushHarness

beforeAll(async () => {
  if (!disk) return
  const dir = join(disk.dir, 'data')
  mkdirSync(dir)
  h = await pushHarness({ dir, svc })
})

afterAll(() => {
  svc.close()
  if (!disk) return
  disk.free()
  try {
    h.close()
  } finally {
    disk.unmount()
  }
})

const rows = () => outboxRows(h.store, 'target', 'field', 'state', 'reason')

describe.skipIf(disk === null)('a full disk during edits and pushes', () => {
  it('nothing is parked and every acknowledged edit reaches the service once space returns', async () => {
    const d = disk as SmallDisk
    const handlers = h.handlers as unknown as Handlers
    const acked = new Map<number, string>()
    const edit = async (setID: number, notes: string) => {
      const r = await dispatch(handlers, 'collection:updateSet', { setID, patch: { notes } })
      if (r.ok) acked.set(setID, notes)
      return r
    }
    const ids = h.setIDs.slice(0, 12)
    for (const id of ids.slice(0, 6)) expect((await edit(id, `before ${id}`)).ok).toBe(true)

    d.fill()
    // The service applies each write; recording that here fails, so the rows must stay pending.
    const report = await h.pusher.push()
    expect(report.stopped).toBe('disk_full')
    expect(rows().every((r) => r.state === 'pending')).toBe(true)

    const refused = []
    for (const id of ids.slice(6)) {
      const r = await edit(id, `while full ${id}`)
      if (!r.ok) refused.push(r.error)
    }
    expect(refused.length).toBeGreaterThan(0)
    for (const e of refused) {
      expect(e.code).toBe('disk_full')
      expect(e.message).toMatch(/disk.*full/i)
      expect(e.retryable).toBe(true)
    }

    d.free()
    for (const id of ids.slice(6)) {
      if (!acked.has(id)) expect((await edit(id, `after ${id}`)).ok).toBe(true)
    }
    await h.drain()
    expect(rows()).toEqual([])
    for (const [setID, notes] of acked) {
      expect(svc.admin.getCollectionValue('demo', setID).notes).toBe(notes)
    }
  })
})
