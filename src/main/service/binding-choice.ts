import { AppError } from '../../shared/errors'
import type { Binding, OperationDef, ServiceName } from '../../shared/protocol/operations'
import type { ServiceDescription } from './discovery'
import { carriesPassword } from './secret-params'

/**
 * The order `binding: 'auto'` tries. HTTP POST first: the smallest bodies, production's own test form,
 * and it keeps secrets out of URLs (unlike GET). The first call is the probe; a refusal drops the
 * binding for that operation for the session and the same call falls back once, to SOAP 1.1. v3
 * answers JSON only over the HTTP bindings (docs/protocol.md §5).
 */
const AUTO_ORDER: Readonly<Record<ServiceName, readonly Binding[]>> = {
  v2: ['httpPost', 'soap11', 'soap12', 'httpGet'],
  v3: ['httpPost', 'httpGet', 'soap11', 'soap12'],
  legacy: ['httpPost', 'soap11', 'soap12', 'httpGet']
}

/**
 * Which bindings a call may use, and those the service refused this session. A refusal counts for
 * its operation only: ASMX answers an operation it does not have exactly as it answers a binding
 * that is off (docs/protocol.md §4, "Request format is unrecognized"), so one unknown operation must
 * not cost the service's other operations their binding.
 */
export class BindingChoice {
  private readonly refused = new Set<string>()

  constructor(private readonly preferred: 'auto' | Binding) {}

  /** True when the call should know the service's bindings (auto, nothing forced). */
  needsDescription(explicit: Binding | undefined): boolean {
    return explicit === undefined && this.preferred === 'auto'
  }

  /** The service refused an operation over a binding: that pair is not tried again this session. */
  refuse(op: OperationDef, binding: Binding): void {
    this.refused.add(refusalKey(op, binding))
  }

  /** The bindings to try in order: one when fixed, at most two (probe and fallback) in auto. */
  candidates(
    op: OperationDef,
    description: ServiceDescription | null,
    explicit: Binding | undefined
  ): Binding[] {
    if (explicit !== undefined) return [this.forced(op, explicit)]
    const offered = (b: Binding): boolean =>
      usable(op, b) &&
      !this.refused.has(refusalKey(op, b)) &&
      (description === null || description.bindings[b].includes(op.name))
    const { preferred } = this
    if (preferred !== 'auto') {
      const order = [preferred, ...AUTO_ORDER[op.service].filter((b) => b !== preferred)]
      // A fixed binding is used as is; only SOAP-only operations move to SOAP.
      return usable(op, preferred) ? [preferred] : order.filter(offered).slice(0, 1)
    }
    const list = AUTO_ORDER[op.service].filter(offered)
    if (list.length === 0) {
      throw new AppError('binding_unsupported', `No binding is left for ${op.name}.`, {
        operation: op.name,
        service: op.service
      })
    }
    return list.slice(0, 2)
  }

  private forced(op: OperationDef, explicit: Binding): Binding {
    if (!usable(op, explicit)) {
      throw new AppError('binding_unsupported', `${op.name} is not offered over ${explicit}.`, {
        operation: op.name,
        service: op.service,
        binding: explicit
      })
    }
    return explicit
  }
}

function refusalKey(op: OperationDef, b: Binding): string {
  return `${op.service}:${op.name}:${b}`
}

/** The table offers the binding, and it would not put a password in a URL. */
function usable(op: OperationDef, b: Binding): boolean {
  return op.bindings.includes(b) && !(b === 'httpGet' && carriesPassword(op))
}
