import type { RecordName } from './records'

/**
 * The pieces the operation table (operations.ts) is written with: a parameter by its kind, a
 * result by its shape, and the parameters many operations share. `as const` keeps each name and
 * kind literal, so the typed calls (operation-types.ts) know them.
 */

export const text = <const N extends string>(name: N) =>
  ({ name, type: 'string', required: false }) as const
export const needText = <const N extends string>(name: N) =>
  ({ name, type: 'string', required: true }) as const
export const int = <const N extends string>(name: N) =>
  ({ name, type: 'int', required: true }) as const
export const json = <const N extends string, const R extends boolean>(name: N, required: R) =>
  ({ name, type: 'string', required, json: true }) as const
export const record = <const N extends string, const R extends RecordName>(name: N, rec: R) =>
  ({ name, type: { record: rec }, required: true }) as const

export const list = <const R extends RecordName>(rec: R) => ({ kind: 'list', record: rec }) as const
export const single = <const R extends RecordName>(rec: R) =>
  ({ kind: 'single', record: rec }) as const
export const STRING = { kind: 'string' } as const
/** A string answer that must be `OK`. */
export const OK = { kind: 'string', ack: true } as const
/** The earlier service's update*: 1 applied, 0 not. */
export const ONE = { kind: 'int', ack: true } as const
export const JSON_READ = { kind: 'json' } as const
export const JSON_ACK = { kind: 'json', ack: true } as const

/** A parameter as the helpers above make it (operations.ts checks it against its ParamDef). */
type Param = { readonly name: string; readonly required: boolean }

export const KEY = text('apiKey')
export const HASH = text('userHash')
export const USER_FILTER = [HASH, text('owned'), text('wanted')] as const

/** A v3 read production answers though the document does not list it: JSON, null for no data. */
export const productionRead = <const P extends readonly Param[]>(...params: P) =>
  ({ params, result: JSON_READ, write: false, origin: 'production' }) as const

/** A v2 write of the user's collection: the key, the user's hash and `params`, answered `OK`. */
export const userWrite = <const P extends readonly Param[]>(...params: P) =>
  ({ params: [KEY, HASH, ...params], result: OK, write: true }) as const
export const LEGACY_SEARCH = [
  text('query'),
  text('theme'),
  text('subtheme'),
  text('setNumber'),
  text('year')
] as const
