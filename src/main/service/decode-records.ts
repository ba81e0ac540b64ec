import { AppError } from '../../shared/errors'
import { INT32_MAX, mostlyUnreadable, withRejections } from '../../shared/protocol/record-tolerance'
import type { RecordRejection } from '../../shared/protocol/record-tolerance'
import { RECORDS } from '../../shared/protocol/records'
import type { RecordName } from '../../shared/protocol/records'
import type { FieldDef, XsdType } from '../../shared/protocol/xsd'
import type { XmlHandler } from './xml-parse'
import type { XmlElement } from './xml-tree'

type DecodedValue = string | number | boolean | Date | null
type DecodedRecord = Record<string, DecodedValue>

function bad(message: string, field?: string): AppError {
  return new AppError('bad_xml', message, field === undefined ? undefined : { field })
}

/**
 * Lists read record by record (docs/protocol.md §4a): a record the client cannot read is left out
 * and named, the rest are read; only a list where most records fail is refused. These are the lists
 * the sync stores and never reads as "gone" (the user's sets and figures read a left-out record as
 * unknown, not removed); every other list is read whole or refused.
 */
const PER_RECORD: ReadonlySet<RecordName> = new Set(['sets', 'minifigCollection'])

/** How far past a decimal's bound a value may be and still mean the bound (5.0000001 is 5). */
const ROUNDING = 1e-6

const INT = /^[+-]?\d{1,10}$/
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/
// xsd:dateTime; production writes no zone (the service's local time, read as UTC: docs/protocol.md §3).
const DATE_TIME =
  /^(-?\d{4,})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,7})?(Z|[+-]\d{2}:\d{2})?$/

/** Converts the text of one value by its XSD type; never guesses from the text itself. */
export function convertValue(raw: string, type: XsdType, field: string): DecodedValue {
  if (type === 'string') return raw
  if (type === 'int') {
    // Most ints are a few bare digits: read them without trim, regex and Number's own parse.
    const v = bareDigits(raw)
    if (v !== -1) return v
  }
  // Value types use XSD whitespace collapse; strings keep user text exactly.
  const text = raw.trim()
  switch (type) {
    case 'int': {
      const v = INT.test(text) ? Number(text) : NaN
      if (!Number.isInteger(v) || v > INT32_MAX || v < -INT32_MAX - 1) {
        throw bad(`${field} is not an int: "${text.slice(0, 40)}".`, field)
      }
      return v
    }
    case 'decimal': {
      if (!DECIMAL.test(text))
        throw bad(`${field} is not a decimal: "${text.slice(0, 40)}".`, field)
      return Number(text)
    }
    case 'boolean': {
      if (text === 'true' || text === '1') return true
      if (text === 'false' || text === '0') return false
      throw bad(`${field} is not a boolean: "${text.slice(0, 40)}".`, field)
    }
    case 'dateTime':
      return parseDateTime(text, field)
  }
}

/** The value of 1 to 9 ASCII digits and nothing else (always an int); -1 for anything else. */
function bareDigits(raw: string): number {
  if (raw.length === 0 || raw.length > 9) return -1
  let v = 0
  for (let k = 0; k < raw.length; k++) {
    const d = raw.charCodeAt(k) - 48
    if (d < 0 || d > 9) return -1
    v = v * 10 + d
  }
  return v
}

function parseDateTime(text: string, field: string): Date {
  const m = DATE_TIME.exec(text)
  if (m === null) throw bad(`${field} is not a dateTime: "${text.slice(0, 40)}".`, field)
  const zone = m[8] ?? 'Z'
  const frac = (m[7] ?? '').slice(0, 4)
  const iso = `${m[1] ?? ''}-${m[2] ?? ''}-${m[3] ?? ''}T${m[4] ?? ''}:${m[5] ?? ''}:${m[6] ?? ''}${frac}${zone}`
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) throw bad(`${field} is not a valid date: "${text}".`, field)
  return d
}

/**
 * One record type's reading, built once from its table. Every record starts as a copy of a
 * template holding every field in table order, so all records of a type share one fixed shape
 * (V8 keeps them in fast mode; a record built key by key ends in dictionary mode past a dozen
 * fields). Duplicates are found by stamping a field with the record's number: no set per record.
 */
