import { describe, expect, it } from 'vitest'
import { EMPTY_SET } from '../../src/main/collection/collection-state-repo'
import type { SetFieldValues } from '../../src/main/collection/edits-types'
import { buildExport } from '../../src/main/exchange/export-formats'
import { planImport } from '../../src/main/exchange/import-diff'
import type { CurrentSet } from '../../src/main/exchange/import-diff'
import { normaliseSetNumber, parseImport } from '../../src/main/exchange/import-formats'
import { HOSTILE, LABELS, copy } from './fixtures'
import type { AppError } from '../../src/shared/errors'

const TITLES = ['Displayed', 'Boxed', 'Flag 3', 'Sealed', 'For sale', 'Gift', 'Flag 7', 'Flag 8']

function state(patch: Partial<SetFieldValues> = {}): SetFieldValues {
  return { ...EMPTY_SET, ...patch }
}

function catalogue(sets: CurrentSet[]): (n: string) => CurrentSet | null {
  const byNumber = new Map(sets.map((s) => [s.fullNumber.toLowerCase(), s]))
  return (n) => byNumber.get(n.toLowerCase()) ?? null
}

let ids = 0
const newId = () => `local-${++ids}`

const cur = (setID: number, fullNumber: string, patch: Partial<CurrentSet> = {}): CurrentSet => ({
  setID,
  fullNumber,
  name: `Set ${fullNumber}`,
  state: state(),
  copies: [],
  ...patch
})

