import { AppError } from '../../shared/errors'
import type { Binding, OperationDef, ServiceName } from '../../shared/protocol/operations'
import { isSoap } from './bindings'
import type { ServiceDescription } from './discovery'
import { bindingName, everyBindingRefused } from './refusals'
import { carriesPassword } from './secret-params'

/**
 * The order `binding: 'auto'` tries. HTTP POST first: the smallest bodies, production's own test form,
 * and it keeps secrets out of URLs (unlike GET). v3 answers JSON only over the HTTP bindings
 * (docs/protocol.md §5), so a JSON operation never moves to SOAP.
 */
const AUTO_ORDER: Readonly<Record<ServiceName, readonly Binding[]>> = {
  v2: ['httpPost', 'soap11', 'soap12', 'httpGet'],
  v3: ['httpPost', 'httpGet', 'soap11', 'soap12'],
  legacy: ['httpPost', 'soap11', 'soap12', 'httpGet']
}

/**
 * Which bindings a call may use, those the service refused this session and the one that last
 * worked (docs/protocol.md §4). A refusal counts for its operation only: ASMX answers an operation
 * it does not have exactly as it answers a binding that is off, so one unknown operation must not
 * cost the service's other operations their binding. A binding that worked goes first for every
 * operation of its service from then on, so a service that takes one binding only costs its
 * refused requests once, not once per operation.
 */
export class BindingChoice {
  private readonly refused = new Set<string>()
  private readonly worked = new Map<ServiceName, Binding>()

  constructor(private readonly preferred: 'auto' | Binding) {}

  /** True when the call picks its binding itself: auto, nothing forced; it then falls back. */
  needsDescription(explicit: Binding | undefined): boolean {
    return explicit === undefined && this.preferred === 'auto'
  }

  /** The service refused an operation over a binding: that pair is not tried again this session. */
  refuse(op: OperationDef, binding: Binding): void {
    this.refused.add(refusalKey(op, binding))
  }

  /** The service answered an operation over a binding: its other operations try that one first. */
  succeeded(op: OperationDef, binding: Binding): void {
    this.worked.set(op.service, binding)
  }

  /** A binding that has answered this service this session: its error pages are faults, not refusals. */
  hasWorked(op: OperationDef, binding: Binding): boolean {
    return this.worked.get(op.service) === binding
  }

  /** The bindings to try in order: one when fixed; in auto every one offered and not refused. */
  candidates(
    op: OperationDef,
    description: ServiceDescription | null,
    explicit: Binding | undefined
  ): Binding[] {
    if (explicit !== undefined) return [this.forced(op, explicit)]
    const possible = (b: Binding): boolean =>
      usable(op, b) &&
      !(op.result.kind === 'json' && isSoap(b)) &&
      (description === null || description.bindings[b].includes(op.name))
    const { preferred } = this
    if (preferred !== 'auto') {
      const order = [preferred, ...AUTO_ORDER[op.service].filter((b) => b !== preferred)]
      // A fixed binding is used as is; only SOAP-only operations move to SOAP.
      return usable(op, preferred)
        ? [preferred]
        : order.filter((b) => possible(b) && !this.refused.has(refusalKey(op, b))).slice(0, 1)
    }
    const worked = this.worked.get(op.service)
    const order = AUTO_ORDER[op.service].filter(possible)
    const first = worked !== undefined && order.includes(worked) ? [worked] : []
    const list = [...first, ...order.filter((b) => b !== worked)].filter(
      (b) => !this.refused.has(refusalKey(op, b))
    )
    if (list.length === 0) {
      throw order.length === 0
        ? new AppError('binding_unsupported', `No binding is left for ${op.name}.`, {
            operation: op.name,
            service: op.service
          })
        : everyBindingRefused(op.name, order, null)
    }
    return list
  }

  /** Every binding refused for an operation this session, in the order they are tried. */
  refusedFor(op: OperationDef): Binding[] {
    return AUTO_ORDER[op.service].filter((b) => this.refused.has(refusalKey(op, b)))
  }

  private forced(op: OperationDef, explicit: Binding): Binding {
    if (!usable(op, explicit)) {
      throw new AppError(
        'binding_unsupported',
        `${op.name} is not offered over ${bindingName(explicit)}. Choose Automatic in Settings.`,
        {
          operation: op.name,
          service: op.service,
          binding: explicit
        }
      )
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