class RecordReader {
  readonly element: string
  private readonly fields: readonly FieldDef[]
  private readonly names: readonly string[]
  private readonly byElement = new Map<string, number>()
  private readonly template: DecodedRecord
  private readonly seenIn: Int32Array
  private stamp = 0
  private next = 0
  private out: DecodedRecord = {}
  private field = -1

  constructor(readonly record: RecordName) {
    const def = RECORDS[record]
    this.element = def.element
    this.fields = def.fields
    this.names = this.fields.map((f) => f.name)
    this.fields.forEach((f, k) => {
      this.byElement.set(f.name, k)
      for (const alias of f.aliases ?? []) this.byElement.set(alias, k)
    })
    // JSON.parse builds a fast-mode object whatever its size; an omitted string reads as its default.
    const defaults = this.fields.map((f) => [f.name, f.required && f.type === 'string' ? '' : null])
    // Our own table's defaults, not an answer's text: nothing to check, only the shape to keep.
    const template: unknown = JSON.parse(JSON.stringify(Object.fromEntries(defaults)))
    this.template = template as DecodedRecord
    this.seenIn = new Int32Array(this.fields.length)
  }

  begin(): void {
    this.out = { ...this.template }
    this.stamp = this.stamp === 0x7fffffff ? 1 : this.stamp + 1
    if (this.stamp === 1) this.seenIn.fill(0)
    this.next = 0
  }

  /** A child element of the record: false when the table does not know it (skipped). */
  openField(local: string, ns: string, expectedNs: string): boolean {
    if (ns !== expectedNs) throw bad(`Unexpected element in ${this.record}: namespace ${ns}.`)
    // Fields come in table order: try the next one before the map.
    const guess = this.names[this.next]
    const k = guess === local ? this.next : this.byElement.get(local)
    if (k === undefined) return false
    const f = this.fields[k] as FieldDef
    if (this.seenIn[k] === this.stamp) throw bad(`${this.record}.${f.name} appears twice.`, f.name)
    this.seenIn[k] = this.stamp
    this.field = k
    this.next = k + 1
    return true
  }

  /** The open known field holds an element. */
  markup(): AppError {
    const name = this.names[this.field] ?? ''
    return bad(`${this.record}.${name} holds markup.`, name)
  }

  /** The open known field ends with this text (null: it was nil). */
  closeField(text: string | null): void {
    const f = this.fields[this.field] as FieldDef
    let value = text === null ? null : convertValue(text, f.type, f.name)
    if (f.max !== undefined && typeof value === 'number' && value > f.max) {
      if (value - f.max > ROUNDING) {
        throw bad(`${this.record}.${f.name} is above ${f.max}: ${value}.`, f.name)
      }
      value = f.max
    }
    if (f.min !== undefined && typeof value === 'number' && value < f.min) {
      throw bad(`${this.record}.${f.name} is below ${f.min}: ${value}.`, f.name)
    }
    this.out[f.name] = value
  }

  /** The record's own id (its first field: setID, minifigNumber) when read so far; else null. */
  id(): string | number | null {
    const v = this.out[this.names[0] ?? '']
    return typeof v === 'string' || typeof v === 'number' ? v : null
  }

  /** The record ends: required values must be there and not nil. */
  end(): DecodedRecord {
    const fields = this.fields
    for (let k = 0; k < fields.length; k++) {
      const f = fields[k] as FieldDef
      if (this.seenIn[k] === this.stamp) {
        if (f.required && this.out[f.name] === null) {
          throw bad(`${this.record}.${f.name} is nil.`, f.name)
        }
      } else if (f.type !== 'string') throw bad(`${this.record}.${f.name} is missing.`, f.name)
    }
    return this.out
  }
}

const READERS = new Map<RecordName, RecordReader>()

function readerOf(record: RecordName): RecordReader {
  let reader = READERS.get(record)
  if (reader === undefined) {
    reader = new RecordReader(record)
    READERS.set(record, reader)
  }
  return reader
}

/**
 * One record from its element, driven by the record table: every table field appears in the result
 * (omitted or nil strings as null), value types must be present, duplicates and nested markup are
 * refused. Unknown elements are skipped so a deployment may add fields without breaking us.
 */
export function decodeRecord(el: XmlElement, record: RecordName, ns: string): DecodedRecord {
  const reader = readerOf(record)
  reader.begin()
  for (const child of el.children) {
    if (!reader.openField(child.local, child.ns, ns)) continue
    if (child.children.length > 0) throw reader.markup()
    reader.closeField(child.nil ? null : child.text)
  }
  return reader.end()
}

