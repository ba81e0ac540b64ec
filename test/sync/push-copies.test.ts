import { afterEach, describe, expect, it } from 'vitest'
import type { CollectionDetailRecord } from '../../src/shared/protocol/records'
import { COPY, pullCopies } from '../collection/copy-helpers'
import { pushHarness } from '../collection/service-harness'
import type { PushHarness } from '../collection/service-harness'
import { outboxRows } from './push-rig'

/**
 * One push round of a copy, checked without a pull in between: the round itself must finish
 * each delete and settle each new copy, or the user sees "pending" (or a copy back) until a
 * later round happens to mend it (docs/protocol.md §2).
 */

let h: PushHarness
afterEach(() => {
  h.close()
})

/** Request bodies the client sent, and a switch that makes the service ignore copy deletions. */
interface Net {
  readonly bodies: string[]
  /** While true, a setCollectionDetail with deleted=true reaches the service as deleted=false. */
  keepDeleted: boolean
}

async function harness(): Promise<Net> {
  const net: Net = { bodies: [], keepDeleted: false }
  h = await pushHarness({
    fetch: (svc) => async (req) => {
      const body = await req.clone().text()
      net.bodies.push(body)
      if (!net.keepDeleted || !/setCollectionDetail/.test(req.url + body)) return svc.handle(req)
      const ignored = body
        .replace(/<deleted>true<\/deleted>/g, '<deleted>false</deleted>')
        .replace(/deleted=true/g, 'deleted=false')
        .replace(/("deleted"\s*:\s*)(true|1)/g, '$1false')
      return svc.handle(
        new Request(req.url, { method: req.method, headers: req.headers, body: ignored })
      )
    }
  })
  return net
}

const outbox = () => outboxRows(h.store, 'field', 'state')

const storedCopies = (setID: number) =>
  h.store.read.prepare('SELECT local_id FROM copies WHERE set_id = ?').all(setID)

/** A copy added here and pushed: its localId and the service's collectionID. */
async function pushedCopy(setID: number, notes: string): Promise<{ localId: string; id: number }> {
  const added = await h.handlers['collection:saveCopy']({ setID, copy: { ...COPY, notes } })
  await h.drain()
  const listed = (await h.handlers['collection:listCopies']({ setID })).find(
    (c) => c.localId === added.localId
  )
  if (!listed?.collectionID) throw new Error('the copy got no service id')
  return { localId: added.localId, id: listed.collectionID }
}

const onService = async (setID: number) =>
  (await h.client.v2.getCollectionDetail({ SetID: setID })).map((r) => r.collectionID)

/** The service's record of one copy, as the service lists it now. */
async function serviceRecord(setID: number, collectionID: number): Promise<CollectionDetailRecord> {
  const records = await h.client.v2.getCollectionDetail({ SetID: setID })
  const record = records.find((r) => r.collectionID === collectionID)
  if (!record) throw new Error('the record is not on the service')
  return record
}

