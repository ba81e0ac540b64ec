import type { FieldDef, RecordDef } from '../shared/protocol/xsd'

/** XML writing driven by the record tables (docs/protocol.md §3): field order, presence and formats. */

type FieldValue = string | number | boolean | Date | null | undefined
export type FieldValues = Readonly<Record<string, FieldValue>>

const NEEDS_ESCAPE = /[&<>\r"]/
const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '\r': '&#xD;',
  '"': '&quot;'
}

export function escapeXml(s: string): string {
  return NEEDS_ESCAPE.test(s) ? s.replace(/[&<>\r"]/g, (c) => ESCAPES[c] ?? c) : s
}

const p2 = (n: number): string => (n < 10 ? `0${n}` : String(n))

/** `yyyy-MM-ddTHH:mm:ss.fff`, no zone: the service's clock is UTC (docs/protocol.md §3). */
function formatDateTime(d: Date): string {
  return (
    `${d.getUTCFullYear()}-${p2(d.getUTCMonth() + 1)}-${p2(d.getUTCDate())}T` +
    `${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}.` +
    String(d.getUTCMilliseconds()).padStart(3, '0')
  )
}

function formatValue(v: string | number | boolean | Date): string {
  if (typeof v === 'string') return escapeXml(v)
  if (typeof v === 'boolean') return v ? 'true' : 'false'
  if (typeof v === 'number') return String(v)
  return formatDateTime(v)
}

/** The deployment's own name ("brickset" for `https://brickset.com/api/`); null for a `urn:` namespace. */
function serviceNameOf(ns: string): string | null {
  let host: string
  try {
    host = new URL(ns).hostname
  } catch {
    return null
  }
  const labels = host.toLowerCase().split('.')
  return labels.length >= 2 ? (labels[labels.length - 2] ?? null) : null
}

/**
 * A field's element name under a namespace: production names the set link after itself
 * (`bricksetURL`), so a client generated from its WSDL only reads that name (docs/protocol.md §3). The
 * alias comes from the record table; the namespace only picks it, so no deployment name is in code.
 */
function wireName(f: FieldDef, ns: string): string {
  const own = serviceNameOf(ns)
  if (own === null || !f.aliases) return f.name
  return f.aliases.find((a) => a.toLowerCase() === `${own}url`) ?? f.name
}

const NAMES = new WeakMap<RecordDef, Map<string, readonly string[]>>()

/** Element names of a record's fields, in table order; cached, as every record written asks. */
export function wireNames(def: RecordDef, ns: string): readonly string[] {
  let byNs = NAMES.get(def)
  if (!byNs) NAMES.set(def, (byNs = new Map<string, readonly string[]>()))
  let names = byNs.get(ns)
  if (!names) byNs.set(ns, (names = def.fields.map((f) => wireName(f, ns))))
  return names
}

/**
 * The fields of one record, in table order. Value types must be present; a null string is left out
 * and an empty one is self-closing. `indent` null writes compactly (SOAP), else one field per line.
 * Built by concatenation: V8's string ropes beat array joins for these many small pieces.
 */
export function writeFields(
  def: RecordDef,
  values: FieldValues,
  indent: string | null,
  ns = ''
): string {
  const nl = indent === null ? '' : `\n${indent}`
  const names = wireNames(def, ns)
  let out = ''
  for (let i = 0; i < def.fields.length; i++) {
    const f = def.fields[i] as FieldDef
    const name = names[i] ?? f.name
    const v = values[f.name]
    if (v === null || v === undefined) {
      if (f.type !== 'string')
        throw new TypeError(`value field ${def.element}.${f.name} is missing`)
      continue
    }
    const text = formatValue(v)
    out += text === '' ? `${nl}<${name} />` : `${nl}<${name}>${text}</${name}>`
  }
  return out
}

/** A list of records as repeated `<element>` children. */
export function writeRecords(
  def: RecordDef,
  rows: readonly FieldValues[],
  indent: string | null,
  ns = ''
): string {
  const nl = indent === null ? '' : `\n${indent}`
  const inner = indent === null ? null : `${indent}  `
  let out = ''
  for (const row of rows)
    out += `${nl}<${def.element}>${writeFields(def, row, inner, ns)}${nl}</${def.element}>`
  return out
}

export const XML_DECL = '<?xml version="1.0" encoding="utf-8"?>'
export const XSI = 'http://www.w3.org/2001/XMLSchema-instance'
export const XSD = 'http://www.w3.org/2001/XMLSchema'
export const SOAP11_ENV = 'http://schemas.xmlsoap.org/soap/envelope/'
export const SOAP12_ENV = 'http://www.w3.org/2003/05/soap-envelope'
