import { describe, expect, it } from 'vitest'
import {
  bits,
  copiesOf,
  golden,
  goldenBytes,
  insertMinifig,
  labelsOf,
  setState
} from './store-fixtures'
import { exchangeEachTest } from './each-test'

/**
 * Studbook's own full CSV (test/fixtures/formats/studbook-full.csv) as a user meets it: imported
 * into an empty profile and exported back byte for byte, and refused when given as another
 * site's file. The other sites' files are in site-files.test.ts.
 */

const exchange = exchangeEachTest()

describe('our own full export', () => {
  it('the golden file imports into an empty profile, and exporting that gives the file back', async () => {
    const t = await exchange()
    // The service lists the user's minifigures with their names; the import sets the counts.
    insertMinifig(t.h.store, t.h.profileId, 'sw0001a', 'Luke Skywalker')
    insertMinifig(t.h.store, t.h.profileId, 'hp150', 'Harry Potter')
    const preview = await t.x['exchange:previewImport']({
      format: 'studbook',
      data: [goldenBytes('studbook-full.csv')]
    })
    expect(preview.problems).toEqual([])
    await t.x['exchange:applyImport']({ previewId: preview.previewId })
    expect(setState(t.h.store, t.id('10179-1'))).toEqual({
      owned: 1,
      wanted: 0,
      qty_owned: 3,
      notes: '  Kept in the loft, "mint"; see photos ',
      rating: 5,
      flags: bits(1, 3)
    })
    expect(copiesOf(t.h.store, t.id('10179-1')).map((c) => c.notes)).toEqual([
      '',
      '=first, from eBay'
    ])
    expect(labelsOf(t.h.store)).toEqual(['Displayed', '', 'Boxed (sealed)', '', '', '', '', ''])
    const again = await t.x['exchange:export']({
      format: 'studbook',
      bom: true,
      saveWithDialog: false
    })
    expect(again.content).toBe(golden('studbook-full.csv'))
  })

  it('imported as a Brickset file it is refused by name, and no quantity is lowered', async () => {
    const t = await exchange()
    const falcon = t.id('10179-1')
    await t.h.handlers['collection:updateSet']({ setID: falcon, patch: { qtyOwned: 3 } })
    const full = await t.x['exchange:export']({
      format: 'studbook',
      bom: true,
      saveWithDialog: false
    })
    await expect(
      Promise.resolve().then(() =>
        t.x['exchange:previewImport']({ format: 'collection', content: full.content })
      )
    ).rejects.toThrow(/Full Studbook CSV/)
    expect(setState(t.h.store, falcon)).toMatchObject({ qty_owned: 3 })
  })
})