describe('deleting a copy the service holds', () => {
  it('one round removes the record there and the copy here, and the outbox is empty', async () => {
    await harness()
    const setID = h.setIDs[11] ?? 0
    const copy = await pushedCopy(setID, 'to delete')
    await h.handlers['collection:deleteCopy']({ setID, localId: copy.localId })
    expect(await h.pusher.push()).toMatchObject({ conflicts: 0, failed: 0 })
    expect(outbox()).toEqual([])
    expect(await onService(setID)).not.toContain(copy.id)
    expect(storedCopies(setID)).toEqual([])
  })

  it('a service that answers OK but keeps the record leaves the delete pending, copy hidden', async () => {
    const net = await harness()
    const setID = h.setIDs[12] ?? 0
    const copy = await pushedCopy(setID, 'stubborn')
    await h.handlers['collection:deleteCopy']({ setID, localId: copy.localId })
    net.keepDeleted = true
    await h.pusher.push()
    expect(await onService(setID)).toContain(copy.id)
    expect(outbox()).toEqual([{ field: 'copy', state: 'pending' }])
    expect(await h.handlers['collection:listCopies']({ setID })).toEqual([])
    // Once the service honours it, the next round finishes the delete.
    net.keepDeleted = false
    await h.pusher.push()
    expect(outbox()).toEqual([])
    expect(await onService(setID)).not.toContain(copy.id)
  })

  it('a copy the website already deleted is done without another write', async () => {
    const net = await harness()
    const setID = h.setIDs[13] ?? 0
    const copy = await pushedCopy(setID, 'gone there')
    const record = await serviceRecord(setID, copy.id)
    await h.client.v2.setCollectionDetail({ detail: { ...record, deleted: true } })
    await h.handlers['collection:deleteCopy']({ setID, localId: copy.localId })
    net.bodies.length = 0
    expect(await h.pusher.push()).toMatchObject({ conflicts: 0, failed: 0 })
    expect(outbox()).toEqual([])
    expect(storedCopies(setID)).toEqual([])
    expect(net.bodies.filter((b) => /setCollectionDetail/.test(b))).toEqual([])
  })

  it('a copy edited on the website since is not deleted: it becomes a conflict', async () => {
    await harness()
    const setID = h.setIDs[14] ?? 0
    const copy = await pushedCopy(setID, 'mine')
    const record = await serviceRecord(setID, copy.id)
    await h.client.v2.setCollectionDetail({ detail: { ...record, notes: 'edited on the site' } })
    await h.handlers['collection:deleteCopy']({ setID, localId: copy.localId })
    expect(await h.pusher.push()).toMatchObject({ conflicts: 1 })
    expect(await onService(setID)).toContain(copy.id)
    const [row] = await h.handlers['outbox:list']({})
    expect(row).toMatchObject({ field: 'copy', state: 'conflict' })
    expect(row?.server).toContain('edited on the site')
  })
})

describe('a new copy', () => {
  it('deleted before it was ever sent: nothing goes out, nothing is left', async () => {
    const net = await harness()
    const setID = h.setIDs[15] ?? 0
    await h.handlers['collection:updateSet']({ setID, patch: { qtyOwned: 1 } })
    await h.drain()
    const added = await h.handlers['collection:saveCopy']({ setID, copy: COPY })
    await h.handlers['collection:deleteCopy']({ setID, localId: added.localId })
    net.bodies.length = 0
    await h.pusher.push()
    expect(outbox().filter((r) => r.field === 'copy')).toEqual([])
    expect(storedCopies(setID)).toEqual([])
    expect(net.bodies.filter((b) => /CollectionDetail/.test(b))).toEqual([])
  })

  it('takes a fresh blank record, never the blank one a copy here already holds', async () => {
    await harness()
    const setID = h.setIDs[17] ?? 0
    await h.handlers['collection:updateSet']({ setID, patch: { qtyOwned: 1 } })
    await h.drain()
    await pullCopies(h, setID)
    const [held] = await onService(setID)
    expect(await h.handlers['collection:listCopies']({ setID })).toMatchObject([
      { collectionID: held }
    ])
    await h.handlers['collection:saveCopy']({ setID, copy: { ...COPY, notes: 'second' } })
    await h.drain()
    const copies = await h.handlers['collection:listCopies']({ setID })
    const second = copies.find((c) => c.notes === 'second')
    expect(second?.collectionID).not.toBeNull()
    expect(second?.collectionID).not.toBe(held)
    expect(new Set(copies.map((c) => c.collectionID)).size).toBe(copies.length)
    const records = await h.client.v2.getCollectionDetail({ SetID: setID })
    expect(records.find((r) => r.collectionID === held)?.notes ?? '').toBe('')
  })

  it('never takes a record someone filled in on the website', async () => {
    await harness()
    const setID = h.setIDs[18] ?? 0
    await h.handlers['collection:updateSet']({ setID, patch: { qtyOwned: 1 } })
    await h.drain()
    // The website fills the record the raise made, before any pull brought it here.
    const [record] = await h.client.v2.getCollectionDetail({ SetID: setID })
    if (!record) throw new Error('the service made no copy record')
    await h.client.v2.setCollectionDetail({
      detail: { ...record, notes: 'from the website', deleted: false }
    })
    await h.handlers['collection:saveCopy']({ setID, copy: { ...COPY, notes: 'mine' } })
    await h.drain()
    const records = await h.client.v2.getCollectionDetail({ SetID: setID })
    expect(records.find((r) => r.collectionID === record.collectionID)?.notes).toBe(
      'from the website'
    )
    expect(records.map((r) => r.notes).sort()).toEqual(['from the website', 'mine'])
  })

  it('one copy out, one in, the quantity as it was: the service makes the new one a record', async () => {
    await harness()
    const setID = h.setIDs[17] ?? 0
    const gone = await h.handlers['collection:saveCopy']({ setID, copy: { ...COPY, notes: 'A' } })
    await h.handlers['collection:saveCopy']({ setID, copy: { ...COPY, notes: 'B' } })
    await h.drain()
    await h.handlers['collection:deleteCopy']({ setID, localId: gone.localId })
    await h.handlers['collection:saveCopy']({ setID, copy: { ...COPY, notes: 'C' } })
    await h.handlers['collection:updateSet']({ setID, patch: { qtyOwned: 2 } })
    await h.drain()
    expect(outbox()).toEqual([])
    const records = await h.client.v2.getCollectionDetail({ SetID: setID })
    expect(records.map((r) => r.notes).sort()).toEqual(['B', 'C'])
    expect(h.svc.admin.getCollectionValue('demo', setID).qtyOwned).toBe(2)
  })

  it('waits, not kept local, while the quantity it needs is in conflict', async () => {
    await harness()
    const setID = h.setIDs[16] ?? 0
    await h.handlers['collection:updateSet']({ setID, patch: { qtyOwned: 1 } })
    await h.drain()
    const added = await h.handlers['collection:saveCopy']({ setID, copy: COPY })
    // The website gives the set up before the raise of this copy goes out: its record goes too,
    // so no blank record is there to take (with one there, push-conflict-scope.test.ts).
    await h.client.v2.setCollection_qtyOwned({ setID, qtyOwned: 0 })
    expect(await h.pusher.push()).toMatchObject({ conflicts: 1 })
    expect(outbox()).toEqual([
      { field: 'qtyOwned', state: 'conflict' },
      { field: 'copy', state: 'pending' }
    ])
    const [listed] = (await h.handlers['collection:listCopies']({ setID })).filter(
      (c) => c.localId === added.localId
    )
    expect(listed).toMatchObject({ collectionID: null, sync: 'pending' })
  })
})

