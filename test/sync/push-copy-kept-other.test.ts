import { afterEach, describe, expect, it } from 'vitest'
import { COPY, pullCopies } from '../collection/copy-helpers'
import { pushHarness } from '../collection/service-harness'
import type { PushHarness } from '../collection/service-harness'

/**
 * Issue #27 item 4: a copy's details count as confirmed only when the service's record holds the
 * values sent, not merely because the record is there. A service that answers OK and keeps other
 * details (here: it cuts notes to 8 characters) must leave the edit in the outbox as a conflict
 * showing both values, and the next pull must not write the service's values over the user's.
 */

let h: PushHarness
afterEach(() => {
  h.close()
})

const CUT = 8

/** A service that, while `cutting`, keeps only the first 8 characters of a copy's notes. */
async function cuttingService(): Promise<{ cutting: boolean }> {
  const sw = { cutting: false }
  let inside = false
  h = await pushHarness({
    fetch: (svc) => async (req) => {
      const body = await req.clone().text()
      const res = await svc.handle(req)
      if (!sw.cutting || inside || !/setCollectionDetail/.test(req.url + body)) return res
      // After the write, the service stores its own version of the record.
      inside = true
      try {
        for (const setID of h.setIDs.slice(0, 4)) {
          for (const r of await h.client.v2.getCollectionDetail({ SetID: setID })) {
            const notes = r.notes ?? ''
            if (notes.length <= CUT) continue
            await h.client.v2.setCollectionDetail({
              detail: { ...r, notes: notes.slice(0, CUT), deleted: false }
            })
          }
        }
      } finally {
        inside = false
      }
      return res
    }
  })
  return sw
}

const rows = () =>
  h.store.read.prepare('SELECT field, state, reason, desired, server FROM outbox').all() as {
    field: string
    state: string
    reason: string | null
    desired: string
    server: string | null
  }[]

const LONG = 'a note longer than the service keeps'

describe('a copy whose details the service keeps otherwise than sent', () => {
  it('an edit of a copy there: a conflict with both values, and the pull keeps the user’s', async () => {
    const sw = await cuttingService()
    const setID = h.setIDs[0] ?? 0
    const added = await h.handlers['collection:saveCopy']({
      setID,
      copy: { ...COPY, notes: 'mine' }
    })
    await h.drain()
    expect(rows()).toEqual([])
    sw.cutting = true
    await h.handlers['collection:saveCopy']({
      setID,
      localId: added.localId,
      copy: { ...COPY, notes: LONG }
    })
    expect(await h.pusher.push()).toMatchObject({ pushed: 0, conflicts: 1 })
    const [row] = rows()
    expect(row).toMatchObject({ field: 'copy', state: 'conflict' })
    expect(row?.reason).toMatch(/kept other details/)
    expect(JSON.parse(row?.desired ?? 'null')).toMatchObject({ notes: LONG })
    expect(JSON.parse(row?.server ?? 'null')).toMatchObject({ notes: LONG.slice(0, CUT) })
    // The next pull leaves the user's values as they are; the service's wait in the conflict.
    await pullCopies(h, setID)
    const [copy] = await h.handlers['collection:listCopies']({ setID })
    expect(copy).toMatchObject({ notes: LONG, sync: 'conflict' })
    // Another round sends nothing over it and leaves the conflict for the user.
    expect(await h.pusher.push()).toMatchObject({ pushed: 0 })
    expect(rows()).toMatchObject([{ state: 'conflict' }])
  })

  it('a new copy: its record is kept, the conflict shows both values, the pull keeps it', async () => {
    const sw = await cuttingService()
    const setID = h.setIDs[1] ?? 0
    sw.cutting = true
    const added = await h.handlers['collection:saveCopy']({ setID, copy: { ...COPY, notes: LONG } })
    await h.drain()
    const copyRows = rows().filter((r) => r.field === 'copy')
    expect(copyRows).toMatchObject([{ state: 'conflict' }])
    expect(JSON.parse(copyRows[0]?.server ?? 'null')).toMatchObject({
      notes: LONG.slice(0, CUT)
    })
    await pullCopies(h, setID)
    const copies = await h.handlers['collection:listCopies']({ setID })
    expect(copies).toHaveLength(1)
    expect(copies[0]).toMatchObject({ localId: added.localId, notes: LONG })
    expect(copies[0]?.collectionID).not.toBeNull()
  })

  it('keep theirs takes the service’s notes; keep mine sends again and meets the same', async () => {
    const sw = await cuttingService()
    const setID = h.setIDs[2] ?? 0
    const added = await h.handlers['collection:saveCopy']({ setID, copy: { ...COPY, notes: 'x' } })
    await h.drain()
    sw.cutting = true
    const edit = () =>
      h.handlers['collection:saveCopy']({
        setID,
        localId: added.localId,
        copy: { ...COPY, notes: LONG }
      })
    await edit()
    await h.pusher.push()
    const id = () => (h.store.read.prepare('SELECT id FROM outbox').get() as { id: number }).id
    await h.handlers['outbox:resolveConflict']({ id: id(), keep: 'mine' })
    expect(await h.pusher.push()).toMatchObject({ conflicts: 1 })
    await h.handlers['outbox:resolveConflict']({ id: id(), keep: 'theirs' })
    expect(rows()).toEqual([])
    const [copy] = await h.handlers['collection:listCopies']({ setID })
    expect(copy).toMatchObject({ notes: LONG.slice(0, CUT) })
  })
})
