import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { AppError } from '../../shared/errors'
import { decodeSecrets, encodeSecrets } from './credential-store'
import type { CredentialStore, SecretsRead } from './credential-store'
import { nativeMismatch, readNativeHeader } from './native-binary'

/**
 * The OS keychain through keytar: one service name, one account per profile, the secrets of a
 * profile as one JSON entry.
 *
 * keytar's upstream (atom/node-keytar) has been archived since Dec 2022. In the Electron build,
 * `safeStorage` is the likely successor (VS Code and Joplin moved to it); with this interface in
 * place the swap is one file. keytar is N-API, so the same binary loads in Node and Electron.
 */
export const KEYCHAIN_SERVICE = 'Studbook'

/** The part of keytar we use; tests inject failing variants to exercise the fallbacks. */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
}

/** keytar's native module could not be loaded on this computer; the message says why in words. */
export class KeytarLoadError extends Error {
  override readonly name = 'KeytarLoadError'
}

/**
 * Loads keytar after reading its binary's header: a keytar.node built for another platform or
 * architecture (an installer made on the wrong machine) fails dlopen with misleading text, such as
 * "cannot open shared object file: No such file or directory" for a file that is there.
 */
export function loadKeytar(
  host: { platform: string; arch: string } = process
): Promise<KeytarLike> {
  const require = createRequire(import.meta.url)
  const dir = dirname(require.resolve('keytar/package.json'))
  const binary = join(dir, 'build', 'Release', 'keytar.node')
  let header
  try {
    header = readNativeHeader(binary)
  } catch {
    return Promise.reject(new KeytarLoadError('its native module (keytar.node) is missing'))
  }
  const why = nativeMismatch(header, host)
  if (why !== null)
    return Promise.reject(new KeytarLoadError(`its native module (keytar.node): ${why}`))
  // By path, so the module loaded is the one whose header was just read.
  return Promise.resolve(require(join(dir, 'lib', 'keytar.js')) as KeytarLike)
}

function unavailable(action: string, e: unknown): AppError {
  return new AppError(
    'keychain_unavailable',
    `The system keychain could not ${action}.`,
    {
      reason: keychainReason(e)
    },
    { cause: e }
  )
}

/** keytar's own error text, which names the cause (D-Bus, locked collection) and holds no secret. */
export function keychainReason(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e)
  return text.slice(0, 200)
}

/**
 * What a failed write or removal leaves behind, in plain words: what the next start will find.
 * The keychain's own reason is kept apart, for "Details".
 */
const OUT_OF_STEP: Readonly<Record<'write' | 'remove', string>> = {
  write:
    'Your sign-in could not be saved in the keychain, so it is kept only while Studbook runs. ' +
    'You will sign in again after quitting.',
  remove:
    'Your sign-out could not be saved in the keychain, so the earlier sign-in may come back ' +
    'when Studbook starts again.'
}

export function createKeytarStore(keytar: KeytarLike, service = KEYCHAIN_SERVICE): CredentialStore {
  // Accounts whose keychain entry is not what this session holds, since a write or removal failed.
  const unsaved = new Map<string, { readonly message: string; readonly detail: string }>()
  return {
    kind: 'os',
    get remembered() {
      return unsaved.size === 0
    },
    get message() {
      return unsaved.values().next().value?.message ?? null
    },
    get detail() {
      return unsaved.values().next().value?.detail ?? null
    },
    async read(account): Promise<SecretsRead> {
      let blob: string | null
      try {
        blob = await keytar.getPassword(service, account)
      } catch (e) {
        throw unavailable('be read', e)
      }
      if (blob === null) return { state: 'missing' }
      const secrets = decodeSecrets(blob)
      if (secrets) return { state: 'found', secrets }
      // Unreadable entry: remove it so the next sign-in starts clean; never guess at its content.
      try {
        await keytar.deletePassword(service, account)
      } catch {
        // The entry stays unreadable either way; the user is asked to sign in again.
      }
      return {
        state: 'broken',
        message: 'The saved sign-in could not be read. Please sign in again.'
      }
    },
    async write(account, secrets) {
      try {
        await keytar.setPassword(service, account, encodeSecrets(secrets))
      } catch (e) {
        unsaved.set(account, { message: OUT_OF_STEP.write, detail: keychainReason(e) })
        throw unavailable('save your sign-in', e)
      }
      unsaved.delete(account)
    },
    async remove(account) {
      try {
        await keytar.deletePassword(service, account)
      } catch (e) {
        unsaved.set(account, { message: OUT_OF_STEP.remove, detail: keychainReason(e) })
        throw unavailable('remove your sign-in', e)
      }
      unsaved.delete(account)
    }
  }
}
