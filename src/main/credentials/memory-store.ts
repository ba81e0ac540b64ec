import type { CredentialStore, ProfileSecrets, SecretsRead } from './credential-store'

/**
 * Secrets in this process only: used when no OS keychain works (and in tests). The UI shows
 * `remembered: false` with the reason, so the user knows a restart means signing in again.
 */
export function createMemoryStore(
  message: string | null = null,
  detail: string | null = null
): CredentialStore {
  const entries = new Map<string, ProfileSecrets>()
  return {
    kind: 'memory',
    remembered: false,
    message,
    detail,
    read(account): Promise<SecretsRead> {
      const secrets = entries.get(account)
      return Promise.resolve(
        secrets ? { state: 'found', secrets: { ...secrets } } : { state: 'missing' }
      )
    },
    write(account, secrets) {
      entries.set(account, { ...secrets })
      return Promise.resolve()
    },
    remove(account) {
      entries.delete(account)
      return Promise.resolve()
    }
  }
}
