import type { Binding } from '../protocol/operations'

export type KeychainKind = 'os' | 'memory'

/** Never carries a secret: only whether one is held and where. */
export interface AccountStatus {
  readonly profile: 'demo' | 'custom'
  readonly baseUrl: string
  readonly binding: 'auto' | Binding
  readonly apiKeySet: boolean
  readonly signedIn: boolean
  readonly username: string | null
  readonly keychain: KeychainKind
  /** False when secrets live in memory only and will be forgotten on quit. */
  readonly remembered: boolean
  readonly keychainMessage: string | null
}

export interface ConnectionTestDto {
  readonly ok: boolean
  readonly message: string
  readonly bindings: readonly Binding[]
}
