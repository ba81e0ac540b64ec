import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { AppError } from '../../shared/errors'
import { IMPORT_LIMITS, overLimit } from './import-limits'
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

/** What goes into a wanted set's REMARKS: nothing, or its notes when the user chose so. */
export type BricklinkRemarks = 'none' | 'notes'

/**
 * The wanted sets and the wanted minifigures. A set's notes are the user's own (where it is
 * kept, what it cost): they become REMARKS only when asked for, never by default. An owned copy's
 * notes never do (a wanted item's remarks are the wanted note).
 */
export function bricklinkXml(
  c: ExportCollection,
  remarks: BricklinkRemarks
): { content: string; rows: number } {
  const sets = c.sets
    .filter((s) => s.wanted)
    .map((s) => item('S', s.fullNumber, remarks === 'notes' ? s.notes : ''))
  const figs = c.minifigs.filter((m) => m.wanted).map((m) => item('M', m.number, ''))
  return {
    content: `<INVENTORY>\n${[...sets, ...figs].join('')}</INVENTORY>\n`,
    rows: sets.length + figs.length
  }
}

/** Comments and CDATA blanked out (line breaks kept), so tags inside them are not counted. */
const plainXml = (text: string): string =>
  text.replace(/<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>/g, (c) => c.replace(/[^\r\n]/g, ' '))

/**
 * The line each `<ITEM>` opens on, in document order: one pass, counting line ends as it goes
 * (slicing the text up to each item was quadratic: 300,000 items ran for minutes). CRLF, CR and
 * LF each end one line.
 */
function itemLines(plain: string): number[] {
  const lines: number[] = []
  let line = 1
  let at = 0
  for (const m of plain.matchAll(/<ITEM[\s>/]/g)) {
    for (; at < m.index; at++) {
      const c = plain.charCodeAt(at)
      // A CRLF is counted at its CR; a LF right after a CR belongs to it.
      if (c === 13 || (c === 10 && plain.charCodeAt(at - 1) !== 13)) line++
    }
    lines.push(line)
    if (lines.length > IMPORT_LIMITS.rows) throw overLimit('items')
  }
  return lines
}

const notWantedList = (why: string): AppError =>
  new AppError('invalid_input', `This does not look like a BrickLink wanted list: ${why}.`, {
    field: 'content'
  })

/**
 * Refuses elements nested deeper than a wanted list ever is, before any parser recurses into
 * them: 200,000 levels overflowed the parser's stack and came out as an internal error. Quoted
 * attribute values may hold `>` or `/>`, so they are skipped as a whole.
 */
function checkDepth(plain: string): void {
  let depth = 0
  for (const m of plain.matchAll(/<(\/?)[A-Za-z_:][^\s/>]*(?:[^>"']|"[^"]*"|'[^']*')*?(\/?)>/g)) {
    if (m[1] === '/') depth--
    else if (m[2] !== '/' && ++depth > IMPORT_LIMITS.xmlDepth) {
      throw notWantedList(`its elements are nested more than ${IMPORT_LIMITS.xmlDepth} deep`)
    }
  }
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
  const plain = plainXml(text)
  checkDepth(plain)
  const lines = itemLines(plain)
  let doc: { INVENTORY?: { ITEM?: XmlItem[] } | '' }
  try {
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
    doc = new XMLParser({
      ignoreDeclaration: true,
      parseTagValue: false,
      trimValues: true,
      isArray: (name) => name === 'ITEM'
    }).parse(text) as { INVENTORY?: { ITEM?: XmlItem[] } | '' }
  } catch (e) {
    // Depth is checked above; a stack that still runs out is the same refusal, never "internal".
    if (e instanceof RangeError) throw notWantedList('its elements are nested too deep')
    throw e
  }
  if (doc.INVENTORY === undefined) throw notWantedList('it has no <INVENTORY>')
  const items = doc.INVENTORY === '' ? [] : (doc.INVENTORY.ITEM ?? [])
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
