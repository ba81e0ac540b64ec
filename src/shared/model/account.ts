import type { Binding } from '../protocol/operations'

export type KeychainKind = 'os' | 'memory'

/** Never carries a secret: only whether one is held and where. */
export interface AccountStatus {
  readonly profile: 'demo' | 'custom'
  readonly baseUrl: string
  readonly binding: 'auto' | Binding
  readonly apiKeySet: boolean
  /** True only while the service still accepts the sign-in as far as the app knows. */
  readonly signedIn: boolean
  /**
   * The service stopped accepting the API key or the sign-in (revoked, password changed): nothing
   * was removed, edits wait, and the user must enter a key or sign in again.
   */
  readonly signInNeeded: 'key' | 'hash' | null
  readonly username: string | null
  readonly keychain: KeychainKind
  /** False when secrets live in memory only and will be forgotten on quit. */
  readonly remembered: boolean
  /** Why secrets are not remembered, in plain words; null when they are. */
  readonly keychainMessage: string | null
  /** The keychain's own reason behind the message (e.g. D-Bus text), for a "Details" disclosure. */
  readonly keychainDetail?: string
  /**
   * Why the active profile's stored settings cannot be used (an address refused today), or null.
   * The catalogue stays browsable; Settings shows this and a new address replaces it.
   */
  readonly problem: string | null
}

export interface ConnectionTestDto {
  readonly ok: boolean
  readonly message: string
  readonly bindings: readonly Binding[]
}
