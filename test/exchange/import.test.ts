import { describe, expect, it } from 'vitest'
import { EMPTY_SET } from '../../src/main/collection/collection-state-repo'
import type { SetFieldValues } from '../../src/main/collection/edits-types'
import { normaliseSetNumber } from '../../src/main/exchange/cells'
import { buildExport } from '../../src/main/exchange/export-formats'
import { planImport } from '../../src/main/exchange/import-diff'
import type { CurrentCollection, CurrentSet, HeldCopy } from '../../src/main/exchange/import-diff'
import { parseImport } from '../../src/main/exchange/import-formats'
import type { ImportFormat } from '../../src/shared/model/exchange'
import type { AppError } from '../../src/shared/errors'
import { HOSTILE, LABELS, copy, rebrickableList } from './fixtures'

function state(patch: Partial<SetFieldValues> = {}): SetFieldValues {
  return { ...EMPTY_SET, ...patch }
}

function collection(sets: CurrentSet[], labels: string[] = []): CurrentCollection {
  const byNumber = new Map(sets.map((s) => [s.fullNumber.toLowerCase(), s]))
  return {
    set: (n) => byNumber.get(n.toLowerCase()) ?? null,
    minifig: () => null,
    labels: [0, 1, 2, 3, 4, 5, 6, 7].map((i) => labels[i] ?? '')
  }
}

let ids = 0
const newId = () => `local-${++ids}`
const held = (value: HeldCopy['value']): HeldCopy => ({
  localId: newId(),
  collectionID: null,
  value
})

const cur = (setID: number, fullNumber: string, patch: Partial<CurrentSet> = {}): CurrentSet => ({
  setID,
  fullNumber,
  name: `Set ${fullNumber}`,
  state: state(),
  copies: [],
  ...patch
})

const read = (format: ImportFormat, text: string) =>
  parseImport(format, { text, encoding: 'text' }, { conditions: ['New', 'Used - complete'] })

