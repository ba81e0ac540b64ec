import { afterEach, describe, expect, it } from 'vitest'
import {
  bits,
  copiesOf,
  exchangeHarness,
  golden,
  goldenBytes,
  insertMinifig,
  labelsOf,
  setState
} from './store-fixtures'
import type { ExchangeHarness } from './store-fixtures'
import { rebrickableList } from './fixtures'

/**
 * The corruptions, each as a user meets it: a real-format file imported (preview, apply) or
 * one of our exports as the site reads it. The golden files are in test/fixtures/formats/.
 */

let t: ExchangeHarness
afterEach(() => {
  t.close()
})

type PreviewInput = Parameters<ExchangeHarness['x']['exchange:previewImport']>[0]

async function importFile(input: PreviewInput): Promise<void> {
  const preview = await t.x['exchange:previewImport'](input)
  await t.x['exchange:applyImport']({ previewId: preview.previewId })
}

/** A fresh harness (in `t`) with the golden file `name` imported as `format`. */
async function importGolden(format: PreviewInput['format'], name: string): Promise<void> {
  t = await exchangeHarness()
  await importFile({ format, content: golden(name) })
}

describe('BrickLink wanted list', () => {
  it('the export has no XML declaration and lists wanted minifigures as ITEMTYPE M', async () => {
    t = await exchangeHarness()
    insertMinifig(t.h.store, t.h.profileId, 'sw0001a', 'Luke Skywalker')
    await t.h.handlers['collection:updateSet']({ setID: t.id('7065-1'), patch: { wanted: true } })
    await t.h.handlers['collection:updateMinifig']({ minifigNumber: 'sw0001a', wanted: true })
    const file = await t.x['exchange:export']({
      format: 'bricklink',
      bom: false,
      saveWithDialog: false
    })
    // BrickLink's upload help: a file with a declaration must have that line removed.
    expect(file.content.startsWith('<INVENTORY>')).toBe(true)
    expect(file.content).not.toContain('<?xml')
    expect(file.content).toContain('<ITEMTYPE>M</ITEMTYPE>\n    <ITEMID>sw0001a</ITEMID>')
    expect(file.content).toContain('<ITEMTYPE>S</ITEMTYPE>\n    <ITEMID>7065-1</ITEMID>')
    expect(file.rows).toBe(2)
  })

  it('REMARKS never carry a set’s private notes unless the user asks for them', async () => {
    t = await exchangeHarness()
    await t.h.handlers['collection:updateSet']({
      setID: t.id('7065-1'),
      patch: { wanted: true, notes: 'Hidden under the bed, do not tell' }
    })
    const given = { format: 'bricklink', bom: false, saveWithDialog: false } as const
    const plain = await t.x['exchange:export'](given)
    expect(plain.content).not.toContain('Hidden under the bed')
    expect(plain.content).not.toContain('<REMARKS>')
    const chosen = await t.x['exchange:export']({ ...given, remarks: 'notes' })
    expect(chosen.content).toContain('<REMARKS>Hidden under the bed, do not tell</REMARKS>')
  })

  it('the golden wanted list imports sets and minifigures as wanted; a part is listed as unusable', async () => {
    t = await exchangeHarness()
    const preview = await t.x['exchange:previewImport']({
      format: 'bricklink',
      content: golden('bricklink-wanted-list.xml')
    })
    expect(preview.problems).toEqual([
      { line: 16, reason: 'A part (ITEMTYPE P) is not something Studbook keeps.' }
    ])
    await t.x['exchange:applyImport']({ previewId: preview.previewId })
    expect(setState(t.h.store, t.id('7065-1'))).toMatchObject({
      wanted: 1,
      owned: 0,
      notes: 'Only with box & instructions'
    })
    expect(setState(t.h.store, t.id('21309-1'))).toMatchObject({ wanted: 1, owned: 0 })
    expect(
      t.h.store.read.prepare('SELECT minifig_number, wanted, owned_loose FROM minifig_state').all()
    ).toEqual([{ minifig_number: 'sw0001a', wanted: 1, owned_loose: 0 }])
  })
})

