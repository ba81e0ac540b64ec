import { AppError } from '../../shared/errors'
import { SETS } from '../../shared/protocol/records'
import type { SetRecord } from '../../shared/protocol/records'
import type { XsdType } from '../../shared/protocol/xsd'

/** v3 is optional on a service: these errors say "not offered here", so a pull degrades to v2. */
export function v3Unavailable(e: unknown): boolean {
  return (
    e instanceof AppError &&
    [
      'binding_unsupported',
      'server_error',
      'soap_fault_client',
      'unexpected_empty_body',
      'bad_json',
      'not_found'
    ].includes(e.code)
  )
}

function convert(v: unknown, type: XsdType): unknown {
  switch (type) {
    case 'int':
    case 'decimal': {
      const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN
      return Number.isFinite(n) ? n : 0
    }
    case 'boolean':
      return v === true || v === 1 || v === 'true' || v === '1'
    case 'dateTime': {
      // The service writes local time without a zone; protocol.md §3 says to read it as UTC.
      const text = typeof v === 'string' ? v : ''
      const t = Date.parse(/[zZ]|[+-]\d{2}:?\d{2}$/.test(text) ? text : `${text}Z`)
      return new Date(Number.isFinite(t) ? t : 0)
    }
    case 'string':
      return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null
  }
}

/**
 * A set of a v3 getSets JSON page as the typed record the v2 decoder gives, driven by the shared
 * record table (field names, aliases, types), so both paths store identical rows.
 */
export function setFromJson(o: Readonly<Record<string, unknown>>): SetRecord {
  const out: Record<string, unknown> = {}
  for (const f of SETS.fields) {
    let raw = o[f.name]
    if (raw === undefined && 'aliases' in f) {
      for (const a of f.aliases) if (o[a] !== undefined) raw = o[a]
    }
    out[f.name] = convert(raw, f.type)
  }
  return out as SetRecord
}

export function setsOfPage(page: unknown): SetRecord[] | null {
  const sets = (page as { sets?: unknown } | null)?.sets
  if (!Array.isArray(sets)) return null
  return (sets as Record<string, unknown>[]).map(setFromJson)
}
