import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { AppError } from '../../shared/errors'
import { minifigNumber, normaliseSetNumber, RowError, textCell } from './cells'
import type { ExportCollection } from './export-types'
import { IntentBook } from './import-types'
import type { ParsedFile } from './import-types'

/**
 * BrickLink's wanted list upload: `<INVENTORY>` of `<ITEM>`s, with no XML declaration (BrickLink's
 * upload help says a file with one must have that line removed). ITEMTYPE S is a set (its ITEMID
 * with the variant), M a minifigure (BrickLink's figure id, which the service's numbers follow).
 */

const escapeXml = (text: string): string =>
  text.replace(
    /[<>&'"\r]/g,
    (c) =>
      ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;', '\r': '&#13;' })[
        c
      ] ?? ''
  )

function item(type: 'S' | 'M', id: string, remarks: string): string {
  const r = remarks.trim() === '' ? '' : `\n    <REMARKS>${escapeXml(remarks)}</REMARKS>`
  return (
    `  <ITEM>\n    <ITEMTYPE>${type}</ITEMTYPE>\n    <ITEMID>${escapeXml(id)}</ITEMID>\n` +
    `    <MINQTY>1</MINQTY>\n    <NOTIFY>N</NOTIFY>${r}\n  </ITEM>\n`
  )
}

/** The wanted sets (their notes as remarks) and the wanted minifigures. */
export function bricklinkXml(c: ExportCollection): { content: string; rows: number } {
  const sets = c.sets.filter((s) => s.wanted).map((s) => item('S', s.fullNumber, s.notes))
  const figs = c.minifigs.filter((m) => m.wanted).map((m) => item('M', m.number, ''))
  return {
    content: `<INVENTORY>\n${[...sets, ...figs].join('')}</INVENTORY>\n`,
    rows: sets.length + figs.length
  }
}

/** The line each `<ITEM>` opens on, in document order (comments blanked out first). */
function itemLines(text: string): number[] {
  const plain = text.replace(/<!--[\s\S]*?-->/g, (c) => c.replace(/[^\n]/g, ' '))
  const lines: number[] = []
  for (const m of plain.matchAll(/<ITEM[\s>]/g)) {
    lines.push(plain.slice(0, m.index).split('\n').length)
  }
  return lines
}

const TYPE_NAMES: Readonly<Record<string, string>> = {
  P: 'A part',
  B: 'A book',
  G: 'Gear',
  C: 'A catalogue',
  I: 'Instructions',
  O: 'An original box'
}

type XmlItem = Record<string, unknown>

const field = (it: XmlItem, name: string): string => {
  const v = it[name]
  return typeof v === 'string' || typeof v === 'number' ? String(v) : ''
}

export function readBricklink(text: string): ParsedFile {
  if (/<!DOCTYPE/i.test(text)) {
    throw new AppError('invalid_input', 'A BrickLink wanted list has no DOCTYPE; this file does.', {
      field: 'content'
    })
  }
  // fast-xml-validator, the named successor, is not a dependency; this validator still ships.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  const valid = XMLValidator.validate(text)
  if (valid !== true) {
    throw new AppError(
      'invalid_input',
      `The file is not well-formed XML: ${valid.err.msg} (line ${valid.err.line}).`,
      { field: 'content' }
    )
  }
  const doc = new XMLParser({
    ignoreDeclaration: true,
    parseTagValue: false,
    trimValues: true,
    isArray: (name) => name === 'ITEM'
  }).parse(text) as { INVENTORY?: { ITEM?: XmlItem[] } | '' }
  if (doc.INVENTORY === undefined) {
    throw new AppError(
      'invalid_input',
      'This does not look like a BrickLink wanted list: it has no <INVENTORY>.',
      { field: 'content' }
    )
  }
  const items = doc.INVENTORY === '' ? [] : (doc.INVENTORY.ITEM ?? [])
  const lines = itemLines(text)
  const book = new IntentBook()
  items.forEach((it, i) => {
    const line = lines[i] ?? 0
    book.row(line, () => {
      const type = field(it, 'ITEMTYPE').trim().toUpperCase()
      const id = field(it, 'ITEMID')
      if (type === 'S') {
        const remarks = textCell(field(it, 'REMARKS'), 'REMARKS', 1000)
        book.set(normaliseSetNumber(id), line, {
          wanted: true,
          ...(remarks === '' ? {} : { notes: remarks })
        })
      } else if (type === 'M') {
        book.minifig(minifigNumber(id), line, { wanted: true })
      } else {
        const what = TYPE_NAMES[type]
        throw new RowError(
          what
            ? `${what} (ITEMTYPE ${type}) is not something Studbook keeps.`
            : `"${type.slice(0, 5)}" is not a BrickLink item type.`
        )
      }
    })
  })
  return book.finish({
    layout: 'BrickLink wanted list XML',
    labels: new Map(),
    question: null,
    copyMatch: 'carried'
  })
}