/**
 * The records inside one list element, read as the parser reports them (xml-tree.ts routes the
 * list's inside here), so no element of a record becomes a tree node: a field's text goes straight
 * into its record. The first complaint is kept, not thrown, so a document that is not well-formed
 * further on is still refused as such first, as when the whole tree was built before decoding;
 * text between the records outranks any record's complaint (it was checked first).
 */
export class ListReader implements XmlHandler {
  private readonly reader: RecordReader
  private readonly records: DecodedRecord[] = []
  private readonly rejected: RecordRejection[] = []
  /** This list's records are read one by one (PER_RECORD); else the first complaint refuses it. */
  private readonly perRecord: boolean
  /** The record being read: its place in the list. */
  private index = -1
  /** The first complaint about a record left out, kept in case most are (then the list fails). */
  private firstRejection: AppError | null = null
  private depth = 0
  /** Depth from which everything is skipped (a nil record, an unknown field, after a complaint). */
  private skipFrom = Number.MAX_SAFE_INTEGER
  private fieldText = ''
  private fieldNil = false
  private textError = false
  private error: AppError | null = null

  constructor(
    readonly record: RecordName,
    private readonly ns: string,
    /** The list element is nil: no records, nothing inside is read. */
    private readonly nil: boolean
  ) {
    this.reader = readerOf(record)
    this.perRecord = PER_RECORD.has(record)
  }

  /**
   * The records, or the first complaint about them. A per-record list gives the records it could
   * read, with those it left out beside it (record-tolerance.ts), unless most were left out.
   */
  result(): DecodedRecord[] {
    if (this.nil) return []
    if (this.textError) throw bad(`Text where ${this.record} records were expected.`)
    if (this.error !== null) throw this.error
    if (this.firstRejection !== null && mostlyUnreadable(this.records.length, this.rejected.length))
      throw this.firstRejection
    return withRejections(this.records, this.rejected)
  }

  open(local: string, ns: string, nil: boolean): void {
    const depth = ++this.depth
    if (depth >= this.skipFrom) return
    try {
      if (depth === 1) {
        if (ns !== this.ns || local !== this.reader.element) {
          throw bad(
            `Unexpected element <${local}> where ${this.reader.element} records were expected.`
          )
        }
        this.index++
        if (nil) this.skipFrom = 1
        else this.reader.begin()
      } else if (depth === 2) {
        if (!this.reader.openField(local, ns, this.ns)) this.skipFrom = 2
        this.fieldText = ''
        this.fieldNil = nil
      } else throw this.reader.markup()
    } catch (e) {
      this.fail(e, depth)
    }
  }

  text(text: string): void {
    if (this.depth === 0) {
      if (text.trim() !== '') this.textError = true
    } else if (this.depth === 2 && this.skipFrom > 2) this.fieldText += text
  }

  cdata(text: string): void {
    this.text(text)
  }

  close(): void {
    const depth = this.depth--
    if (depth >= this.skipFrom) {
      if (depth === this.skipFrom && this.error === null) this.skipFrom = Number.MAX_SAFE_INTEGER
      return
    }
    try {
      if (depth === 2) this.reader.closeField(this.fieldNil ? null : this.fieldText)
      else if (depth === 1) this.records.push(this.reader.end())
    } catch (e) {
      this.fail(e, depth, depth === 1)
    }
  }

  /**
   * A complaint at `depth`: in a per-record list, one inside a record (not the list's own shape,
   * an element where a record should be) leaves that record out and reading goes on with the next;
   * anything else is kept to refuse the list. `closed`: the record has already ended.
   */
  private fail(e: unknown, depth: number, closed = false): void {
    if (!(e instanceof AppError)) throw e
    const inRecord = depth >= 2 || (depth === 1 && closed)
    if (this.perRecord && inRecord) {
      const field = typeof e.detail?.field === 'string' ? e.detail.field : ''
      this.rejected.push({ index: this.index, id: this.reader.id(), field, message: e.message })
      this.firstRejection ??= e
      // The rest of the record is skipped; a record already ended needs nothing skipped.
      if (!closed) this.skipFrom = 1
      return
    }
    this.error = e
    this.skipFrom = 1
  }
}
