import { AppError } from '../../shared/errors'
import { RECORDS } from '../../shared/protocol/records'
import type { RecordName } from '../../shared/protocol/records'
import type { FieldDef, XsdType } from '../../shared/protocol/xsd'
import type { XmlElement } from './xml-tree'

type DecodedValue = string | number | boolean | Date | null
type DecodedRecord = Record<string, DecodedValue>

function bad(message: string, field?: string): AppError {
  return new AppError('bad_xml', message, field === undefined ? undefined : { field })
}

const INT = /^[+-]?\d{1,10}$/
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/
// xsd:dateTime; production writes no zone (the service's local time, read as UTC: docs/protocol.md §3).
const DATE_TIME =
  /^(-?\d{4,})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,7})?(Z|[+-]\d{2}:\d{2})?$/

/** Converts the text of one value by its XSD type; never guesses from the text itself. */
export function convertValue(raw: string, type: XsdType, field: string): DecodedValue {
  if (type === 'string') return raw
  // Value types use XSD whitespace collapse; strings keep user text exactly.
  const text = raw.trim()
  switch (type) {
    case 'int': {
      const v = INT.test(text) ? Number(text) : NaN
      if (!Number.isInteger(v) || v > 2147483647 || v < -2147483648) {
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

interface FieldIndex {
  readonly fields: readonly FieldDef[]
  readonly byElement: ReadonlyMap<string, FieldDef>
}

const INDEXES = new Map<RecordName, FieldIndex>()

function indexOf(record: RecordName): FieldIndex {
  let idx = INDEXES.get(record)
  if (idx === undefined) {
    const byElement = new Map<string, FieldDef>()
    const fields: readonly FieldDef[] = RECORDS[record].fields
    for (const f of fields) {
      byElement.set(f.name, f)
      for (const alias of f.aliases ?? []) byElement.set(alias, f)
    }
    idx = { fields, byElement }
    INDEXES.set(record, idx)
  }
  return idx
}

/**
 * One record from its element, driven by the record table: every table field appears in the result
 * (omitted or nil strings as null), value types must be present, duplicates and nested markup are
 * refused. Unknown elements are skipped so a deployment may add fields without breaking us.
 */
export function decodeRecord(el: XmlElement, record: RecordName, ns: string): DecodedRecord {
  const { fields, byElement } = indexOf(record)
  const out: DecodedRecord = {}
  const seen = new Set<string>()
  for (const child of el.children) {
    if (child.ns !== ns) throw bad(`Unexpected element in ${record}: namespace ${child.ns}.`)
    const f = byElement.get(child.local)
    if (f === undefined) continue
    if (seen.has(f.name)) throw bad(`${record}.${f.name} appears twice.`, f.name)
    if (child.children.length > 0) throw bad(`${record}.${f.name} holds markup.`, f.name)
    seen.add(f.name)
    const value = child.nil ? null : convertValue(child.text, f.type, f.name)
    if (f.min !== undefined && typeof value === 'number' && value < f.min) {
      throw bad(`${record}.${f.name} is below ${f.min}: ${value}.`, f.name)
    }
    out[f.name] = value
  }
  for (const f of fields) {
    if (seen.has(f.name)) {
      if (out[f.name] === null && f.required) throw bad(`${record}.${f.name} is nil.`, f.name)
      continue
    }
    if (f.type !== 'string') throw bad(`${record}.${f.name} is missing.`, f.name)
    out[f.name] = f.required ? '' : null
  }
  return out
}

/** The records under a list element, in order; nil items are skipped. */
export function decodeList(
  parent: XmlElement | undefined,
  record: RecordName,
  ns: string
): DecodedRecord[] {
  if (parent === undefined || parent.nil) return []
  if (parent.text.trim() !== '') throw bad(`Text where ${record} records were expected.`)
  const element = RECORDS[record].element
  const out: DecodedRecord[] = []
  for (const child of parent.children) {
    if (child.ns !== ns || child.local !== element) {
      throw bad(`Unexpected element <${child.local}> where ${element} records were expected.`)
    }
    if (child.nil) continue
    out.push(decodeRecord(child, record, ns))
  }
  return out
}
