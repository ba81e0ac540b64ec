import type { Binding, ServiceName } from '../shared/protocol/operations'
import type { Catalogue, CatalogueSet } from './catalogue'
import type { V3FlagShape } from './v3-flag-shape'
import type { Accounts, UserData } from './state'

/** Everything an operation may read or change; one per running service. */
export interface ServiceState {
  readonly cat: Catalogue
  readonly accounts: Accounts
  readonly apiKeys: ReadonlySet<string>
  /** By lower-cased username. */
  readonly users: ReadonlyMap<string, UserData>
  readonly byHash: ReadonlyMap<string, UserData>
  /**
   * Keys and user hashes that stopped working (a revoked key, a password changed elsewhere). They
   * get production's in-band answers (nil lists, zero totals, `INVALIDKEY`), never a fault.
   */
  readonly revoked: Set<string>
  readonly allowances: Map<string, Allowance>
  readonly sortCache: Map<string, readonly CatalogueSet[]>
  readonly now: () => Date
  /**
   * The UTC day the service started (yyyy-MM-dd): sets in the shops then get coming exit dates
   * relative to it (set-details.ts). Unset: none, as a service from before issue #30 gave.
   */
  readonly today?: string
  /** See ReferenceServiceOptions.quantityCreatesCopies. */
  readonly quantityCreatesCopies: boolean
  /** See ReferenceServiceOptions.v3Flags; the admin interface may change it mid-test. */
  v3Flags: V3FlagShape
  nextCollectionID: number
  /** Called after every change, so a SQLite-backed service can write it through. */
  readonly changed: (change: Change) => void
}

export interface Allowance {
  perDay: number | null
  day: string
  used: number
}

export type Change =
  | { readonly kind: 'user'; readonly user: UserData }
  | { readonly kind: 'set'; readonly set: CatalogueSet }
  | { readonly kind: 'allowance'; readonly apiKey: string }

/** One call: the state plus what the request looked like. */
export interface Call {
  readonly state: ServiceState
  /** `http://host:port` of the request, for the URLs records carry. */
  readonly origin: string
  readonly service: ServiceName
  readonly binding: Binding
}

/** A parsed argument list, typed by the operation table. */
export interface Args {
  /** A string parameter; '' when absent or nil. */
  str(name: string): string
  /** An int parameter; 0 when absent in SOAP (the binding already refused non-integers). */
  int(name: string): number
  /** True when the parameter was sent at all. */
  has(name: string): boolean
  /** A record-typed parameter (setCollectionDetail's `detail`), as element name → text. */
  record(name: string): Readonly<Record<string, string>> | null
}

export function validKey(call: Call, apiKey: string): boolean {
  return call.state.apiKeys.has(apiKey) && !call.state.revoked.has(apiKey)
}

export function userByHash(call: Call, hash: string): UserData | null {
  if (hash === '' || call.state.revoked.has(hash)) return null
  return call.state.byHash.get(hash) ?? null
}

export function userByName(call: Call, name: string): UserData | null {
  return name === '' ? null : (call.state.users.get(name.toLowerCase()) ?? null)
}