describe('Brickset collection export', () => {
  it('the current layout imports: Qty owned, Wanted, notes, and 8 flags named by labels', async () => {
    await importGolden('collection', 'brickset-sets-current.csv')
    expect(setState(t.h.store, t.id('10179-1'))).toEqual({
      owned: 1,
      wanted: 0,
      qty_owned: 2,
      notes: 'Bought at launch, box dented',
      rating: 0,
      flags: bits(1, 3, 6)
    })
    expect(setState(t.h.store, t.id('21309-1'))).toMatchObject({
      owned: 0,
      wanted: 1,
      qty_owned: 0,
      notes: 'Want the 2023 re-release'
    })
    expect(setState(t.h.store, t.id('308-3'))).toMatchObject({ owned: 1, qty_owned: 1 })
    expect(setState(t.h.store, t.id('75192-1'))).toMatchObject({ owned: 1, qty_owned: 1 })
    // Brickset writes "Flag N not used" for a flag without a label: that sets no label.
    expect(labelsOf(t.h.store)).toEqual(['Displayed', '', 'Boxed', '', '', 'Instagrammed', '', ''])
  })

  it('the older layout reads Number with its Variant, and QtyOwned', async () => {
    await importGolden('collection', 'brickset-sets-older.csv')
    expect(setState(t.h.store, t.id('308-3'))).toMatchObject({ owned: 1, qty_owned: 2 })
    expect(setState(t.h.store, t.id('308-1'))).toBeUndefined()
    expect(setState(t.h.store, t.id('6080-1'))).toMatchObject({ owned: 1, qty_owned: 1 })
    expect(setState(t.h.store, t.id('7065-1'))).toMatchObject({ owned: 0, wanted: 1 })
    expect(setState(t.h.store, t.id('23-2'))).toBeUndefined()
  })

  it('our export has the site’s columns, flag columns named by the labels', async () => {
    t = await exchangeHarness()
    for (const [flagNo, label] of [
      [1, 'Displayed'],
      [3, 'Boxed'],
      [6, 'Instagrammed']
    ] as const) {
      await t.h.handlers['flags:setLabel']({ flagNo, label })
    }
    await t.h.handlers['collection:updateSet']({ setID: t.id('10179-1'), patch: { qtyOwned: 2 } })
    const file = await t.x['exchange:export']({
      format: 'collection',
      bom: false,
      saveWithDialog: false
    })
    const site = golden('brickset-sets-current.csv').split('\r\n')[0] ?? ''
    const ours = file.content.split('\r\n')[0] ?? ''
    // A flag without a label is "Flag N not used", as Brickset writes it: the header is the site's.
    expect(ours).toBe(site)
    expect(file.content.split('\r\n')[1]).toMatch(/^10179-1,.*,2,,,No,0,,No,No,No,No,No,No,No,No,/)
  })
})

