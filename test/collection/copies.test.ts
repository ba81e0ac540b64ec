import { afterEach, describe, expect, it } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import type { ReferenceService } from '../../src/emulator/index'
import { applyServerCopies } from '../../src/main/collection/collection-sync-repo'
import type { CollectionDetailRecord } from '../../src/shared/protocol/records'
import { COPY, pullCopies, serviceCopy, shapeOf } from './copy-helpers'
import { recordedCopies } from './recorded-copies'
import { pushHarness } from './service-harness'
import type { PushHarness } from './service-harness'

/** Per-copy details (issue #12): a copy's only identity on the service is its collectionID. */

let h: PushHarness
afterEach(() => {
  h.close()
})

/** A harness whose network can be cut, and which keeps every request body it sent. */
async function harness(svc?: ReferenceService): Promise<{
  h: PushHarness
  net: { offline: boolean }
  bodies: string[]
}> {
  const net = { offline: false }
  const bodies: string[] = []
  const made = await pushHarness({
    ...(svc ? { svc } : {}),
    fetch: (s) => async (req) => {
      if (net.offline) throw new TypeError('fetch failed', { cause: new Error('ECONNREFUSED') })
      bodies.push(await req.clone().text())
      return s.handle(req)
    }
  })
  return { h: made, net, bodies }
}

const outbox = () =>
  h.store.read.prepare('SELECT target, field, state, reason FROM outbox ORDER BY id').all() as {
    target: string
    field: string
    state: string
    reason: string | null
  }[]

describe('copies stay with their set', () => {
  it('three copies added offline to A, B, then A again land on exactly their sets, once', async () => {
    const made = await harness()
    h = made.h
    const [a = 0, b = 0] = h.setIDs.slice(2)
    made.net.offline = true
    await h.handlers['collection:saveCopy']({ setID: a, copy: { ...COPY, notes: 'A-first' } })
    await h.handlers['collection:saveCopy']({ setID: b, copy: { ...COPY, notes: 'B-only' } })
    await h.handlers['collection:saveCopy']({ setID: a, copy: { ...COPY, notes: 'A-second' } })
    expect((await h.pusher.push()).stopped).not.toBeNull()
    made.net.offline = false
    await h.drain()
    expect(outbox()).toEqual([])
    const want = { [a]: ['A-first|49.5', 'A-second|49.5'], [b]: ['B-only|49.5'] }
    for (const round of [1, 2]) {
      for (const setID of [a, b]) {
        const onService = await h.client.v2.getCollectionDetail({ SetID: setID })
        expect(shapeOf(onService), `service set ${setID}, round ${round}`).toEqual(want[setID])
        await pullCopies(h, setID)
        const local = await h.handlers['collection:listCopies']({ setID })
        expect(shapeOf(local), `app set ${setID}, round ${round}`).toEqual(want[setID])
        expect(local.every((c) => c.sync === 'synced' && c.collectionID !== null)).toBe(true)
      }
      // A second sync sends nothing new and makes no duplicates.
      await h.drain()
    }
  })

  it('modified is kept: sent as the user set it, read back, and sent back unchanged', async () => {
    const made = await harness()
    h = made.h
    const setID = h.setIDs[3] ?? 0
    const saved = await h.handlers['collection:saveCopy']({
      setID,
      copy: { ...COPY, modified: true }
    })
    await h.drain()
    const [onService] = await h.client.v2.getCollectionDetail({ SetID: setID })
    expect(onService?.modified).toBe(true)
    await pullCopies(h, setID)
    const [local] = await h.handlers['collection:listCopies']({ setID })
    expect(local?.modified).toBe(true)
    await h.handlers['collection:saveCopy']({
      setID,
      localId: saved.localId,
      copy: { ...COPY, modified: true, notes: 'edited' }
    })
    made.bodies.length = 0
    await h.drain()
    const write = made.bodies.find((b) => b.includes('setCollectionDetail'))
    expect(write).toContain('<modified>true</modified>')
  })
})

describe('the recorded production copy', () => {
  it('21-08-18 decodes to 21 Aug 2018 and modified true', async () => {
    const made = await harness()
    h = made.h
    const setID = h.setIDs[4] ?? 0
    const [rec] = recordedCopies()
    expect(rec?.dateAcquired).toBe('21-08-18')
    applyServerCopies(h.store.write, h.profileId, setID, recordedCopies(), new Set(), 'now')
    const [local] = await h.handlers['collection:listCopies']({ setID })
    expect(local).toMatchObject({ dateAcquired: '2018-08-21', modified: true })
  })

  it('an unchanged date goes back as 21-08-18, byte for byte', async () => {
    const made = await harness()
    h = made.h
    const setID = h.setIDs[4] ?? 0
    const [rec] = recordedCopies()
    if (!rec) throw new Error('no record')
    const { collectionID: _, ...fields } = rec
    await serviceCopy(h.client, setID, fields)
    await pullCopies(h, setID)
    const [local] = await h.handlers['collection:listCopies']({ setID })
    if (!local) throw new Error('not pulled')
    expect(local.dateAcquired).toBe('2018-08-21')
    const { localId, collectionID: _id, setID: _s, sync: _y, ...value } = local
    const { keptLocal: _k, ...copy } = value as typeof value & { keptLocal?: unknown }
    await h.handlers['collection:saveCopy']({ setID, localId, copy: { ...copy, notes: 'Edited' } })
    made.bodies.length = 0
    await h.drain()
    expect(outbox()).toEqual([])
    const write = made.bodies.find((b) => b.includes('setCollectionDetail'))
    expect(write).toContain('<dateAcquired>21-08-18</dateAcquired>')
    const [after] = await h.client.v2.getCollectionDetail({ SetID: setID })
    expect(after).toMatchObject({ dateAcquired: '21-08-18', notes: 'Edited', modified: true })
  })
})

describe('a service where raising the quantity creates no copy record', () => {
  it('keeps new copies on this computer, marked, and writes nothing to another copy or set', async () => {
    const svc = createReferenceService({ sets: 60, seed: 7, quantityCreatesCopies: false })
    const made = await harness(svc)
    h = made.h
    const [a = 0, b = 0] = h.setIDs.slice(2)
    const all = async (): Promise<CollectionDetailRecord[]> =>
      (
        await Promise.all(
          (await h.client.v2.getSets({ pageSize: 60, pageNumber: 1 })).map((s) =>
            h.client.v2.getCollectionDetail({ SetID: s.setID })
          )
        )
      ).flat()
    const before = await all()
    await h.handlers['collection:saveCopy']({ setID: a, copy: { ...COPY, notes: 'mine A' } })
    await h.handlers['collection:saveCopy']({ setID: b, copy: { ...COPY, notes: 'mine B' } })
    const report = await h.pusher.push()
    expect(report.failed).toBeGreaterThan(0)
    await h.drain()
    expect(await all()).toEqual(before)
    expect(made.bodies.some((x) => x.includes('setCollectionDetail'))).toBe(false)
    for (const setID of [a, b]) {
      const [local] = await h.handlers['collection:listCopies']({ setID })
      expect(local).toMatchObject({ collectionID: null, keptLocal: true, sync: 'needs_attention' })
    }
    expect(outbox().filter((r) => r.target.startsWith('copy:'))).toEqual([
      expect.objectContaining({
        state: 'needs_attention',
        reason: 'kept on this computer: the service gave it no id'
      }),
      expect.objectContaining({ state: 'needs_attention' })
    ])
    svc.close()
  })
})
