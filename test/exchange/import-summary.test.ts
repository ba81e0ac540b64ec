import { afterEach, describe, expect, it } from 'vitest'
import { createViewsHandlers } from '../../src/main/views/index'
import { savedQuery } from '../../src/shared/ipc/channels/views'
import type { ImportFormat, ImportPreviewDto } from '../../src/shared/model/exchange'
import { exchangeHarness, golden } from './store-fixtures'
import type { ExchangeHarness } from './store-fixtures'
import { rebrickableList } from './fixtures'

/**
 * The preview's first line counts every row read once, by what it does: to add, to change,
 * unchanged or not used, and those add up to the rows read. ("4 rows read: 1 to add, 3 to
 * change, … 2 not used" counted sets and flag names against rows.) Flag names are counted apart.
 */

let t: ExchangeHarness
afterEach(() => {
  t.close()
})

const sum = (p: ImportPreviewDto): number =>
  p.rowsBy.add + p.rowsBy.change + p.rowsBy.unchanged + p.rowsBy.notUsed

async function preview(format: ImportFormat, content: string): Promise<ImportPreviewDto> {
  return t.x['exchange:previewImport']({ format, content, dateOrder: 'dayFirst' })
}

describe('the import summary adds up', () => {
  it('the issue’s file: 4 rows, 2 of them unknown sets, and flag names apart', async () => {
    t = await exchangeHarness()
    await t.h.handlers['collection:updateSet']({ setID: t.id('75192-1'), patch: { qtyOwned: 1 } })
    const file = [
      'Number,Set name,Theme,Subtheme,Year,Pieces,Minifigs,RRP (GBP),RRP (USD),RRP (CAD),RRP (EUR),EAN,UPC,Width,Height,Depth,Weight,Notes,Qty owned,Qty owned new,Qty owned used,Wanted,Qty wanted,Priority,Displayed,Boxed,Flag 3 not used,Flag 4 not used,Flag 5 not used,Flag 6 not used,Flag 7 not used,Flag 8 not used,Value new (USD),Value used (USD),Launch date,Exit date',
      '10179-1,,,,,,,,,,,,,,,,,,1,,,No,0,,Yes,No,No,No,No,No,No,No,,,,',
      '75192-1,,,,,,,,,,,,,,,,,,2,,,No,0,,No,No,No,No,No,No,No,No,,,,',
      '99998-1,,,,,,,,,,,,,,,,,,1,,,No,0,,No,No,No,No,No,No,No,No,,,,',
      '99999-1,,,,,,,,,,,,,,,,,,1,,,No,0,,No,No,No,No,No,No,No,No,,,,'
    ].join('\r\n')
    const p = await preview('collection', file)
    expect(p.rows).toBe(4)
    expect(p.rowsBy).toEqual({ add: 1, change: 1, unchanged: 0, notUsed: 2 })
    expect(sum(p)).toBe(p.rows)
    expect(p.flagNames).toBe(2)
    expect(p.problemsTotal).toBe(p.rowsBy.notUsed)
  })

  it('every golden file, in its format, and again once applied (all unchanged)', async () => {
    const files: [ImportFormat, string][] = [
      ['collection', golden('brickset-sets-current.csv')],
      ['collection', golden('brickset-sets-older.csv')],
      ['rebrickable', golden('rebrickable-set-list.csv')],
      ['rebrickable', golden('rebrickable-set-list-inventory-id.csv')],
      ['rebrickable', golden('rebrickable-set-list-lowercase.csv')],
      ['brickeconomy', golden('brickeconomy-collection-eu.csv')],
      ['brickeconomy', golden('brickeconomy-sets.csv')],
      ['bricklink', golden('bricklink-wanted-list.xml')],
      ['studbook', golden('studbook-full.csv')]
    ]
    for (const [format, content] of files) {
      t = await exchangeHarness()
      const first = await preview(format, content)
      expect(sum(first), `${format}: ${JSON.stringify(first.rowsBy)}`).toBe(first.rows)
      expect(first.rowsBy.notUsed).toBe(first.problemsTotal)
      if (first.canApply) await t.x['exchange:applyImport']({ previewId: first.previewId })
      const again = await preview(format, content)
      expect(sum(again), `${format} again: ${JSON.stringify(again.rowsBy)}`).toBe(again.rows)
      expect(again.rowsBy.add + again.rowsBy.change).toBe(0)
      t.close()
    }
    t = await exchangeHarness()
  })

  it('repeated rows and saved views count once each', async () => {
    t = await exchangeHarness()
    const rebrickable = rebrickableList(
      '10179-1,1,True,1',
      '10179-1,2,True,1',
      'nonsense!,1,True,1'
    )
    const p = await preview('rebrickable', rebrickable)
    expect(p.rowsBy).toEqual({ add: 2, change: 0, unchanged: 0, notUsed: 1 })
    expect(sum(p)).toBe(p.rows)

    await t.h.handlers['collection:updateSet']({ setID: t.id('10179-1'), patch: { qtyOwned: 1 } })
    const views = createViewsHandlers({ store: t.h.store, profileId: () => t.h.profileId })
    views['views:save']({ name: 'Castles', query: savedQuery.parse({ text: 'castle' }) })
    const file = await t.x['exchange:export']({
      format: 'studbook',
      bom: false,
      saveWithDialog: false
    })
    const own = await preview('studbook', file.content)
    expect(own.rows).toBe(2)
    expect(own.rowsBy).toEqual({ add: 0, change: 0, unchanged: 2, notUsed: 0 })
  })
})
