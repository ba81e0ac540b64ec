import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { transaction } from '../../src/main/store/handles'
import { INITIAL_CHARS, initialBit } from '../../src/main/store/initials'
import { upsertSets } from '../../src/main/catalogue/sets-repo'
import { FIXTURE_AT, makeSet, openTestStore } from '../catalogue/set-fixtures'
import type { TestStore } from '../catalogue/set-fixtures'
import { runs } from '../property-runs'

/**
 * A one-letter search reads `initials`, longer ones read FTS5: the two must agree on every set, or
 * typing "c" and then "ca" could show a set the other hides, and totals would not match pages.
 */
let t: TestStore
const AT = FIXTURE_AT

beforeAll(async () => {
  t = await openTestStore('initials')
})

afterAll(() => {
  t.close()
})

// ASCII words and separators, accented and unaccented Latin letters (composed and combining),
// letters without a decomposition, other scripts, full-width digits, symbols and emoji.
const PIECES = [
  'castle',
  'Star',
  'x-wing',
  'R2-D2',
  '10179',
  'a',
  'Z',
  ' ',
  '-',
  '.',
  ',',
  "'",
  '_',
  '/',
  'é',
  'É',
  'e\u0301',
  'Ü',
  'ñ',
  'Å',
  'ç',
  'ø',
  'Ø',
  'ß',
  'ł',
  'Æ',
  'œ',
  'ı',
  'İ',
  'ſ',
  'Ωmega',
  'Дом',
  '東京',
  '１２',
  '²',
  '½',
  '®',
  '™',
  '©',
  '·',
  '\u00ad',
  '\u200b',
  '🏰',
  'ﬁ',
  'Ⅻ'
]
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 8 }).map((xs) => xs.join(''))

/** The one-character prefixes (of INITIAL_CHARS) the index matches and the stored initials, per set. */
function compare(texts: readonly (readonly [string, string])[]): void {
  const first = nextId
  const sets = texts.map(([name, tags]) =>
    makeSet({ setID: nextId, number: `x${nextId++}`, name, theme: '', subtheme: '', tags })
  )
  transaction(t.store.write, () => upsertSets(t.store.write, t.pid, sets, AT))
  const ids = `set_id BETWEEN ${first} AND ${nextId - 1}`
  for (const c of INITIAL_CHARS) {
    const byInitials = t.store.read
      .prepare(`SELECT set_id FROM sets WHERE ${ids} AND (initials & ?) <> 0 ORDER BY set_id`)
      .pluck()
      .all(initialBit(c) ?? 0)
    const byFts = t.store.read
      .prepare(
        `SELECT set_id FROM sets WHERE ${ids} AND id IN
           (SELECT rowid FROM sets_fts WHERE sets_fts MATCH ?) ORDER BY set_id`
      )
      .pluck()
      .all(`"${c}"*`)
    expect(byInitials, `"${c}" in ${JSON.stringify(texts)}`).toEqual(byFts)
  }
}
let nextId = 1

describe('set initials', () => {
  it('equal what FTS5 matches for every one-character prefix, whatever the text', () => {
    // Each piece on its own first, then random mixes of them.
    compare(PIECES.flatMap((p) => [[p, ''] as const, [`${p}q`, `_${p}`] as const]))
    fc.assert(
      fc.property(fc.array(fc.tuple(text, text), { minLength: 1, maxLength: 20 }), (rows) => {
        compare(rows)
      }),
      { numRuns: runs(150) }
    )
  })

  it('follow a renamed set', () => {
    upsertSets(
      t.store.write,
      t.pid,
      [makeSet({ setID: 90_001, number: '90001', name: 'Quay' })],
      AT
    )
    const initials = () =>
      t.store.read.prepare('SELECT initials FROM sets WHERE set_id = 90001').pluck().get() as number
    expect(initials() & (initialBit('q') ?? 0)).not.toBe(0)
    upsertSets(
      t.store.write,
      t.pid,
      [makeSet({ setID: 90_001, number: '90001', name: 'Wharf' })],
      AT
    )
    expect(initials() & (initialBit('q') ?? 0)).toBe(0)
    expect(initials() & (initialBit('w') ?? 0)).not.toBe(0)
  })
})
