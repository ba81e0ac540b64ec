import fc from 'fast-check'
import { applyEdits } from '../../src/main/collection/edits'
import type { CopyValue, Edit } from '../../src/main/collection/edits-types'
import { flagField, setEdit } from '../../src/main/collection/edits-types'
import { CATALOGUE } from './store-fixtures'
import type { ExchangeHarness } from './store-fixtures'

/**
 * Random collections for the round-trip property tests (full Studbook CSV, BrickEconomy): one
 * source of text, money, dates, copies and sets, so both formats are tried against the same
 * hostile values and a new field is added to both at once.
 */

/** Text that stresses CSV and spreadsheets: separators, quotes, line breaks, formula starts,
 * surrounding spaces, a leading apostrophe, non-ASCII. */
export const CSV_CHARS = [
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

export const text = (max: number, chars: readonly string[] = CSV_CHARS): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...chars), { maxLength: max }).map((cs) => cs.join('').slice(0, max))

/** An amount of money up to `maxCents` cents, in whole cents. */
export const money = (maxCents: number): fc.Arbitrary<number> =>
  fc.integer({ min: 0, max: maxCents }).map((n) => n / 100)

/** A calendar date as the exports write it, or none. */
export const isoDate = fc.oneof(
  fc.constant(''),
  fc
    .date({
      min: new Date('1970-01-01T00:00:00Z'),
      max: new Date('2025-12-31T00:00:00Z'),
      noInvalidDate: true
    })
    .map((d) => d.toISOString().slice(0, 10))
)

export interface CopyChoices {
  readonly chars: readonly string[]
  readonly maxCents: number
  readonly currencies: readonly string[]
  readonly acquired: readonly string[]
  readonly now: readonly string[]
  /** Longest place text (acquired from, location); notes run to twice this. */
  readonly textMax: number
}

export function copyArb(o: CopyChoices): fc.Arbitrary<CopyValue> {
  return fc.record({
    dateAcquired: isoDate,
    currency: fc.constantFrom('', ...o.currencies),
    pricePaid: money(o.maxCents),
    additionalPricePaid: money(o.maxCents),
    currentEstimatedValue: money(o.maxCents),
    conditionWhenAcquired: fc.constantFrom('', ...o.acquired),
    acquiredFrom: text(o.textMax, o.chars),
    conditionNow: fc.constantFrom('', ...o.now),
    location: text(o.textMax, o.chars),
    notes: text(o.textMax * 2, o.chars),
    parts: fc.boolean(),
    minifigs: fc.boolean(),
    instructions: fc.boolean(),
    box: fc.boolean(),
    willTrade: fc.boolean(),
    modified: fc.boolean()
  })
}

/** One catalogue set's state; the fields a format cannot carry are left out of its drafts. */
export interface SetDraft {
  readonly qty: number
  readonly wanted: boolean
  readonly notes?: string
  readonly rating?: number
  readonly flags?: readonly boolean[]
  readonly copies: readonly CopyValue[]
}

/** A set owning 0-3, wanted or not, with no more copies than it owns, plus `extra` fields. */
export function setArb<E extends object>(
  copy: fc.Arbitrary<CopyValue>,
  extra: { [K in keyof E]: fc.Arbitrary<E[K]> }
): fc.Arbitrary<{ qty: number; wanted: boolean; copies: CopyValue[] } & E> {
  return fc
    .record({
      qty: fc.integer({ min: 0, max: 3 }),
      wanted: fc.boolean(),
      ...extra,
      copies: fc.array(copy, { maxLength: 3 })
    })
    .map((s) => ({ ...s, copies: s.copies.slice(0, s.qty) })) as fc.Arbitrary<
    { qty: number; wanted: boolean; copies: CopyValue[] } & E
  >
}

/** One draft or none for every set of the test catalogue, in CATALOGUE's order. */
export const catalogueArb = <S>(set: fc.Arbitrary<S>): fc.Arbitrary<(S | null)[]> =>
  fc.array(fc.option(set, { nil: null }), {
    minLength: CATALOGUE.length,
    maxLength: CATALOGUE.length
  })

/** The edits that give the catalogue's sets the drafted state; copies get local ids `c-1`, `c-2`… */
export function setEdits(t: ExchangeHarness, sets: readonly (SetDraft | null)[]): Edit[] {
  const edits: Edit[] = []
  let n = 0
  sets.forEach((s, i) => {
    const [number, variant] = CATALOGUE[i] ?? ['', 1]
    if (!s) return
    const setID = t.id(`${number}-${variant}`)
    if (s.qty > 0) edits.push(setEdit(setID, 'qtyOwned', s.qty))
    if (s.wanted) edits.push(setEdit(setID, 'wanted', true))
    if (s.notes !== undefined && s.notes !== '') edits.push(setEdit(setID, 'notes', s.notes))
    if (s.rating !== undefined && s.rating > 0) edits.push(setEdit(setID, 'rating', s.rating))
    s.flags?.forEach((on, f) => {
      if (on) edits.push(setEdit(setID, flagField(f + 1), true))
    })
    for (const value of s.copies) edits.push({ kind: 'copy', setID, localId: `c-${++n}`, value })
  })
  return edits
}

/** Writes `edits` into the harness's profile as the user's own (nothing when there are none). */
export function seed(t: ExchangeHarness, edits: readonly Edit[]): void {
  if (edits.length === 0) return
  applyEdits(t.h.store.write, t.h.profileId, [...edits], { kind: 'new', description: 'seed' }, 'x')
}
