import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { applyEdits } from '../../src/main/collection/edits'
import type { CopyValue, Edit } from '../../src/main/collection/edits-types'
import { setEdit } from '../../src/main/collection/edits-types'
import { ACQUIRED, CATALOGUE, exchangeHarness } from './store-fixtures'
import { runs } from '../property-runs'

/**
 * Our BrickEconomy export read back into the collection it came from changes nothing: no copy
 * offered twice, no quantity moved. (A condition BrickEconomy has no name for was written blank,
 * and the re-import offered the copy again.)
 */

const CHARS = [
  'a',
  'Z',
  '7',
  ' ',
  '"',
  ',',
  ';',
  '\t',
  '\n',
  '\r\n',
  '=',
  '+',
  '-',
  '@',
  "'",
  'é',
  '€'
]
const text = (max: number) =>
  fc.array(fc.constantFrom(...CHARS), { maxLength: max }).map((cs) => cs.join('').slice(0, max))
const money = fc.integer({ min: 0, max: 10_000_000 }).map((n) => n / 100)
const isoDate = fc.oneof(
  fc.constant(''),
  fc
    .date({
      min: new Date('1970-01-01T00:00:00Z'),
      max: new Date('2025-12-31T00:00:00Z'),
      noInvalidDate: true
    })
    .map((d) => d.toISOString().slice(0, 10))
)

const copyArb: fc.Arbitrary<CopyValue> = fc.record({
  dateAcquired: isoDate,
  currency: fc.constantFrom('', 'GBP', 'USD', 'EUR', 'CAD', 'DKK'),
  pricePaid: money,
  additionalPricePaid: money,
  currentEstimatedValue: money,
  // Every condition the service lists, those BrickEconomy names and those it does not.
  conditionWhenAcquired: fc.constantFrom('', ...ACQUIRED),
  acquiredFrom: text(20),
  conditionNow: fc.constantFrom('', 'Assembled'),
  location: text(20),
  notes: text(40),
  parts: fc.boolean(),
  minifigs: fc.boolean(),
  instructions: fc.boolean(),
  box: fc.boolean(),
  willTrade: fc.boolean(),
  modified: fc.boolean()
})

const setArb = fc
  .record({
    qty: fc.integer({ min: 0, max: 3 }),
    wanted: fc.boolean(),
    copies: fc.array(copyArb, { maxLength: 3 })
  })
  .map((s) => ({ ...s, copies: s.copies.slice(0, s.qty) }))

const collectionArb = fc.array(fc.option(setArb, { nil: null }), {
  minLength: CATALOGUE.length,
  maxLength: CATALOGUE.length
})

describe('BrickEconomy round trip', () => {
  it('our export, imported into the collection it came from, changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(collectionArb, async (sets) => {
        const t = await exchangeHarness()
        try {
          const edits: Edit[] = []
          let n = 0
          sets.forEach((s, i) => {
            const [number, variant] = CATALOGUE[i] ?? ['', 1]
            if (!s) return
            const setID = t.id(`${number}-${variant}`)
            if (s.qty > 0) edits.push(setEdit(setID, 'qtyOwned', s.qty))
            if (s.wanted) edits.push(setEdit(setID, 'wanted', true))
            for (const value of s.copies) {
              edits.push({ kind: 'copy', setID, localId: `c-${++n}`, value })
            }
          })
          if (edits.length > 0) {
            applyEdits(
              t.h.store.write,
              t.h.profileId,
              edits,
              { kind: 'new', description: 's' },
              'x'
            )
          }
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
  }, 180_000)
})