describe('imports', () => {
  it('rebrickable: quantities summed per set, unknown numbers listed, adds vs changes vs unchanged', () => {
    const csv = rebrickableList(
      '10179-1,1,True,1',
      '10179-1,2,True,1',
      '21309-1,1,True,1',
      ',,,',
      '99999-1,1,True,1',
      '6080-1,1,True,1'
    )
    const plan = planImport(
      read('rebrickable', csv),
      collection([
        cur(1, '10179-1'),
        cur(2, '21309-1', { state: state({ wanted: true }) }),
        cur(3, '6080-1', { state: state({ owned: true, qtyOwned: 1 }) })
      ]),
      newId
    )
    expect(plan.problems).toEqual([{ line: 6, reason: 'Set 99999-1 is not in the catalogue.' }])
    expect(plan.adds).toBe(1)
    expect(plan.changes).toBe(1)
    expect(plan.unchanged).toBe(1)
    expect(plan.edits).toEqual([
      { kind: 'set', setID: 1, field: 'qtyOwned', value: 3 },
      { kind: 'set', setID: 2, field: 'qtyOwned', value: 1 }
    ])
    expect(plan.items[0]).toMatchObject({
      number: '10179-1',
      kind: 'add',
      summary: 'Quantity owned 0 → 3',
      lines: [2, 3]
    })
  })

  it('Brickset file: our own export reads back to the same state (flags, notes un-neutralised)', () => {
    const content = buildExport(
      'collection',
      { sets: HOSTILE, minifigs: [], labels: LABELS },
      { date: 'x', bom: true }
    ).content
    const plan = planImport(
      read('collection', content),
      collection(
        HOSTILE.map((s) => cur(s.setID, s.fullNumber)),
        LABELS.map((l) => l.label)
      ),
      newId
    )
    const bySet = (id: number) => plan.edits.filter((e) => e.kind === 'set' && e.setID === id)
    expect(bySet(1)).toEqual([
      { kind: 'set', setID: 1, field: 'qtyOwned', value: 1 },
      { kind: 'set', setID: 1, field: 'notes', value: '+SUM(1,2)' },
      { kind: 'set', setID: 1, field: 'flag1', value: true },
      { kind: 'set', setID: 1, field: 'flag4', value: true }
    ])
    expect(bySet(2)).toContainEqual({ kind: 'set', setID: 2, field: 'wanted', value: true })
    expect(bySet(2)).toContainEqual({
      kind: 'set',
      setID: 2,
      field: 'notes',
      value: '\tTabbed =1+1'
    })
    expect(bySet(3)).toContainEqual({ kind: 'set', setID: 3, field: 'flag8', value: true })
    expect(plan.edits.filter((e) => e.kind === 'label')).toEqual([])
    expect(plan.adds).toBe(3)
  })

  it('brickeconomy: a copy per row, missing variants get -1, blank rows skipped, re-import unchanged', () => {
    const csv = [
      'Number,Theme,Subtheme,Year,SetName,Retail,Paid,Value,Condition,Date,Notes',
      '10179,Star Wars,UCS,2007,Millennium Falcon,$499.99,$450.00,$1200.00,New,2008-01-05,first',
      '',
      ',,,,,,,,,,',
      '10179-1,Star Wars,UCS,2007,Millennium Falcon,499.99,300,1100,UsedComplete,3/17/2015,',
      '75192,Star Wars,UCS,2017,Millennium Falcon,799.99,799.99,850,New,2017-10-01,'
    ].join('\n')
    const file = read('brickeconomy', csv)
    expect(file.sets.map((i) => i.fullNumber)).toEqual(['10179-1', '75192-1'])
    expect(
      file.sets[0]?.copies?.map((c) => [
        c.value.pricePaid,
        c.value.currentEstimatedValue,
        c.value.conditionWhenAcquired,
        c.value.dateAcquired,
        c.value.currency
      ])
    ).toEqual([
      [450, 1200, 'New', '2008-01-05', 'USD'],
      [300, 1100, 'Used - complete', '2015-03-17', '']
    ])
    const plan = planImport(file, collection([cur(1, '10179-1'), cur(2, '75192-1')]), newId)
    expect(plan.edits.filter((e) => e.kind === 'copy')).toHaveLength(3)
    expect(plan.edits).toContainEqual({ kind: 'set', setID: 1, field: 'qtyOwned', value: 2 })

    const again = planImport(
      file,
      collection([
        cur(1, '10179-1', {
          state: state({ owned: true, qtyOwned: 2 }),
          copies: (file.sets[0]?.copies ?? []).map((c) => held(c.value))
        }),
        cur(2, '75192-1', {
          state: state({ owned: true, qtyOwned: 1 }),
          copies: (file.sets[1]?.copies ?? []).map((c) => held(c.value))
        })
      ]),
      newId
    )
    expect(again.edits).toEqual([])
    expect(again.unchanged).toBe(2)
  })

  it('copies already held are not added twice; two equal rows against one held copy add one', () => {
    const csv =
      'Number,Paid,Value,Condition,Date,Notes\n' +
      '10179-1,450,1200,New,2008-01-05,first\n' +
      '10179-1,450,1200,New,2008-01-05,first\n'
    const existing = copy({
      pricePaid: 450,
      currentEstimatedValue: 1200,
      conditionWhenAcquired: 'New',
      dateAcquired: '2008-01-05',
      notes: 'first',
      currency: ''
    })
    const plan = planImport(
      read('brickeconomy', csv),
      collection([
        cur(1, '10179-1', {
          state: state({ owned: true, qtyOwned: 4 }),
          copies: [held(existing)]
        })
      ]),
      newId
    )
    expect(plan.edits.filter((e) => e.kind === 'copy')).toHaveLength(1)
    // Four owned already: listing two units does not lower the quantity.
    expect(plan.edits.filter((e) => e.kind === 'set')).toEqual([])
  })

  it('a quantity below the copies that carry details is kept at their number, and says so', () => {
    const plan = planImport(
      read('rebrickable', 'Set Number,Quantity\n10179-1,1\n'),
      collection([
        cur(1, '10179-1', {
          state: state({ owned: true, qtyOwned: 3 }),
          copies: [held(copy()), held(copy({ notes: 'b' }))]
        })
      ]),
      newId
    )
    expect(plan.edits).toEqual([{ kind: 'set', setID: 1, field: 'qtyOwned', value: 2 }])
    expect(plan.items[0]?.summary).toBe('Quantity owned 3 → 2, kept at 2: 2 copies carry details')
  })

  it('a day that does not exist, or one still to come, makes its row unusable', () => {
    const file = read(
      'brickeconomy',
      'Number,Paid,Date\n10179-1,$1.00,31/02/2024\n75192-1,$1.00,25/12/2999\n6080-1,$1.00,25/12/2020\n'
    )
    expect(file.problems).toEqual([
      { line: 2, reason: '"31/02/2024" is not a day of the calendar.' },
      { line: 3, reason: "The copy's dateAcquired: that date is after today." }
    ])
    expect(file.sets.map((s) => s.fullNumber)).toEqual(['6080-1'])
  })

  it('a file of another format is refused with a clear message', () => {
    expect(() => read('rebrickable', 'Number,Owned\n1-1,Yes\n')).toThrow(
      /missing column "Set Number"/
    )
    expect(() => read('collection', 'a,b\n')).toThrow(/Brickset collection file/)
    expect(() => read('rebrickable', '')).toThrow(/empty/)
    expect(() => read('rebrickable', 'Number,Qty owned\n1-1,1\n')).toThrow(
      /This is a Brickset collection CSV file, not a Rebrickable set list file/
    )
    expect(() => read('collection', '<INVENTORY></INVENTORY>')).toThrow(/BrickLink wanted list/)
    expect(() => read('rebrickable', 'Set Number,Quantity\n"1-1,1\n')).toThrow(/not valid CSV/)
    // The reason the user reads names the problem and its line, not the parser's wording.
    let reason: unknown
    try {
      read('rebrickable', 'Set Number,Quantity\n10179-1,1\n"1-1,1\n')
    } catch (e) {
      reason = (e as AppError).detail?.reason
    }
    expect(reason).toBe('The file is not valid CSV: A quoted value is never closed (line 3).')
  })

  it('set numbers', () => {
    expect(normaliseSetNumber(' 10179 ')).toBe('10179-1')
    expect(normaliseSetNumber('10179-2')).toBe('10179-2')
    expect(normaliseSetNumber('COMCON040')).toBe('COMCON040-1')
    expect(normaliseSetNumber('308', '3')).toBe('308-3')
    expect(() => normaliseSetNumber('10 179')).toThrow(/not a set number/)
    expect(() => normaliseSetNumber('')).toThrow(/no set number/)
  })
})