describe('BrickEconomy collection', () => {
  it('European file: day-first dates, decimal commas, euros, conditions in the service’s words', async () => {
    t = await exchangeHarness()
    const preview = await t.x['exchange:previewImport']({
      format: 'brickeconomy',
      content: golden('brickeconomy-collection-eu.csv')
    })
    expect(preview.question).toBeNull()
    expect(preview.notices.join('\n')).toContain('UsedAsNew (line 4)')
    await t.x['exchange:applyImport']({ previewId: preview.previewId })
    expect(copiesOf(t.h.store, t.id('10179-1'))).toEqual([
      {
        date_acquired: '2024-12-25',
        currency: 'EUR',
        price_paid: 450,
        current_estimated_value: 1200.5,
        condition_when_acquired: 'New',
        notes: 'Christmas present'
      }
    ])
    expect(copiesOf(t.h.store, t.id('75192-1'))).toEqual([
      {
        date_acquired: '2023-02-14',
        currency: 'EUR',
        price_paid: 700,
        current_estimated_value: 850,
        condition_when_acquired: '',
        notes: 'From a fair'
      },
      {
        date_acquired: '2025-07-03',
        currency: 'EUR',
        price_paid: 40.08,
        current_estimated_value: 850,
        condition_when_acquired: 'Used - complete',
        notes: ''
      }
    ])
    expect(copiesOf(t.h.store, t.id('6080-1'))[0]?.condition_when_acquired).toBe(
      'Used - incomplete'
    )
    expect(setState(t.h.store, t.id('75192-1'))).toMatchObject({ owned: 1, qty_owned: 2 })
  })

  it('US file: month-first dates decided by 12/25/2024, dollars with thousands separators', async () => {
    await importGolden('brickeconomy', 'brickeconomy-collection-us.csv')
    expect(copiesOf(t.h.store, t.id('75192-1'))[0]).toMatchObject({
      date_acquired: '2024-12-25',
      currency: 'USD',
      price_paid: 549.99
    })
    expect(copiesOf(t.h.store, t.id('10179-1'))[0]).toMatchObject({
      date_acquired: '2025-03-07',
      currency: 'USD',
      price_paid: 1050,
      current_estimated_value: 6500,
      condition_when_acquired: 'Used - complete'
    })
  })

  it('dates that fit both orders: the preview asks, and nothing applies until answered', async () => {
    t = await exchangeHarness()
    const content =
      'Number,Theme,Subtheme,Year,SetName,Retail,Paid,Value,Condition,Date,Notes\r\n' +
      '10179-1,Star Wars,UCS,2007,Falcon,,€10.00,€20.00,New,03/07/2025,\r\n'
    const asked = await t.x['exchange:previewImport']({ format: 'brickeconomy', content })
    expect(asked.question).toEqual({
      kind: 'dateOrder',
      examples: [{ line: 2, text: '03/07/2025' }]
    })
    expect(asked.canApply).toBe(false)
    await expect(
      Promise.resolve().then(() => t.x['exchange:applyImport']({ previewId: asked.previewId }))
    ).rejects.toMatchObject({ code: 'invalid_input' })
    expect(copiesOf(t.h.store, t.id('10179-1'))).toEqual([])

    await importFile({ format: 'brickeconomy', content, dateOrder: 'dayFirst' })
    expect(copiesOf(t.h.store, t.id('10179-1'))[0]?.date_acquired).toBe('2025-07-03')
  })

  it('a set list row with Owned 0 and Wanted 1 stays a wanted set, with no copy', async () => {
    await importGolden('brickeconomy', 'brickeconomy-sets.csv')
    expect(setState(t.h.store, t.id('21309-1'))).toMatchObject({
      owned: 0,
      wanted: 1,
      qty_owned: 0
    })
    expect(copiesOf(t.h.store, t.id('21309-1'))).toEqual([])
    expect(setState(t.h.store, t.id('10179-1'))).toMatchObject({ owned: 1, qty_owned: 1 })
    expect(setState(t.h.store, t.id('308-3'))).toMatchObject({ owned: 1, qty_owned: 2 })
    expect(copiesOf(t.h.store, t.id('308-3'))).toEqual([])
  })
})

describe('Rebrickable set list', () => {
  it('the export header is the site’s, CRLF, and never carries a byte-order mark', async () => {
    t = await exchangeHarness()
    await t.h.handlers['collection:updateSet']({ setID: t.id('60393-1'), patch: { qtyOwned: 1 } })
    await t.h.handlers['collection:updateSet']({ setID: t.id('75192-1'), patch: { qtyOwned: 2 } })
    const file = await t.x['exchange:export']({
      format: 'rebrickable',
      bom: true,
      saveWithDialog: false
    })
    expect(file.content).toBe(
      golden('rebrickable-set-list.csv').split('\r\n').slice(0, 3).join('\r\n') + '\r\n'
    )
  })

  it('reads the three header spellings; a bare number means variant 1', async () => {
    await importGolden('rebrickable', 'rebrickable-set-list.csv')
    expect(setState(t.h.store, t.id('10179-1'))).toMatchObject({ owned: 1, qty_owned: 1 })
    expect(setState(t.h.store, t.id('75192-1'))).toMatchObject({ owned: 1, qty_owned: 2 })
    await importFile({
      format: 'rebrickable',
      content: golden('rebrickable-set-list-inventory-id.csv')
    })
    expect(setState(t.h.store, t.id('76039-1'))).toMatchObject({ owned: 1, qty_owned: 1 })
    await importFile({
      format: 'rebrickable',
      content: golden('rebrickable-set-list-lowercase.csv')
    })
    expect(setState(t.h.store, t.id('60393-1'))).toMatchObject({ owned: 1, qty_owned: 3 })
  })
})

