import { AppError } from '../../shared/errors'
import type { WriteDb, ReadDb } from '../store/handles'
import { getSyncValue, setSyncValue } from '../store/sync-state-repo'
import type { ServicePort } from './profiles'

/** Which credential the service stopped accepting. */
type Rejected = 'key' | 'hash'

export const SIGN_IN_AGAIN: Readonly<Record<Rejected, string>> = {
  key: 'The service no longer accepts the API key. Nothing was removed; enter a working key in Account.',
  hash: 'The service no longer accepts your sign-in. Nothing was removed; sign in again.'
}

export function rejectedCredential(db: ReadDb, profileId: number): Rejected | null {
  const v = getSyncValue(db, profileId, 'credentials_rejected')
  return v === 'key' || v === 'hash' ? v : null
}

export function setRejectedCredential(db: WriteDb, profileId: number, r: Rejected | null): void {
  setSyncValue(db, profileId, 'credentials_rejected', r)
}

/** The credential an error code says the service refused, if any. */
export function rejectionOfCode(code: string | null): Rejected | null {
  if (code === 'invalid_key') return 'key'
  if (code === 'invalid_user_hash') return 'hash'
  return null
}

export function rejectionOf(e: unknown): Rejected | null {
  return e instanceof AppError ? rejectionOfCode(e.code) : null
}

/** The error a sync ends with when a credential was refused: it names what to do. */
export function rejectionError(r: Rejected): AppError {
  return new AppError(r === 'key' ? 'invalid_key' : 'invalid_user_hash', SIGN_IN_AGAIN[r])
}

/**
 * Asks the service whether the key (and the sign-in, when one is held) still work. Production answers
 * reads with a revoked credential by an empty list or zero totals, so this is the only way to tell
 * "the user has nothing" from "the service no longer knows who asks". Anything other than a clear
 * refusal (offline, odd answer) propagates: an unconfirmed answer removes nothing either way.
 */
export async function confirmCredentials(
  client: ServicePort,
  withHash: boolean,
  signal: AbortSignal
): Promise<void> {
  try {
    await client.v2.checkKey({}, { signal })
  } catch (e) {
    if (rejectionOf(e) !== null) throw rejectionError('key')
    throw e
  }
  if (!withHash) return
  try {
    await client.v2.checkUserHash({}, { signal })
  } catch (e) {
    if (rejectionOf(e) !== null) throw rejectionError('hash')
    throw e
  }
}
