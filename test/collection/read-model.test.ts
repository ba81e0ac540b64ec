import { afterEach, describe, expect, it } from 'vitest'
import { completeCopy } from './copy-helpers'
import { editHarness } from './harness'
import type { EditHarness } from './harness'

/** The Totals screen's counts and the minifigure list, read from what the user owns. */

let h: EditHarness
afterEach(() => {
  h.close()
})

/** A figure as the pull stores it: in the catalogue, with the user's counts. */
function figure(number: string, name: string, inSets: number, loose: number, wanted = false) {
  h.store.write
    .prepare(
      `INSERT INTO minifigs (profile_id, minifig_number, name, category) VALUES (?, ?, ?, 'Castle')`
    )
    .run(h.profileId, number, name)
  h.store.write
    .prepare(
      `INSERT INTO minifig_state (profile_id, minifig_number, name, category, owned_in_sets,
         owned_loose, wanted, updated_at) VALUES (?, ?, ?, 'Castle', ?, ?, ?, '2026-01-01')`
    )
    .run(h.profileId, number, name, inSets, loose, wanted ? 1 : 0)
}

describe('totals', () => {
  it('count sets, units, pieces and figures as owned', async () => {
    h = await editHarness()
    await h.handlers['collection:updateSet']({ setID: 1, patch: { qtyOwned: 2 } })
    await h.handlers['collection:updateSet']({ setID: 2, patch: { owned: true } })
    await h.handlers['collection:updateSet']({ setID: 3, patch: { wanted: true } })
    figure('cas001', 'Knight', 2, 1)
    figure('cas002', 'Archer', 0, 0, true)
    const t = await h.handlers['collection:getTotals']({})
    expect(t).toMatchObject({
      setsOwned: 3,
      distinctSetsOwned: 2,
      setsWanted: 1,
      // The harness's sets have 100 pieces each: three units.
      piecesOwned: 300,
      minifigsOwned: 3,
      minifigsWanted: 1
    })
    expect(t.byTheme).toEqual([{ theme: 'Castle', owned: 3 }])
  })

  it('are all zero for an empty collection', async () => {
    h = await editHarness()
    expect(await h.handlers['collection:getTotals']({})).toMatchObject({
      setsOwned: 0,
      distinctSetsOwned: 0,
      setsWanted: 0,
      piecesOwned: 0,
      minifigsOwned: 0,
      minifigsWanted: 0,
      money: [],
      byTheme: [],
      byYear: [],
      overTime: []
    })
  })

  it('chart money month by month in order, however the copies were entered', async () => {
    h = await editHarness()
    const copy = (dateAcquired: string, pricePaid: number) =>
      completeCopy({ dateAcquired, currency: 'EUR', pricePaid, currentEstimatedValue: 0 })
    await h.handlers['collection:saveCopy']({ setID: 1, copy: copy('2024-05-02', 5) })
    await h.handlers['collection:saveCopy']({ setID: 2, copy: copy('2023-11-20', 20) })
    await h.handlers['collection:saveCopy']({ setID: 3, copy: copy('2024-01-09', 10) })
    const [eur] = (await h.handlers['collection:getTotals']({})).overTime
    expect(eur?.points.map((p) => [p.month, p.paid])).toEqual([
      ['2023-11', 20],
      ['2024-01', 30],
      ['2024-05', 35]
    ])
  })
})

describe('the minifigure list', () => {
  it('adds figures in sets and loose ones into one owned total', async () => {
    h = await editHarness()
    figure('cas001', 'Knight', 2, 1)
    const [fig] = await h.handlers['collection:listMinifigs']({ filter: 'all', query: '' })
    expect(fig).toMatchObject({ ownedInSets: 2, ownedLoose: 1, ownedTotal: 3, thumbnail: null })
  })

  it('searches % and _ as the characters typed, not as wildcards', async () => {
    h = await editHarness()
    figure('cas001', '100% Knight', 0, 1)
    figure('cas002', '1000 Knight', 0, 1)
    figure('cas_03', 'Archer', 0, 1)
    figure('casx04', 'Archer', 0, 1)
    const find = async (query: string) =>
      (await h.handlers['collection:listMinifigs']({ filter: 'all', query })).map(
        (f) => f.minifigNumber
      )
    expect(await find('100%')).toEqual(['cas001'])
    expect(await find('cas_')).toEqual(['cas_03'])
    expect(await find('  knight ')).toEqual(['cas001', 'cas002'])
  })
})
