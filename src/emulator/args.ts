import type { OperationDef } from '../shared/protocol/operations'
import type { Args } from './context'
import type { SoapValue } from './soap-request'

/** Arguments from each binding, checked against the operation table (docs/protocol.md §4). */

const INT = /^\s*[+-]?\d+\s*$/
const INT32_MAX = 2147483647

function parseInt32(text: string): number | null {
  if (!INT.test(text)) return null
  const n = Number(text.trim())
  return n >= -INT32_MAX - 1 && n <= INT32_MAX ? n : null
}

export type ArgsResult = { ok: true; args: Args } | { ok: false; message: string }

/** SOAP: absent elements are empty strings or 0, as ASMX deserialises them. */
export function soapArgs(op: OperationDef, children: ReadonlyMap<string, SoapValue>): ArgsResult {
  const ints = new Map<string, number>()
  for (const p of op.params) {
    const v = children.get(p.name)
    if (p.type !== 'int' || v === undefined || v === null) continue
    const n = typeof v === 'string' ? parseInt32(v) : null
    if (n === null)
      return {
        ok: false,
        message: `Server was unable to read request. ---> There is an error in XML document. ---> Input string was not in a correct format (${p.name}).`
      }
    ints.set(p.name, n)
  }
  return {
    ok: true,
    args: {
      str: (name) => {
        const v = children.get(name)
        return typeof v === 'string' ? v : ''
      },
      int: (name) => ints.get(name) ?? 0,
      has: (name) => children.has(name),
      record: (name) => {
        const v = children.get(name)
        if (typeof v !== 'object' || v === null) return null
        const out: Record<string, string> = Object.create(null) as Record<string, string>
        for (const [k, x] of Object.entries(v)) if (typeof x === 'string') out[k] = x
        return out
      }
    }
  }
}

/** HTTP GET/POST: names match case-insensitively; every declared parameter must be sent. */
export function httpArgs(op: OperationDef, params: URLSearchParams): ArgsResult {
  const byLower = new Map<string, string>()
  for (const [k, v] of params) if (!byLower.has(k.toLowerCase())) byLower.set(k.toLowerCase(), v)
  const values = new Map<string, string>()
  const ints = new Map<string, number>()
  for (const p of op.params) {
    const v = byLower.get(p.name.toLowerCase())
    if (v === undefined)
      return {
        ok: false,
        message: `System.InvalidOperationException: Missing parameter: ${p.name}.`
      }
    values.set(p.name, v)
    if (p.type === 'int') {
      const n = parseInt32(v)
      if (n === null) {
        return {
          ok: false,
          message: `System.ArgumentException: Cannot convert ${v} to System.Int32.\r\nParameter name: ${p.name} ---> System.FormatException: Input string was not in a correct format.`
        }
      }
      ints.set(p.name, n)
    }
  }
  return {
    ok: true,
    args: {
      str: (name) => values.get(name) ?? '',
      int: (name) => ints.get(name) ?? 0,
      has: (name) => values.has(name),
      record: () => null
    }
  }
}