describe('imports', () => {
  it('rebrickable: quantities summed per set, unknown numbers listed, adds vs changes vs unchanged', () => {
    const csv = [
      'Set Number,Quantity,Includes Spares,Inventory ver',
      '10179-1,1,True,1',
      '10179-1,2,True,1',
      '21309-1,1,True,1',
      ',,,',
      '99999-1,1,True,1',
      '6080-1,1,True,1'
    ].join('\r\n')
    const intents = parseImport('rebrickable', csv, TITLES)
    const plan = planImport(
      intents,
      catalogue([
        cur(1, '10179-1'),
        cur(2, '21309-1', { state: state({ wanted: true }) }),
        cur(3, '6080-1', { state: state({ owned: true, qtyOwned: 1 }) })
      ]),
      newId
    )
    expect(plan.unknown).toEqual(['99999-1'])
    expect(plan.adds).toBe(1)
    expect(plan.changes).toBe(1)
    expect(plan.unchanged).toBe(1)
    expect(plan.edits).toEqual([
      { kind: 'set', setID: 1, field: 'owned', value: true },
      { kind: 'set', setID: 1, field: 'qtyOwned', value: 3 },
      { kind: 'set', setID: 2, field: 'owned', value: true },
      { kind: 'set', setID: 2, field: 'qtyOwned', value: 1 }
    ])
    expect(plan.items[0]).toMatchObject({
      fullNumber: '10179-1',
      kind: 'add',
      summary: 'Owned no → yes, Quantity owned 0 → 3'
    })
  })

  it('collection list: our own export reads back to the same state (flags by label, notes un-neutralised)', () => {
    const content = buildExport('collection', HOSTILE, LABELS, { date: 'x', bom: true }).content
    const intents = parseImport('collection', content, TITLES)
    const plan = planImport(
      intents,
      catalogue(HOSTILE.map((s) => cur(s.setID, s.fullNumber))),
      newId
    )
    const bySet = (id: number) => plan.edits.filter((e) => e.kind === 'set' && e.setID === id)
    expect(bySet(1)).toEqual([
      { kind: 'set', setID: 1, field: 'owned', value: true },
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
    expect(plan.adds).toBe(3)
  })

  it('brickeconomy: a copy per row, missing variants get -1, blank rows skipped, re-import unchanged', () => {
    const csv = [
      'Number,Theme,Subtheme,Year,SetName,Retail,Paid,Value,Condition,Date,Notes',
      '10179,Star Wars,UCS,2007,Millennium Falcon,$499.99,$450.00,$1200.00,New,2008-01-05,first',
      '',
      ',,,,,,,,,,',
      '10179-1,Star Wars,UCS,2007,Millennium Falcon,499.99,300,1100,Used,3/7/2015,',
      '75192,Star Wars,UCS,2017,Millennium Falcon,799.99,799.99,850,New,2017-10-01,'
    ].join('\n')
    const intents = parseImport('brickeconomy', csv, TITLES)
    expect(intents.map((i) => i.fullNumber)).toEqual(['10179-1', '75192-1'])
    expect(
      intents[0]?.copies?.map((c) => [
        c.pricePaid,
        c.currentEstimatedValue,
        c.conditionWhenAcquired,
        c.dateAcquired
      ])
    ).toEqual([
      [450, 1200, 'New', '2008-01-05'],
      [300, 1100, 'Used', '2015-03-07']
    ])
    const plan = planImport(intents, catalogue([cur(1, '10179-1'), cur(2, '75192-1')]), newId)
    expect(plan.edits.filter((e) => e.kind === 'copy')).toHaveLength(3)
    expect(plan.edits).toContainEqual({ kind: 'set', setID: 1, field: 'qtyOwned', value: 2 })

    const held = intents[0]?.copies ?? []
    const again = planImport(
      intents,
      catalogue([
        cur(1, '10179-1', { state: state({ owned: true, qtyOwned: 2 }), copies: held }),
        cur(2, '75192-1', {
          state: state({ owned: true, qtyOwned: 1 }),
          copies: intents[1]?.copies ?? []
        })
      ]),
      newId
    )
    expect(again.edits).toEqual([])
    expect(again.unchanged).toBe(2)
  })

  it('copies already held are not added twice; the quantity never drops', () => {
    const csv = 'Number,Paid,Value,Condition,Date,Notes\n10179-1,450,1200,New,2008-01-05,first\n'
    const existing = copy({
      pricePaid: 450,
      currentEstimatedValue: 1200,
      conditionWhenAcquired: 'New',
      dateAcquired: '2008-01-05',
      notes: 'first'
    })
    const plan = planImport(
      parseImport('brickeconomy', csv, TITLES),
      catalogue([
        cur(1, '10179-1', { state: state({ owned: true, qtyOwned: 4 }), copies: [existing] })
      ]),
      newId
    )
    expect(plan.edits).toEqual([])
  })

  it('a file of another format is refused with a clear message', () => {
    expect(() => parseImport('rebrickable', 'Number,Owned\n1-1,Yes\n', TITLES)).toThrow(
      /missing column "Set Number"/
    )
    expect(() => parseImport('collection', 'a,b\n', TITLES)).toThrow(/collection list/)
    expect(() => parseImport('rebrickable', '', TITLES)).toThrow(/empty/)
    expect(() => parseImport('rebrickable', 'Set Number,Quantity\n1-1,lots\n', TITLES)).toThrow(
      /Row 2: "Quantity"/
    )
    expect(() => parseImport('rebrickable', 'Set Number,Quantity\n"1-1,1\n', TITLES)).toThrow(
      /not valid CSV/
    )
    // The reason the user reads names the problem and its line, not the parser's wording.
    let reason: unknown
    try {
      parseImport('rebrickable', 'Set Number,Quantity\n10179-1,1\n"1-1,1\n', TITLES)
    } catch (e) {
      reason = (e as AppError).detail?.reason
    }
    expect(reason).toBe('The file is not valid CSV: A quoted value is never closed (line 3).')
  })

  it('set numbers', () => {
    expect(normaliseSetNumber(' 10179 ')).toBe('10179-1')
    expect(normaliseSetNumber('10179-2')).toBe('10179-2')
    expect(normaliseSetNumber('COMCON040')).toBe('COMCON040-1')
  })
})
