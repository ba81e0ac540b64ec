import type {
  OperationName,
  OperationSpec,
  OperationTable,
  ParamDef,
  ResultDef,
  ServiceName
} from './operations'
import type { RecordName, RECORDS, RecordOf } from './records'
import type { FiguresAnswer } from './minifig-collection'
import type { V3SetsAnswer } from './v3-set-records'
import type { XsdValue } from './xsd'

/**
 * What a call of each operation takes and gives, derived from the operation table at the type level:
 * a parameter, a result or a write added to the table shows up here, with no second list to keep.
 */

/** A string parameter: sent as text (booleans as 1/0). */
export type Text = string | number | boolean
/** An int parameter: a whole number or its digits. */
export type Int = number | string
/** v3 `params` may be given as an object; it is sent as JSON text. */
export type JsonParams = string | Readonly<Record<string, unknown>>

/** A v3 JSON object (`status` is always "success" here; errors are thrown). Read fields through a schema. */
export interface V3Result {
  readonly status: 'success'
  readonly [key: string]: unknown
}

type Simplify<T> = { [K in keyof T]: T[K] } & {}

type FieldOf<N extends RecordName> = (typeof RECORDS)[N]['fields'][number]

/**
 * A record to send (setCollectionDetail's `detail`): value types must be there, strings may be
 * left out or null (then not sent), as the encoder requires.
 */
export type RecordInput<N extends RecordName> = Simplify<
  {
    readonly [F in FieldOf<N> as F['required'] extends true ? F['name'] : never]: XsdValue<
      F['type'],
      true
    >
  } & {
    readonly [F in FieldOf<N> as F['required'] extends true ? never : F['name']]?: XsdValue<
      F['type'],
      false
    >
  }
>

type ValueOf<P extends ParamDef> = P['type'] extends { readonly record: infer R extends RecordName }
  ? RecordInput<R>
  : P['type'] extends 'int'
    ? Int
    : P extends { readonly json: true }
      ? JsonParams
      : Text

/** One row of the table (the conditional lets TypeScript see a generic row as a spec). */
type SpecOf<
  S extends ServiceName,
  N extends OperationName<S>
> = OperationTable[S][N] extends infer T extends OperationSpec ? T : never

type ParamsOfSpec<P extends readonly ParamDef[]> = Simplify<
  {
    readonly [D in P[number] as D['required'] extends true ? D['name'] : never]: ValueOf<D>
  } & {
    readonly [D in P[number] as D['required'] extends true ? never : D['name']]?: ValueOf<D>
  }
>

/** The parameters of one operation by name; the required ones must be given. */
export type ParamsOf<S extends ServiceName, N extends OperationName<S>> = ParamsOfSpec<
  SpecOf<S, N>['params']
>

/** True when the caller must give at least one parameter. */
export type NeedsParams<S extends ServiceName, N extends OperationName<S>> =
  Extract<SpecOf<S, N>['params'][number], { readonly required: true }> extends never ? false : true

type ValueOfResult<R extends ResultDef> = R extends { readonly ack: true }
  ? undefined
  : R extends { readonly kind: 'list'; readonly record: infer N extends RecordName }
    ? RecordOf<N>[]
    : R extends { readonly kind: 'single'; readonly record: infer N extends RecordName }
      ? RecordOf<N> | null
      : R extends { readonly kind: 'string' }
        ? string
        : R extends { readonly kind: 'int' }
          ? number
          : V3Result | null

/**
 * What one operation resolves with: nothing for an acknowledgement, records for lists (nil is an
 * empty list), a record or null, the answer text, or v3's JSON object (null: "no data").
 */
export type ResultOf<S extends ServiceName, N extends OperationName<S>> = S extends 'v3'
  ? N extends keyof V3CheckedAnswers
    ? V3CheckedAnswers[N] | null
    : ValueOfResult<SpecOf<S, N>['result']>
  : ValueOfResult<SpecOf<S, N>['result']>

/**
 * v3 answers the client's decoder checks against their schema (src/shared/protocol/v3-sets.ts,
 * minifig-collection.ts) before the caller sees them, record by record (src/main/service/decode-v3.ts).
 */
interface V3CheckedAnswers {
  readonly getSets: V3SetsAnswer
  readonly getMinifigCollection: FiguresAnswer
}
