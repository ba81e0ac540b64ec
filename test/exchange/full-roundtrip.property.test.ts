import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { applyEdits } from '../../src/main/collection/edits'
import type { CopyValue, Edit } from '../../src/main/collection/edits-types'
import { flagField, setEdit } from '../../src/main/collection/edits-types'
import { CATALOGUE, exchangeHarness } from './store-fixtures'
import type { ExchangeHarness } from './store-fixtures'
import { runs } from '../property-runs'

/**
 * The full export is the user's portable backup in text: any collection, exported and imported into
 * an empty profile of the same catalogue, comes back field for field.
 */

// Text that stresses CSV and spreadsheets: separators, quotes, line breaks, formula starts,
// surrounding spaces, a leading apostrophe, non-ASCII.
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
  '(',
  ')',
  'é',
  '€',
  '🧱'
]
const text = (max: number) =>
  fc.array(fc.constantFrom(...CHARS), { maxLength: max }).map((cs) => cs.join('').slice(0, max))
const label = fc
  .array(fc.constantFrom('a', 'B', ' ', '(', ')', ';', ',', '"', 'é', '1'), {
    minLength: 1,
    maxLength: 20
  })
  .map((cs) => cs.join('').trim())
const money = fc.integer({ min: 0, max: 100_000_000 }).map((n) => n / 100)
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
  currency: fc.constantFrom('', 'GBP', 'USD', 'EUR', 'CAD'),
  pricePaid: money,
  additionalPricePaid: money,
  currentEstimatedValue: money,
  conditionWhenAcquired: fc.constantFrom('', 'New', 'Used - complete', 'Sealed'),
  acquiredFrom: text(30),
  conditionNow: fc.constantFrom('', 'Assembled', 'MISB'),
  location: text(30),
  notes: text(60),
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
    notes: text(60),
    rating: fc.integer({ min: 0, max: 5 }),
    flags: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
    copies: fc.array(copyArb, { maxLength: 3 })
  })
  .map((s) => ({ ...s, copies: s.copies.slice(0, s.qty) }))

const collectionArb = fc.record({
  // Flags are matched by name (flag-match.ts), and no two flags share one: a repeated name is blank.
  labels: fc
    .array(fc.option(label, { nil: '' }), { minLength: 8, maxLength: 8 })
    .map((ls) =>
      ls.map((l, i) => (ls.slice(0, i).some((o) => o.toLowerCase() === l.toLowerCase()) ? '' : l))
    ),
  sets: fc.array(fc.option(setArb, { nil: null }), {
    minLength: CATALOGUE.length,
    maxLength: CATALOGUE.length
  }),
  minifigs: fc.uniqueArray(
    fc.record({
      number: fc.constantFrom('sw0001a', 'hp150', 'col123', 'njo001', 'cty0999'),
      ownedLoose: fc.integer({ min: 0, max: 5 }),
      wanted: fc.boolean()
    }),
    { selector: (m) => m.number, maxLength: 4 }
  )
})

type Collection = typeof collectionArb extends fc.Arbitrary<infer T> ? T : never

function write(t: ExchangeHarness, c: Collection): void {
  const edits: Edit[] = []
  c.labels.forEach((value, i) => {
    if (value !== '') edits.push({ kind: 'label', flagNo: i + 1, value })
  })
  let n = 0
  c.sets.forEach((s, i) => {
    const [number, variant] = CATALOGUE[i] ?? ['', 1]
    if (!s) return
    const setID = t.id(`${number}-${variant}`)
    if (s.qty > 0) edits.push(setEdit(setID, 'qtyOwned', s.qty))
    if (s.wanted) edits.push(setEdit(setID, 'wanted', true))
    if (s.notes !== '') edits.push(setEdit(setID, 'notes', s.notes))
    if (s.rating > 0) edits.push(setEdit(setID, 'rating', s.rating))
    s.flags.forEach((on, f) => {
      if (on) edits.push(setEdit(setID, flagField(f + 1), true))
    })
    for (const value of s.copies) edits.push({ kind: 'copy', setID, localId: `src-${++n}`, value })
  })
  for (const m of c.minifigs) {
    edits.push({
      kind: 'minifig',
      minifigNumber: m.number,
      value: { ownedLoose: m.ownedLoose, wanted: m.wanted }
    })
  }
  if (edits.length > 0) {
    applyEdits(t.h.store.write, t.h.profileId, edits, { kind: 'new', description: 'seed' }, 'x')
  }
}

/** The collection as stored, in a form that does not depend on local ids or row order. */
function read(t: ExchangeHarness): unknown {
  const db = t.h.store.read
  const copies = db
    .prepare(
      `SELECT set_id, date_acquired, currency, price_paid, additional_price_paid,
         current_estimated_value, condition_when_acquired, acquired_from, condition_now, location,
         notes, parts, minifigs, instructions, box, will_trade, modified
       FROM copies WHERE deleted = 0`
    )
    .all()
    .map((r) => JSON.stringify(r))
    .sort()
  return {
    sets: db
      .prepare(
        `SELECT set_id, owned, wanted, qty_owned, notes, rating, flags FROM set_state
         WHERE owned = 1 OR wanted = 1 OR qty_owned > 0 OR notes <> '' OR rating > 0 OR flags <> 0
         ORDER BY set_id`
      )
      .all(),
    copies,
    minifigs: db
      .prepare(
        `SELECT minifig_number, owned_loose, wanted FROM minifig_state
         WHERE owned_loose > 0 OR wanted = 1 ORDER BY minifig_number`
      )
      .all(),
    labels: db
      .prepare("SELECT flag_no, label FROM flag_labels WHERE label <> '' ORDER BY flag_no")
      .all()
  }
}

describe('full Studbook CSV round trip', () => {
  it('random collections → full export → import into an empty profile → identical', async () => {
    await fc.assert(
      fc.asyncProperty(collectionArb, fc.boolean(), async (c, bom) => {
        const source = await exchangeHarness()
        const target = await exchangeHarness()
        try {
          write(source, c)
          const file = await source.x['exchange:export']({
            format: 'studbook',
            bom,
            saveWithDialog: false
          })
          const preview = await target.x['exchange:previewImport']({
            format: 'studbook',
            content: file.content
          })
          expect(preview.problems).toEqual([])
          if (preview.items.length > 0) {
            await target.x['exchange:applyImport']({ previewId: preview.previewId })
          }
          expect(read(target)).toEqual(read(source))
        } finally {
          source.close()
          target.close()
        }
      }),
      { numRuns: runs(60) }
    )
    // 60 collections, each a real SQLite profile or two: minutes on a machine at load 20.
  }, 180_000)
})
