import type { AccountStatus } from '../../src/shared/model/account'

/** An account on a real service with a key but not signed in; tests say what differs. */
export function accountStatus(over: Partial<AccountStatus> = {}): AccountStatus {
  return {
    profile: 'custom',
    baseUrl: 'https://service.example',
    binding: 'auto',
    apiKeySet: true,
    signedIn: false,
    signInNeeded: null,
    username: null,
    keychain: 'memory',
    remembered: false,
    keychainMessage: null,
    problem: null,
    ...over
  }
}
