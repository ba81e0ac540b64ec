import type { KeychainKind } from '../../shared/model/account'

/** What one profile keeps secret. The password is never part of it: it is used once for login. */
export interface ProfileSecrets {
  readonly apiKey?: string
  readonly userHash?: string
  /** Not secret, but kept beside the hash it belongs to so both vanish together on sign-out. */
  readonly username?: string
}

/**
 * Reading an entry can find it, find nothing, or find something unreadable (a corrupt or foreign
 * blob). A broken entry has already been deleted when this is returned: the user signs in again.
 */
export type SecretsRead =
  | { readonly state: 'found'; readonly secrets: ProfileSecrets }
  | { readonly state: 'missing' }
  | { readonly state: 'broken'; readonly message: string }

/** One secret entry per profile (the account), all under one service name. */
export interface CredentialStore {
  readonly kind: KeychainKind
  /**
   * False when this session's sign-in would not survive a restart: secrets kept in memory, or an
   * OS keychain that refused the last write. Read it each time: it changes as writes fail or succeed.
   */
  readonly remembered: boolean
  /** Why sign-ins are not remembered, in plain words for the UI; null when they are. */
  readonly message: string | null
  /** The keychain's own reason behind `message` (e.g. D-Bus text), for "Details"; or null. */
  readonly detail: string | null
  read(account: string): Promise<SecretsRead>
  write(account: string, secrets: ProfileSecrets): Promise<void>
  remove(account: string): Promise<void>
}

const SECRET_KEYS = ['apiKey', 'userHash', 'username'] as const

/** Serialised form of an entry: JSON with only the known string fields. */
export function encodeSecrets(secrets: ProfileSecrets): string {
  const out: Record<string, string> = {}
  for (const key of SECRET_KEYS) {
    const value = secrets[key]
    if (value !== undefined && value !== '') out[key] = value
  }
  return JSON.stringify({ v: 1, ...out })
}

/** Parses a stored entry; null when it is not one of ours (corrupt, truncated, foreign). */
export function decodeSecrets(blob: string): ProfileSecrets | null {
  let parsed: unknown
  try {
    parsed = JSON.parse(blob)
  } catch {
    return null
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null
  const record = parsed as Record<string, unknown>
  if (record['v'] !== 1) return null
  const out: { apiKey?: string; userHash?: string; username?: string } = {}
  for (const key of SECRET_KEYS) {
    const value = record[key]
    if (value === undefined) continue
    if (typeof value !== 'string') return null
    out[key] = value
  }
  return out
}
