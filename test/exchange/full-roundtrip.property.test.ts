import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Edit } from '../../src/main/collection/edits-types'
import {
  CSV_CHARS,
  catalogueArb,
  copyArb,
  seed,
  setArb,
  setEdits,
  text
} from './collection-arbitraries'
import { exchangeHarness, noticedSets } from './store-fixtures'
import type { ExchangeHarness } from './store-fixtures'
import { runs } from '../property-runs'

/**
 * The full export is the user's portable backup in text: any collection, exported and imported into
 * an empty profile of the same catalogue, comes back field for field.
 */

// The CSV characters, and brackets and an emoji besides: the full export writes them all back.
const CHARS = [...CSV_CHARS, '(', ')', '🧱']
const label = fc
  .array(fc.constantFrom('a', 'B', ' ', '(', ')', ';', ',', '"', 'é', '1'), {
    minLength: 1,
    maxLength: 20
  })
  .map((cs) => cs.join('').trim())
const copy = copyArb({
  chars: CHARS,
  maxCents: 100_000_000,
  currencies: ['GBP', 'USD', 'EUR', 'CAD'],
  acquired: ['New', 'Used - complete', 'Sealed'],
  now: ['Assembled', 'MISB'],
  textMax: 30
})
const setArbFull = setArb(copy, {
  notes: text(60, CHARS),
  rating: fc.integer({ min: 0, max: 5 }),
  flags: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 })
})

const collectionArb = fc.record({
  // Flags are matched by name (flag-match.ts), and no two flags share one: a repeated name is blank.
  labels: fc
    .array(fc.option(label, { nil: '' }), { minLength: 8, maxLength: 8 })
    .map((ls) =>
      ls.map((l, i) => (ls.slice(0, i).some((o) => o.toLowerCase() === l.toLowerCase()) ? '' : l))
    ),
  sets: catalogueArb(setArbFull),
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
  edits.push(...setEdits(t, c.sets))
  for (const m of c.minifigs) {
    edits.push({
      kind: 'minifig',
      minifigNumber: m.number,
      value: { ownedLoose: m.ownedLoose, wanted: m.wanted }
    })
  }
  seed(t, edits)
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
    sets: noticedSets(t.h.store),
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
  })
})
