import type { FieldValues } from './xml-write'

/** What an operation answers, before a binding turns it into bytes. */
export type OpResult =
  | { readonly kind: 'list'; readonly rows: readonly FieldValues[] }
  | { readonly kind: 'single'; readonly row: FieldValues }
  | { readonly kind: 'string'; readonly text: string }
  | { readonly kind: 'int'; readonly value: number }
  /** v3: a JSON body over HTTP, an empty response element over SOAP. */
  | { readonly kind: 'json'; readonly body: unknown }
  /** v2 daily allowance exceeded: a soap:Server fault or a plain-text 500 (docs/protocol.md §6). */
  | { readonly kind: 'serverError'; readonly message: string }

export const list = (rows: readonly FieldValues[]): OpResult => ({ kind: 'list', rows })
export const text = (t: string): OpResult => ({ kind: 'string', text: t })
export const EMPTY: OpResult = { kind: 'list', rows: [] }
export const OK = text('OK')
export const INVALIDKEY = text('INVALIDKEY')
export const INVALID_HASH = text('ERROR: invalid userHash')
