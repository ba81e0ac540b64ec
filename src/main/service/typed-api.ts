import { acknowledges, operationsOf } from '../../shared/protocol/operations'
import type { OperationDef, OperationName, ServiceName } from '../../shared/protocol/operations'
import type {
  NeedsParams,
  ParamsOf,
  RecordInput,
  ResultOf
} from '../../shared/protocol/operation-types'
import type { CallOptions } from './types'

export type {
  Int,
  JsonParams,
  ParamsOf,
  ResultOf,
  Text,
  V3Result
} from '../../shared/protocol/operation-types'

/** A copy to write with setCollectionDetail (docs/protocol.md §2). */
export type CollectionDetailInput = RecordInput<'collectionDetails'>

/** One operation as a typed call: parameters may be left out only when none is required. */
type OperationCall<S extends ServiceName, N extends OperationName<S>> =
  NeedsParams<S, N> extends true
    ? (params: ParamsOf<S, N>, options?: CallOptions) => Promise<ResultOf<S, N>>
    : (params?: ParamsOf<S, N>, options?: CallOptions) => Promise<ResultOf<S, N>>

/** Every operation of one service, derived from the operation table. */
type ServiceApi<S extends ServiceName> = {
  readonly [N in OperationName<S>]: OperationCall<S, N>
}
export type V2Api = ServiceApi<'v2'>
export type V3Api = ServiceApi<'v3'>
export type LegacyApi = ServiceApi<'legacy'>

/** The table-driven call every typed call goes through. */
export type GenericCall = (
  service: ServiceName,
  operation: string,
  params?: Readonly<Record<string, unknown>>,
  options?: CallOptions
) => Promise<unknown>

type RuntimeCall = (
  params?: Readonly<Record<string, unknown>>,
  options?: CallOptions
) => Promise<unknown>

/** Parameters the table marks as JSON take an object too; it is sent as JSON text. */
function jsonParams(
  op: OperationDef,
  params: Readonly<Record<string, unknown>>
): Readonly<Record<string, unknown>> {
  const out: Record<string, unknown> = { ...params }
  for (const p of op.params) {
    const v = out[p.name]
    if (p.json === true && typeof v === 'object' && v !== null) out[p.name] = JSON.stringify(v)
  }
  return out
}

/** The typed calls of one service, built from the same table rows their types are derived from. */
export function serviceApi<S extends ServiceName>(service: S, call: GenericCall): ServiceApi<S> {
  const api: Record<string, RuntimeCall> = {}
  for (const op of operationsOf(service)) {
    api[op.name] = async (params = {}, options = {}) => {
      const result = await call(service, op.name, jsonParams(op, params), options)
      return acknowledges(op) ? undefined : result
    }
  }
  // The one place a runtime-built object meets its derived type: TypeScript cannot follow a loop
  // over table rows into a mapped type, nor the decoder's table-driven answers into ResultOf. The
  // names come from the same rows (test/service/typed-api.test.ts checks both sides).
  return Object.freeze(api) as ServiceApi<S>
}
