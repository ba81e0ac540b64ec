import { describe, expect, it } from 'vitest'
import { readCsv } from '../../src/main/exchange/csv'
import { parseImport } from '../../src/main/exchange/import-formats'
import { bytesText } from '../../src/main/exchange/text-decode'

/**
 * The line a preview names is the line a text editor shows, whatever ends the file's lines:
 * Windows (CRLF), old Mac (CR) or Unix (LF). Line breaks inside quoted cells count once each.
 */

const ENDS = { CRLF: '\r\n', CR: '\r', LF: '\n' } as const

describe('import line numbers', () => {
  for (const [name, eol] of Object.entries(ENDS)) {
    it(`${name}: rows, blank lines, an Excel sep= line and notes on several lines`, () => {
      const lines = [
        'sep=,', // 1
        'Set Number,Quantity,Notes', // 2
        '10179-1,1,"first', // 3
        'second', // 4
        'third"', // 5
        '', // 6
        'bad number,1,', // 7
        '75192-1,x,', // 8
        '21309-1,1,"a', // 9
        '', // 10 (inside quotes: not a blank row)
        'b"', // 11
        '   ', // 12
        '6080-1,1,' // 13
      ]
      const table = readCsv(lines.join(eol) + eol)
      expect(table.rows.map((r) => r.line)).toEqual([3, 7, 8, 9, 13])
      expect(table.rows[0]?.get('Notes')).toBe(['first', 'second', 'third'].join(eol))
    })

    it(`${name}: an imported file's unusable rows are named by their lines (4 and 5)`, () => {
      const text =
        [
          'Set Number,Quantity,Includes Spares,Inventory Ver',
          '60393-1,1,True,1',
          '76039-1,2,True,1',
          'bad number,1,True,1',
          '75192-1,x,True,1'
        ].join(eol) + eol
      for (const bytes of [
        Buffer.from(text),
        Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
      ]) {
        const file = parseImport('rebrickable', bytesText(bytes), { conditions: [] })
        expect(file.problems.map((p) => p.line)).toEqual([4, 5])
      }
    })

    it(`${name}: a BrickLink item is named by the line it opens on`, () => {
      const xml = [
        '<INVENTORY>', // 1
        '<!-- a comment', // 2
        'over two lines -->', // 3
        '<ITEM><ITEMTYPE>S</ITEMTYPE><ITEMID>7065-1</ITEMID></ITEM>', // 4
        '<ITEM><ITEMTYPE>P</ITEMTYPE><ITEMID>3001</ITEMID></ITEM>', // 5
        '<ITEM>', // 6
        '<ITEMTYPE>B</ITEMTYPE><ITEMID>b1</ITEMID></ITEM>', // 7
        '</INVENTORY>'
      ].join(eol)
      const file = parseImport('bricklink', { text: xml, encoding: 'text' }, { conditions: [] })
      expect(file.problems.map((p) => p.line)).toEqual([5, 6])
      expect(file.sets.map((s) => s.lines)).toEqual([[4]])
    })
  }

  it('tab-separated: a row of nothing but tabs is on its own line', () => {
    const text = ['Set Number\tQuantity', '1-1\t1', '\t'.repeat(1001), '2-1\t1'].join('\r\n')
    expect(() => readCsv(text)).toThrow(/more than 1,000 columns \(line 3\)/)
  })

  it('a file mixing line ends counts each end once', () => {
    const text = 'Set Number,Quantity\r\n1-1,1\n2-1,x\r3-1,y\r\n\r\n4-1,z\n'
    const file = parseImport('rebrickable', { text, encoding: 'text' }, { conditions: [] })
    expect(file.problems.map((p) => p.line)).toEqual([3, 4, 6])
  })
})
