import { afterEach, describe, expect, it } from 'vitest'
import { flagLabelsOf } from '../../src/shared/protocol/v3-flag-labels'
import { insertSets } from '../collection/harness'
import { COPY } from '../collection/copy-helpers'
import { pushHarness } from '../collection/service-harness'
import type { PushHarness } from '../collection/service-harness'
import { outboxRows } from './push-rig'

let h: PushHarness
afterEach(() => {
  h.close()
})

const rows = () => outboxRows(h.store, 'target', 'field', 'state', 'reason', 'server')

// A non-ASCII note: it must survive the SOAP body and the read-back comparison.
const copy = { ...COPY, notes: 'café' }

describe('pusher against the reference service', () => {
  it('sends every kind of edit with the right operation, then the outbox is empty', async () => {
    h = await pushHarness()
    const [a = 0, b = 0] = h.setIDs.slice(1)
    await h.handlers['collection:updateSet']({
      setID: a,
      patch: { qtyOwned: 3, notes: 'Tom & Jerry <3>', rating: 4, flags: { '2': true, '7': true } }
    })
    await h.handlers['collection:updateSet']({ setID: b, patch: { wanted: true } })
    await h.handlers['flags:setLabel']({ flagNo: 7, label: 'Lent out' })
    const report = await h.pusher.push()
    expect(report).toMatchObject({ conflicts: 0, failed: 0, stopped: null })
    expect(rows()).toEqual([])
    expect(h.svc.admin.getCollectionValue('demo', a)).toEqual({
      owned: true,
      wanted: false,
      qtyOwned: 3,
      notes: 'Tom & Jerry <3>',
      rating: 4,
      flags: [false, true, false, false, false, false, true, false]
    })
    expect(h.svc.admin.getCollectionValue('demo', b)).toMatchObject({ owned: false, wanted: true })
    const labels = await h.client.v3.getUserFlagLabels()
    expect(flagLabelsOf(labels).find((f) => f.flagNo === 7)?.label).toBe('Lent out')
    expect(
      (await h.handlers['collection:updateSet']({ setID: a, patch: { rating: 4 } })).sync
    ).toBe('synced')
  })

  it('copies: an added copy gets its service id; edit and delete follow', async () => {
    h = await pushHarness()
    const setID = h.setIDs[5] ?? 0
    const added = await h.handlers['collection:saveCopy']({ setID, copy })
    await h.drain()
    expect(rows()).toEqual([])
    const [listed] = await h.handlers['collection:listCopies']({ setID })
    expect(listed?.collectionID).toBeGreaterThan(0)
    expect(listed?.sync).toBe('synced')
    const onServer = await h.client.v2.getCollectionDetail({ SetID: setID })
    expect(onServer.find((r) => r.collectionID === listed?.collectionID)).toMatchObject({
      pricePaid: 49.5,
      notes: 'café'
    })

    await h.handlers['collection:saveCopy']({
      setID,
      localId: added.localId,
      copy: { ...copy, pricePaid: 60 }
    })
    await h.drain()
    expect(
      (await h.client.v2.getCollectionDetail({ SetID: setID })).find(
        (r) => r.collectionID === listed?.collectionID
      )?.pricePaid
    ).toBe(60)

    await h.handlers['collection:deleteCopy']({ setID, localId: added.localId })
    await h.drain()
    expect(rows()).toEqual([])
    expect(
      (await h.client.v2.getCollectionDetail({ SetID: setID })).some(
        (r) => r.collectionID === listed?.collectionID
      )
    ).toBe(false)
    expect(
      h.store.read.prepare('SELECT count(*) AS n FROM copies WHERE local_id = ?').get(added.localId)
    ).toEqual({ n: 0 })
  })

  it('copies changed or removed on the website: an edit conflicts, a delete is simply done', async () => {
    h = await pushHarness()
    const setID = h.setIDs[10] ?? 0
    const a = await h.handlers['collection:saveCopy']({ setID, copy })
    const b = await h.handlers['collection:saveCopy']({ setID, copy: { ...copy, notes: 'second' } })
    await h.drain()
    const [ca, cb] = await h.handlers['collection:listCopies']({ setID })
    expect(ca?.collectionID).not.toBe(cb?.collectionID)
    // The website edits one copy and deletes the other.
    await h.client.v2.getCollectionDetail({ SetID: setID })
    await h.client.v2.setCollectionDetail({
      detail: {
        collectionID: ca?.collectionID ?? 0,
        ...copy,
        pricePaid: 1,
        modified: false,
        deleted: false
      }
    })
    await h.client.v2.setCollectionDetail({
      detail: {
        collectionID: cb?.collectionID ?? 0,
        ...copy,
        notes: 'second',
        modified: false,
        deleted: true
      }
    })
    await h.handlers['collection:saveCopy']({
      setID,
      localId: a.localId,
      copy: { ...copy, pricePaid: 2 }
    })
    await h.handlers['collection:deleteCopy']({ setID, localId: b.localId })
    await h.pusher.push()
    const left = await h.handlers['outbox:list']({})
    expect(left).toHaveLength(1)
    expect(left[0]).toMatchObject({ field: 'copy', state: 'conflict' })
    expect(left[0]?.server).toContain('"pricePaid":1')
    expect(left[0]?.desired).toContain('"pricePaid":2')
  })

  it('a value changed on the website since the edit becomes a conflict; theirs or mine resolves it', async () => {
    h = await pushHarness()
    const setID = h.setIDs[6] ?? 0
    await h.handlers['collection:updateSet']({ setID, patch: { notes: 'mine' } })
    h.svc.admin.setCollectionValue('demo', setID, { notes: 'from the website' })
    const report = await h.pusher.push()
    expect(report.conflicts).toBe(1)
    expect(rows()).toEqual([
      {
        target: `set:${setID}`,
        field: 'notes',
        state: 'conflict',
        reason: 'Changed on the service since your edit.',
        server: '"from the website"'
      }
    ])
    // Nothing was overwritten: both values are kept.
    expect(h.svc.admin.getCollectionValue('demo', setID).notes).toBe('from the website')
    const [item] = await h.handlers['outbox:list']({})
    expect(item).toMatchObject({ desired: 'mine', server: 'from the website', state: 'conflict' })

    await h.handlers['outbox:resolveConflict']({ id: item?.id ?? 0, keep: 'mine' })
    await h.drain()
    expect(rows()).toEqual([])
    expect(h.svc.admin.getCollectionValue('demo', setID).notes).toBe('mine')

    await h.handlers['collection:updateSet']({ setID, patch: { rating: 2 } })
    h.svc.admin.setCollectionValue('demo', setID, { rating: 5 })
    await h.pusher.push()
    const [again] = await h.handlers['outbox:list']({})
    await h.handlers['outbox:resolveConflict']({ id: again?.id ?? 0, keep: 'theirs' })
    expect(rows()).toEqual([])
    expect(
      (await h.handlers['collection:updateSet']({ setID, patch: { wanted: false, notes: 'mine' } }))
        .rating
    ).toBe(5)
  })

  it('the server already holding the desired value (a crash after the write) is confirmed, not a conflict', async () => {
    h = await pushHarness()
    const setID = h.setIDs[7] ?? 0
    await h.handlers['collection:updateSet']({
      setID,
      patch: { notes: 'written before the crash' }
    })
    h.svc.admin.setCollectionValue('demo', setID, { notes: 'written before the crash' })
    expect(await h.pusher.push()).toMatchObject({ conflicts: 0 })
    expect(rows()).toEqual([])
  })

  it('a transient fault leaves the row; the next round sends it', async () => {
    h = await pushHarness()
    const setID = h.setIDs[8] ?? 0
    await h.handlers['collection:updateSet']({ setID, patch: { notes: 'n1' } })
    await h.pusher.push() // learns what the service offers
    await h.handlers['collection:updateSet']({ setID, patch: { notes: 'n2' } })
    const remove = h.svc.admin.addFault({
      operation: 'setCollection_userNotes',
      kind: { type: 'soapFault', who: 'server' },
      times: 1
    })
    await h.pusher.push()
    expect(rows()).toMatchObject([{ field: 'notes', state: 'pending' }])
    remove()
    await h.pusher.push()
    expect(rows()).toEqual([])
    expect(h.svc.admin.getCollectionValue('demo', setID).notes).toBe('n2')
  })

  it('a permanent refusal moves the row to needs_attention with the reason; retry and discard work', async () => {
    h = await pushHarness()
    insertSets(h.store, h.profileId, [987654]) // known locally, unknown to the service
    await h.handlers['collection:updateSet']({ setID: 987654, patch: { wanted: true } })
    await h.pusher.push()
    expect(rows()).toMatchObject([{ field: 'wanted', state: 'needs_attention' }])
    expect(rows()[0]?.reason).toMatch(/invalid setID/)
    const [item] = await h.handlers['outbox:list']({})
    expect((await h.handlers['outbox:retry']({ id: item?.id ?? 0 }))[0]?.state).toBe('pending')
    await h.pusher.push()
    expect(await h.handlers['outbox:discard']({ id: item?.id ?? 0 })).toEqual([])
    expect(
      (await h.handlers['collection:updateSet']({ setID: 987654, patch: { notes: 'x' } })).wanted
    ).toBe(false)
  })

  it('signed out: rows wait; offline: rows wait and the round stops', async () => {
    h = await pushHarness()
    const setID = h.setIDs[9] ?? 0
    await h.handlers['collection:updateSet']({ setID, patch: { wanted: true } })
    const hash = h.secrets.userHash
    if (hash === undefined) throw new Error('the harness signs in')
    delete h.secrets.userHash
    expect(await h.pusher.push()).toMatchObject({ stopped: 'signed_out' })
    h.secrets.userHash = hash
    h.svc.admin.addFault({ kind: { type: 'drop' } })
    expect((await h.pusher.push()).stopped).toMatch(/offline|connection_reset/)
    expect(rows()).toMatchObject(
      [{ state: 'pending' }, { state: 'pending' }].slice(0, rows().length)
    )
    h.svc.admin.clearFaults()
    await h.drain()
    expect(rows()).toEqual([])
  })
})
