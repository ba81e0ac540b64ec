import type { Binding, ServiceName } from '../shared/protocol/operations'

/**
 * Fault injection, by rule (admin.addFault) or per request (header `x-studbook-fault` holding a
 * FaultKind as JSON). `drop` and `truncate` act on the connection: `handle` marks its Response with
 * a transport directive that the node:http listener carries out on the socket; a direct in-process
 * caller gets the fetch equivalent instead (a rejected promise, a body stream that errors).
 */

export type FaultKind =
  | { readonly type: 'latency'; readonly ms: number }
  | { readonly type: 'drop' }
  /** Send the headers (with the full Content-Length) and only `bytes` of the body (default: half). */
  | { readonly type: 'truncate'; readonly bytes?: number }
  | { readonly type: 'soapFault'; readonly who?: 'client' | 'server'; readonly message?: string }
  | { readonly type: 'html500' }
  /** HTTP GET/POST answered as ASMX does when they are off: 500 "Request format is unrecognized". */
  | { readonly type: 'bindingDisabled' }
  | { readonly type: 'allowanceExhausted' }

export interface FaultRule {
  readonly service?: ServiceName
  readonly operation?: string
  readonly binding?: Binding
  /** Matches when the request path starts with it (case-insensitive). */
  readonly path?: string
  readonly kind: FaultKind
  /** How many matching requests it applies to; unlimited when absent. */
  readonly times?: number
}

export const FAULT_HEADER = 'x-studbook-fault'

interface RequestFacts {
  readonly path: string
  readonly service?: ServiceName
  readonly operation?: string
  readonly binding?: Binding
}

interface LiveRule {
  readonly rule: FaultRule
  left: number
}

export class FaultBook {
  private rules: LiveRule[] = []

  add(rule: FaultRule): () => void {
    const live: LiveRule = { rule, left: rule.times ?? Number.POSITIVE_INFINITY }
    this.rules.push(live)
    return () => {
      this.rules = this.rules.filter((r) => r !== live)
    }
  }

  clear(): void {
    this.rules = []
  }

  /** Every rule matching these facts whose kind passes `want`; each use counts against `times`. */
  take(facts: RequestFacts, want: (k: FaultKind) => boolean): FaultKind[] {
    const out: FaultKind[] = []
    for (const live of this.rules) {
      const r = live.rule
      if (live.left <= 0 || !want(r.kind)) continue
      if (r.service !== undefined && r.service !== facts.service) continue
      if (r.operation !== undefined && r.operation !== facts.operation) continue
      if (r.binding !== undefined && r.binding !== facts.binding) continue
      if (r.path !== undefined && !facts.path.toLowerCase().startsWith(r.path.toLowerCase()))
        continue
      live.left--
      out.push(r.kind)
    }
    this.rules = this.rules.filter((r) => r.left > 0)
    return out
  }
}

const KINDS = new Set([
  'latency',
  'drop',
  'truncate',
  'soapFault',
  'html500',
  'bindingDisabled',
  'allowanceExhausted'
])

/** The per-request fault header, or null when absent or unreadable (then it is ignored). */
export function headerFault(value: string | null): FaultKind | null {
  if (value === null) return null
  try {
    const v: unknown = JSON.parse(value)
    if (
      typeof v !== 'object' ||
      v === null ||
      !('type' in v) ||
      typeof v.type !== 'string' ||
      !KINDS.has(v.type)
    )
      return null
    if (
      v.type === 'latency' &&
      !('ms' in v && typeof v.ms === 'number' && v.ms >= 0 && v.ms <= 60_000)
    )
      return null
    return v as FaultKind
  } catch {
    return null
  }
}

export type TransportDirective =
  { readonly type: 'drop' } | { readonly type: 'truncate'; readonly bytes: number | null }
