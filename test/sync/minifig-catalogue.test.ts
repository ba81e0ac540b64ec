import { describe, expect, it } from 'vitest'
import { harnessEachTest, listedFigures } from './sync-pull-harness'
import { testEditSide } from '../collection/harness'

/**
 * Issue #14, item 6: the sync caches the catalogue's minifigures like its sets, so every figure the
 * service knows can be searched, each figure lists its sets and each set its figures.
 */

const harness = harnessEachTest()

/**
 * A catalogue of `sets` sets synced once without an error, an edit side over it (the caller
 * closes it), every figure listed, and those the user neither has nor wants.
 */
async function syncedFigures(sets: number) {
  const h = await harness(sets)
  expect((await h.sync.run()).error).toBeNull()
  const side = testEditSide(h.store, h.profiles)
  const all = await listedFigures(h)
  return { h, side, all, strangers: all.filter((f) => f.ownedTotal === 0 && !f.wanted) }
}

describe('the minifigure catalogue', () => {
  it('a sync brings every figure; a set lists as many figures as the set says it has', async () => {
    const { h, side, all, strangers } = await syncedFigures(600)
    const figs = side.handlers

    const mine = await figs['collection:listMinifigs']({ filter: 'owned', query: '' })
    // Far more figures than the user's: the catalogue's, most of them owned by nobody here.
    expect(all.length).toBeGreaterThan(mine.length * 5)
    const [stranger] = strangers
    if (!stranger) throw new Error('no figure outside the collection')
    expect(stranger.name).not.toBe('')
    expect(stranger.thumbnail).toMatch(/^media\/fig\//)
    // Searching by its name finds it though the user has none.
    const byName = await figs['collection:listMinifigs']({ filter: 'all', query: stranger.name })
    expect(byName.map((f) => f.minifigNumber)).toContain(stranger.minifigNumber)

    // Sets with figures: the figures listed add up to the set's own minifigure count.
    const { rows } = await h.search({ limit: 60 })
    let checked = 0
    for (const row of rows) {
      const set = await h.catalogue['catalog:getSet']({ setID: row.setID })
      const listed = await figs['collection:listSetMinifigs']({ setID: row.setID })
      expect(listed.reduce((n, f) => n + f.quantity, 0)).toBe(set.minifigs ?? 0)
      // Each figure of the set names the set among its own.
      for (const f of listed.slice(0, 2)) {
        const detail = await figs['collection:getMinifig']({ minifigNumber: f.minifigNumber })
        expect(detail.sets.find((s) => s.setID === row.setID)?.quantity).toBe(f.quantity)
      }
      if (listed.length > 0) checked++
    }
    expect(checked).toBeGreaterThan(10)
    await side.close()
  })

  it('a figure of the catalogue the user never had can be marked wanted', async () => {
    const {
      side,
      strangers: [stranger]
    } = await syncedFigures(300)
    if (!stranger) throw new Error('no figure outside the collection')
    const after = await side.handlers['collection:updateMinifig']({
      minifigNumber: stranger.minifigNumber,
      wanted: true
    })
    expect(after).toMatchObject({ wanted: true, name: stranger.name, sync: 'pending' })
    const wanted = await side.handlers['collection:listMinifigs']({ filter: 'wanted', query: '' })
    expect(wanted.map((f) => f.minifigNumber)).toContain(stranger.minifigNumber)
    await side.close()
  })

  it('a figure marked wanted with loose copies reaches the service; a website change is a conflict', async () => {
    const {
      h,
      side,
      strangers: [one, two]
    } = await syncedFigures(300)
    if (!one || !two) throw new Error('too few figures outside the collection')
    await side.handlers['collection:updateMinifig']({
      minifigNumber: one.minifigNumber,
      ownedLoose: 2,
      wanted: true
    })
    expect(await side.pusher.push()).toMatchObject({ conflicts: 0, failed: 0 })
    const client = h.profiles.client()
    // Looked up with the number in other letters: the service's answer is matched regardless.
    const listed = await client.v2.getMinifigCollection({
      query: one.minifigNumber.toUpperCase(),
      owned: '',
      wanted: ''
    })
    expect(listed.find((r) => r.minifigNumber === one.minifigNumber)).toMatchObject({
      ownedLoose: 2,
      wanted: true
    })
    const [mine] = await listedFigures(h, one.minifigNumber)
    expect(mine).toMatchObject({ ownedLoose: 2, wanted: true, sync: 'synced' })

    // The website changes the other figure after our edit was made and before it is sent.
    await side.handlers['collection:updateMinifig']({
      minifigNumber: two.minifigNumber,
      wanted: true
    })
    await client.v2.setMinifigCollection({
      minifigNumber: two.minifigNumber,
      qtyOwned: 3,
      wanted: 0
    })
    expect(await side.pusher.push()).toMatchObject({ conflicts: 1 })
    const after = await client.v2.getMinifigCollection({
      query: two.minifigNumber,
      owned: '',
      wanted: ''
    })
    expect(after.find((r) => r.minifigNumber === two.minifigNumber)).toMatchObject({
      ownedLoose: 3,
      wanted: false
    })
    await side.close()
  })
})
