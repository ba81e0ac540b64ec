import Database from 'better-sqlite3'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkCopy } from '../../src/main/exchange/backup-values'
import { copiesOf, exchangeHarness } from './store-fixtures'
import type { ExchangeHarness } from './store-fixtures'
import { copy } from './fixtures'

/**
 * A backup's copy rows reach the restore as SQLite stored them, whatever a hostile or damaged file
 * holds: each value is checked under the copy's field name, never cast to a typed row. A damaged
 * row is refused with the field it fails on, and nothing of it is written.
 */

/** One damaged copy: the column, the SQL value put in it, and the field the refusal must name. */
const DAMAGED: readonly (readonly [column: string, value: string, field: RegExp])[] = [
  ['price_paid', `'abc'`, /^pricePaid: /],
  ['currency', 'NULL', /^currency: /],
  ['date_acquired', `'yesterday'`, /^dateAcquired: /],
  ['location', `X'00ff'`, /^location: /],
  ['notes', `printf('%.5000c', 'n')`, /^notes: /],
  ['acquired_from', 'NULL', /^acquiredFrom: /],
  ['parts', '2', /^parts: not yes or no/]
]

let t: ExchangeHarness
let backup: string

beforeAll(async () => {
  t = await exchangeHarness()
  await t.h.handlers['collection:saveCopy']({
    setID: t.id('10179-1'),
    copy: copy({ notes: 'first' })
  })
  backup = (await t.x['exchange:backup']({ saveWithDialog: false })).path ?? ''
  // The copies table without STRICT and its constraints (as a hostile file may have it), then one
  // copy of the good row per damaged column.
  const db = new Database(backup)
  try {
    db.exec(`CREATE TABLE loose AS SELECT * FROM copies; DROP TABLE copies;
             ALTER TABLE loose RENAME TO copies;`)
    for (const [column, value] of DAMAGED) {
      db.exec(`INSERT INTO copies SELECT * FROM copies WHERE local_id NOT LIKE 'damaged-%';
               UPDATE copies SET local_id = 'damaged-${column}', collection_id = NULL,
                 ${column} = ${value} WHERE rowid = last_insert_rowid();`)
    }
  } finally {
    db.close()
  }
})

afterAll(() => {
  t.close()
})

describe('a backup’s damaged copy rows', () => {
  it('are each refused in the preview with the field named, and none is written', async () => {
    const outbox = (): number =>
      (t.h.store.read.prepare('SELECT count(*) AS n FROM outbox').get() as { n: number }).n
    const before = outbox()
    const p = await t.x['exchange:previewRestore']({
      data: [readFileSync(backup)]
    })
    if (!p) throw new Error('no preview')
    expect(p.refused.count).toBe(DAMAGED.length)
    const whys = p.refused.shown.map((r) => r.why)
    for (const [column, , field] of DAMAGED) {
      expect(
        whys.some((w) => field.test(w)),
        `${column} refused as ${String(field)}`
      ).toBe(true)
    }
    await t.x['exchange:applyRestore']({ restoreId: p.restoreId })
    const ids = t.h.store.read.prepare('SELECT local_id FROM copies').pluck().all()
    expect(ids.filter((id) => String(id).startsWith('damaged-'))).toEqual([])
    // The good copy is as it was; the restore sent nothing for the refused ones.
    expect(copiesOf(t.h.store, t.id('10179-1'))).toMatchObject([{ notes: 'first' }])
    expect(outbox()).toBe(before)
  })

  it.each([
    ['a column the row lacks', 'location', undefined, /^location: /],
    ['a number where text goes', 'condition_now', 7, /^conditionNow: /],
    ['text where money goes', 'current_estimated_value', '12', /^currentEstimatedValue: /],
    ['an object where text goes', 'notes', { toString: () => 'x' }, /^notes: /]
  ])('%s (%s) is a refusal naming the field, not a value', (_, column, value, field) => {
    const good: Record<string, unknown> = {
      local_id: 'c1',
      set_id: 5000,
      collection_id: null,
      date_acquired: '2021-12-24',
      currency: 'GBP',
      price_paid: 1,
      additional_price_paid: 0,
      current_estimated_value: 2,
      condition_when_acquired: 'New',
      acquired_from: '',
      condition_now: '',
      location: 'Shelf',
      notes: '',
      parts: 1,
      minifigs: 0,
      instructions: 1,
      box: 0,
      will_trade: 0,
      modified: 0,
      deleted: 0
    }
    expect(checkCopy(good)).toMatchObject({ localId: 'c1', value: { location: 'Shelf' } })
    // undefined: the column is left out of the row altogether.
    const row = Object.fromEntries(
      Object.entries({ ...good, [column]: value }).filter(([, v]) => v !== undefined)
    )
    const c = checkCopy(row)
    expect(c).toMatchObject({ localId: 'c1', refusal: { what: 'A copy of set 5000' } })
    expect('refusal' in c ? c.refusal.why : '').toMatch(field)
  })
})
