import { AppError } from '../../shared/errors'
import type { FileBytes } from '../../shared/ipc/file-wire'
import { IMPORT_LIMITS, overLimit } from './import-limits'

/** A file's text and the encoding it was read in, in the words the preview shows. */
export interface DecodedText {
  readonly text: string
  readonly encoding: string
  /** Something about the bytes the user should know (extra byte order marks were dropped). */
  readonly notice?: string
}

/**
 * A second byte order mark (a tool that added one to text that had one) is taken off with a
 * notice rather than refused: the text after it is the file the user meant, and a mark left at
 * the start would hide the first column's name. Only marks at the very start are touched.
 */
function dropExtraMarks(decoded: DecodedText, declared: boolean): DecodedText {
  const extra = /^\uFEFF*/.exec(decoded.text)?.[0].length ?? 0
  if (extra === 0) return decoded
  const marks = extra + (declared ? 1 : 0)
  return {
    ...decoded,
    text: decoded.text.slice(extra),
    ...(marks > 1
      ? { notice: `The file starts with ${marks} byte order marks; the extra ones were ignored.` }
      : {})
  }
}

function decode(label: string, bytes: Uint8Array, fatal: boolean): string {
  return new TextDecoder(label, { fatal }).decode(bytes)
}

/**
 * UTF-16 without a byte order mark ("Unicode text" from some spreadsheets): text of mostly Latin
 * letters has a zero in every other byte. Judged on the first 4 KB.
 */
function bomlessUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(bytes.length, 4096) & ~1
  if (n < 4) return null
  let evenZero = 0
  let oddZero = 0
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZero++
    if (bytes[i + 1] === 0) oddZero++
  }
  const pairs = n / 2
  if (oddZero > pairs * 0.3 && evenZero === 0) return 'utf-16le'
  if (evenZero > pairs * 0.3 && oddZero === 0) return 'utf-16be'
  return null
}

const starts = (bytes: Uint8Array, ...lead: number[]): boolean =>
  lead.every((b, i) => bytes[i] === b)

/**
 * Reads an import file's bytes: UTF-8 with or without a byte order mark, UTF-16 either way round
 * (with a mark, or recognised without one), and Windows-1252 for what is not valid UTF-8 (what
 * spreadsheets on Windows write as "CSV"). Workbooks and other binary files are refused by name.
 */
function decodeFile(bytes: Uint8Array): DecodedText {
  if (starts(bytes, 0x50, 0x4b, 0x03, 0x04) || starts(bytes, 0xd0, 0xcf, 0x11, 0xe0)) {
    throw new AppError(
      'invalid_input',
      'This is a spreadsheet workbook, not a text file: save it as CSV and import that.',
      { field: 'data' }
    )
  }
  let decoded: DecodedText
  try {
    if (starts(bytes, 0xef, 0xbb, 0xbf)) {
      decoded = { text: decode('utf-8', bytes, true), encoding: 'UTF-8 with BOM' }
    } else if (starts(bytes, 0xff, 0xfe)) {
      decoded = { text: decode('utf-16le', bytes, true), encoding: 'UTF-16 LE' }
    } else if (starts(bytes, 0xfe, 0xff)) {
      decoded = { text: decode('utf-16be', bytes, true), encoding: 'UTF-16 BE' }
    } else {
      const utf16 = bomlessUtf16(bytes)
      if (utf16 !== null) {
        decoded = {
          text: decode(utf16, bytes, true),
          encoding: utf16 === 'utf-16le' ? 'UTF-16 LE' : 'UTF-16 BE'
        }
      } else {
        try {
          decoded = { text: decode('utf-8', bytes, true), encoding: 'UTF-8' }
        } catch {
          decoded = { text: decode('windows-1252', bytes, false), encoding: 'Windows-1252' }
        }
      }
    }
  } catch (cause) {
    throw new AppError(
      'invalid_input',
      'The file is not valid text in the encoding it declares.',
      { field: 'data' },
      { cause }
    )
  }
  if (decoded.text.includes('\u0000')) {
    throw new AppError('invalid_input', 'This is not a text file.', { field: 'data' })
  }
  return dropExtraMarks(decoded, hasMark(bytes))
}

const hasMark = (bytes: Uint8Array): boolean =>
  starts(bytes, 0xef, 0xbb, 0xbf) || starts(bytes, 0xff, 0xfe) || starts(bytes, 0xfe, 0xff)

/** The text of a file's bytes, within the byte cap. */
export function bytesText(bytes: Uint8Array): DecodedText {
  if (bytes.length > IMPORT_LIMITS.bytes) throw overLimit('bytes')
  return decodeFile(bytes)
}

/**
 * The text of an import: decoded from bytes, or already text (tests, scripts). Takes the checked
 * IPC input as it is: a field left undefined was not sent.
 */
export function importText(input: {
  readonly content?: string | undefined
  readonly data?: FileBytes | undefined
}): DecodedText {
  if (input.data !== undefined) return bytesText(Buffer.concat(input.data))
  return dropExtraMarks({ text: input.content ?? '', encoding: 'text' }, false)
}
