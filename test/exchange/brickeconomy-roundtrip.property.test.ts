import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CSV_CHARS, catalogueArb, copyArb, seed, setArb, setEdits } from './collection-arbitraries'
import { ACQUIRED, exchangeHarness } from './store-fixtures'
import { runs } from '../property-runs'

/**
 * Our BrickEconomy export read back into the collection it came from changes nothing: no copy
 * offered twice, no quantity moved. (A condition BrickEconomy has no name for was written blank,
 * and the re-import offered the copy again.)
 */

const copy = copyArb({
  chars: CSV_CHARS,
  maxCents: 10_000_000,
  currencies: ['GBP', 'USD', 'EUR', 'CAD', 'DKK'],
  // Every condition the service lists, those BrickEconomy names and those it does not.
  acquired: ACQUIRED,
  now: ['Assembled'],
  textMax: 20
})
const collectionArb = catalogueArb(setArb(copy, {}))

describe('BrickEconomy round trip', () => {
  it('our export, imported into the collection it came from, changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(collectionArb, async (sets) => {
        const t = await exchangeHarness()
        try {
          seed(t, setEdits(t, sets))
          const file = await t.x['exchange:export']({
            format: 'brickeconomy',
            bom: false,
            saveWithDialog: false
          })
          let preview = await t.x['exchange:previewImport']({
            format: 'brickeconomy',
            content: file.content
          })
          // Every date fitting both orders: the user answers as the file was written, day first.
          if (preview.question !== null) {
            preview = await t.x['exchange:previewImport']({
              format: 'brickeconomy',
              content: file.content,
              dateOrder: 'dayFirst'
            })
          }
          expect(preview.problems).toEqual([])
          expect(preview.items).toEqual([])
          expect([preview.adds, preview.changes]).toEqual([0, 0])
        } finally {
          t.close()
        }
      }),
      { numRuns: runs(60) }
    )
    // 60 collections, each a real SQLite profile or two: minutes on a machine at load 20.
  })
})
