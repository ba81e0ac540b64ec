import { describe, expect, it } from 'vitest'
import { harnessEachTest } from './sync-pull-harness'

const harness = harnessEachTest()

const all = { limit: 500, facets: true }

describe('collection pull', () => {
  it("brings the user's owned and wanted sets, notes, flags, rating, labels and copies", async () => {
    const h = await harness(400)
    const status = await h.sync.run()
    expect(status.error).toBeNull()
    const owned = await h.search({ ...all, owned: true })
    expect(owned.total).toBeGreaterThan(0)
    const username = h.svc.demo.username
    for (const row of owned.rows) {
      const server = h.svc.admin.getCollectionValue(username, row.setID)
      expect(row.collection).toMatchObject({
        owned: server.owned,
        wanted: server.wanted,
        qtyOwned: server.qtyOwned,
        notes: server.notes,
        rating: server.rating,
        flags: server.flags,
        sync: 'synced'
      })
    }
    const wanted = await h.search({ ...all, wanted: true })
    for (const row of wanted.rows) {
      expect(h.svc.admin.getCollectionValue(username, row.setID).wanted).toBe(true)
    }
    expect(owned.facets?.owned).toBe(owned.total)
    const copies = h.store.read.prepare('SELECT count(*) AS n FROM copies').get() as { n: number }
    expect(copies.n).toBeGreaterThan(0)
  })

  it('never overwrites a set that has a local edit waiting in the outbox', async () => {
    const h = await harness(400)
    await h.sync.run()
    const owned = await h.search({ ...all, owned: true })
    const a = owned.rows[0]
    const b = owned.rows[1]
    if (!a || !b) throw new Error('demo collection too small')
    const pid = h.profiles.active().id
    const now = new Date().toISOString()
    h.store.write
      .prepare(`UPDATE set_state SET notes = 'local edit' WHERE profile_id = ? AND set_id = ?`)
      .run(pid, a.setID)
    h.store.write
      .prepare(
        `INSERT INTO outbox (profile_id, set_id, target, field, desired, base, created_at, updated_at)
         VALUES (?, ?, ?, 'notes', '"local edit"', ?, ?, ?)`
      )
      .run(pid, a.setID, `set:${a.setID}`, JSON.stringify(a.collection.notes), now, now)
    const username = h.svc.demo.username
    h.svc.admin.setCollectionValue(username, a.setID, { notes: 'changed on the website' })
    h.svc.admin.setCollectionValue(username, b.setID, {
      notes: 'changed on the website',
      qtyOwned: 7
    })
    h.changed.length = 0
    await h.sync.run()
    const detailA = await h.catalogue['catalog:getSet']({ setID: a.setID })
    expect(detailA.collection.notes).toBe('local edit')
    expect(detailA.collection.sync).toBe('pending')
    const detailB = await h.catalogue['catalog:getSet']({ setID: b.setID })
    expect(detailB.collection).toMatchObject({ notes: 'changed on the website', qtyOwned: 7 })
    expect(h.changed.some((c) => c.scope === 'collection' && c.setIDs.includes(b.setID))).toBe(true)
  })
})
