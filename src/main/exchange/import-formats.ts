import { AppError } from '../../shared/errors'
import { FORMAT_TITLES } from '../../shared/model/exchange'
import type { ImportFormat } from '../../shared/model/exchange'
import { readBrickEconomy } from './brickeconomy'
import { readBricklink } from './bricklink'
import { readBrickset } from './brickset'
import { DELIMITER_NAMES, hasColumns, readCsv } from './csv'
import type { CsvTable, ReadProgress } from './csv'
import type { ParsedFile, ReadContext } from './import-types'
import { readRebrickable } from './rebrickable'
import { readStudbook } from './studbook-full'
import type { DecodedText } from './text-decode'

/** Which known format a CSV header belongs to, by the columns only that format has. */
function recognise(table: CsvTable): ImportFormat | null {
  const has = (...c: string[]): boolean => hasColumns(table, c)
  if (has('Kind', 'Copy ID')) return 'studbook'
  if (has('Number', 'Qty owned') || has('Number', 'Variant', 'QtyOwned')) return 'collection'
  if (has('Set Number', 'Quantity')) return 'rebrickable'
  if (has('Number', 'Paid') || has('Number', 'Owned', 'Wanted')) return 'brickeconomy'
  return null
}

function wrongFormat(chosen: ImportFormat, found: ImportFormat): AppError {
  return new AppError(
    'invalid_input',
    `This is a ${FORMAT_TITLES[found]} file, not a ${FORMAT_TITLES[chosen]} file: choose ` +
      `"${FORMAT_TITLES[found]}" as the format and try again.`,
    { field: 'format' }
  )
}

/** The file's layout, encoding and separator in words, for the preview. */
function readAs(file: ParsedFile, text: DecodedText, table: CsvTable | null): string {
  const parts = [file.layout]
  if (text.encoding !== 'text') parts.push(text.encoding)
  if (table) parts.push(`${DELIMITER_NAMES[table.delimiter]}-separated`)
  return parts.join(', ')
}

/**
 * Reads an import file into intents. A file of another known format is refused by name rather
 * than read as the chosen one (our full export read as a Brickset file lowered quantities).
 */
export function parseImport(
  format: ImportFormat,
  text: DecodedText,
  ctx: ReadContext,
  onProgress?: ReadProgress
): ParsedFile & { readonly readAs: string } {
  const looksXml = text.text.trimStart().startsWith('<')
  if (format === 'bricklink') {
    if (!looksXml) {
      const found = recognise(readCsv(text.text, onProgress))
      if (found) throw wrongFormat(format, found)
    }
    const file = readBricklink(text.text)
    return { ...file, readAs: readAs(file, text, null) }
  }
  if (looksXml) throw wrongFormat(format, 'bricklink')
  const table = readCsv(text.text, onProgress)
  const found = recognise(table)
  if (found !== null && found !== format) throw wrongFormat(format, found)
  const file = ((): ParsedFile => {
    switch (format) {
      case 'studbook':
        return readStudbook(table, ctx)
      case 'collection':
        return readBrickset(table, ctx)
      case 'rebrickable':
        return readRebrickable(table)
      case 'brickeconomy':
        return readBrickEconomy(table, ctx)
    }
  })()
  return { ...file, readAs: readAs(file, text, table) }
}