describe('what every import survives', () => {
  const utf16 = (text: string, order: 'le' | 'be', bom: boolean): Buffer => {
    const le = Buffer.from((bom ? '\uFEFF' : '') + text, 'utf16le')
    if (order === 'le') return le
    const be = Buffer.alloc(le.length)
    for (let i = 0; i + 1 < le.length; i += 2) {
      be[i] = le[i + 1] ?? 0
      be[i + 1] = le[i] ?? 0
    }
    return be
  }

  it.each([
    ['UTF-16 LE with BOM', () => utf16(golden('brickset-sets-older.csv'), 'le', true)],
    ['UTF-16 BE with BOM', () => utf16(golden('brickset-sets-older.csv'), 'be', true)],
    ['UTF-16 LE without BOM', () => utf16(golden('brickset-sets-older.csv'), 'le', false)],
    [
      'UTF-8 with BOM',
      () => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), goldenBytes('brickset-sets-older.csv')])
    ],
    [
      'semicolons, as spreadsheets in German, French, Dutch and Italian write',
      () => Buffer.from(golden('brickset-sets-older.csv').replaceAll(',', ';'))
    ],
    [
      'tabs, as "Unicode text" is',
      () => utf16(golden('brickset-sets-older.csv').replaceAll(',', '\t'), 'le', true)
    ],
    [
      'CR-only line ends',
      () => Buffer.from(golden('brickset-sets-older.csv').replaceAll('\r\n', '\r'))
    ]
  ])('%s', async (_name, encode) => {
    t = await exchangeHarness()
    await importFile({ format: 'collection', data: [encode()] })
    expect(setState(t.h.store, t.id('308-3'))).toMatchObject({ owned: 1, qty_owned: 2 })
    expect(setState(t.h.store, t.id('7065-1'))).toMatchObject({ wanted: 1 })
  })

  it('repeated rows of a set are summed into one preview line that names both lines', async () => {
    t = await exchangeHarness()
    const content = rebrickableList('10179-1,1,True,1', '75192-1,1,True,1', '10179,2,True,1')
    const preview = await t.x['exchange:previewImport']({ format: 'rebrickable', content })
    const keys = preview.items.map((i) => i.key)
    expect(new Set(keys).size).toBe(keys.length)
    expect(preview.items.find((i) => i.number === '10179-1')).toMatchObject({
      lines: [2, 4],
      kind: 'add'
    })
    await t.x['exchange:applyImport']({ previewId: preview.previewId })
    expect(setState(t.h.store, t.id('10179-1'))).toMatchObject({ qty_owned: 3 })
  })

  it('a row it cannot use is listed with its line and reason; the rest applies', async () => {
    t = await exchangeHarness()
    const content = rebrickableList('10179-1,two,True,1', '99999-1,1,True,1', '75192-1,1,True,1')
    const preview = await t.x['exchange:previewImport']({ format: 'rebrickable', content })
    expect(preview.problems).toEqual([
      { line: 2, reason: '"Quantity" must be a whole number from 0 to 999 (found "two").' },
      { line: 3, reason: 'Set 99999-1 is not in the catalogue.' }
    ])
    expect(preview.canApply).toBe(true)
    await t.x['exchange:applyImport']({ previewId: preview.previewId })
    expect(setState(t.h.store, t.id('10179-1'))).toBeUndefined()
    expect(setState(t.h.store, t.id('75192-1'))).toMatchObject({ qty_owned: 1 })
  })
})