/** A change the website makes to one detail of a copy that holds COPY's values. */
const WEBSITE_CHANGES: [keyof typeof COPY | 'modified', (r: CollectionDetailRecord) => unknown][] =
  [
    [
      'dateAcquired',
      (r) => (r.dateAcquired ?? '').replace(/\d\d$/, (d) => (d === '03' ? '04' : '03'))
    ],
    ['currency', () => 'USD'],
    ['pricePaid', () => 51.25],
    ['additionalPricePaid', () => 3],
    ['currentEstimatedValue', () => 99],
    ['conditionWhenAcquired', () => 'Used'],
    ['acquiredFrom', () => 'Market'],
    ['conditionNow', () => 'Sealed'],
    ['location', () => 'Loft'],
    ['notes', () => 'on the site'],
    ['parts', (r) => !r.parts],
    ['minifigs', (r) => !r.minifigs],
    ['instructions', (r) => !r.instructions],
    ['box', (r) => !r.box],
    ['willTrade', (r) => !r.willTrade],
    ['modified', (r) => !r.modified]
  ]

describe('a copy changed on the website while the user edits it', () => {
  it.each(WEBSITE_CHANGES)(
    'a change to %s alone is a conflict, never written over',
    async (field, to) => {
      await harness()
      const setID = h.setIDs[19] ?? 0
      const copy = await pushedCopy(setID, 'mine')
      const record = await serviceRecord(setID, copy.id)
      const changed = { ...record, [field]: to(record), deleted: false }
      await h.client.v2.setCollectionDetail({ detail: changed })
      const website = await serviceRecord(setID, copy.id)
      expect(website).not.toEqual(record)
      // The user edits another detail of the same copy.
      const other = field === 'location' ? { notes: 'mine, edited' } : { location: 'Attic' }
      await h.handlers['collection:saveCopy']({
        setID,
        localId: copy.localId,
        copy: { ...COPY, notes: 'mine', ...other }
      })
      expect(await h.pusher.push()).toMatchObject({ conflicts: 1 })
      expect(await serviceRecord(setID, copy.id)).toEqual(website)
    }
  )
})
