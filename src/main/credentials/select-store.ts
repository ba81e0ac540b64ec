import { randomBytes } from 'node:crypto'
import type { CredentialStore, ProfileSecrets } from './credential-store'
import {
  createKeytarStore,
  KEYCHAIN_SERVICE,
  keychainReason,
  KeytarLoadError,
  loadKeytar
} from './keytar-store'
import type { KeytarLike } from './keytar-store'
import { createMemoryStore } from './memory-store'
import type { Log } from '../logging/index'

type CredentialMode = 'auto' | 'memory'

interface SelectOptions {
  /** Injected keytar (tests); default: the real module, loaded lazily. */
  readonly keytar?: () => Promise<KeytarLike>
  readonly service?: string
  /** A keychain that neither answers nor fails (a prompt nobody can see) counts as unavailable. */
  readonly probeTimeoutMs?: number
  /** `keepSecret`, when the log has it, is told every secret the store reads or writes. */
  readonly log?: Pick<Log, 'warn'> & { keepSecret?(value: string): void }
}

const PROBE_ACCOUNT = '__studbook_probe__'

/**
 * Turns keytar's failure into plain words for the settings screen; keytar's own text (D-Bus,
 * collections) is the detail, shown behind "Details" and written to the log beside the words.
 */
function describeKeychainFailure(reason: string, cannotLoad = false): string {
  const why = cannotLoad
    ? /built for/.test(reason)
      ? 'the part of Studbook that talks to the keychain was built for another kind of computer'
      : 'the part of Studbook that talks to the keychain cannot load on this computer'
    : /D-Bus/i.test(reason)
      ? 'no keychain service is running for this desktop session'
      : /locked/i.test(reason)
        ? 'the keychain is locked'
        : /no answer/i.test(reason)
          ? 'the keychain did not answer'
          : 'the keychain is not available'
  return (
    `Your sign-in is kept only while Studbook runs, because ${why}. ` +
    'You will sign in again after quitting.'
  )
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`no answer from the keychain within ${ms} ms`))
    }, ms)
    p.then(
      (v) => {
        clearTimeout(timer)
        resolve(v)
      },
      (e: unknown) => {
        clearTimeout(timer)
        reject(e instanceof Error ? e : new Error(String(e)))
      }
    )
  })
}

/** Writes, reads back and deletes a random probe entry: only a keychain that does all three is used. */
async function probe(keytar: KeytarLike, service: string): Promise<void> {
  const value = randomBytes(12).toString('hex')
  await keytar.setPassword(service, PROBE_ACCOUNT, value)
  const back = await keytar.getPassword(service, PROBE_ACCOUNT)
  await keytar.deletePassword(service, PROBE_ACCOUNT)
  if (back !== value) throw new Error('the keychain did not return what was stored')
}

/** The store, telling the log each secret it handles, so no later log line can carry one. */
function tellingLog(store: CredentialStore, keep: ((value: string) => void) | undefined) {
  if (keep === undefined) return store
  const tell = (secrets: ProfileSecrets): void => {
    for (const value of [secrets.apiKey, secrets.userHash]) if (value) keep(value)
  }
  // Getters, not a copy: whether sign-ins are remembered changes when a write fails.
  return {
    kind: store.kind,
    get remembered() {
      return store.remembered
    },
    get message() {
      return store.message
    },
    get detail() {
      return store.detail
    },
    remove: (account: string) => store.remove(account),
    async read(account: string) {
      const result = await store.read(account)
      if (result.state === 'found') tell(result.secrets)
      return result
    },
    write(account: string, secrets: ProfileSecrets) {
      tell(secrets)
      return store.write(account, secrets)
    }
  } satisfies CredentialStore
}

/**
 * `auto`: the OS keychain when it works, else memory with the reason (no silent
 * plaintext, no file fallback). `memory`: memory, no reason shown (chosen by configuration).
 */
export async function selectCredentialStore(
  mode: CredentialMode,
  options: SelectOptions = {}
): Promise<CredentialStore> {
  const keep = options.log?.keepSecret?.bind(options.log)
  if (mode === 'memory') return tellingLog(createMemoryStore(), keep)
  const service = options.service ?? KEYCHAIN_SERVICE
  try {
    const keytar = await (options.keytar ?? loadKeytar)()
    await withTimeout(probe(keytar, service), options.probeTimeoutMs ?? 5000)
    return tellingLog(createKeytarStore(keytar, service), keep)
  } catch (e) {
    const detail = keychainReason(e)
    const message = describeKeychainFailure(detail, e instanceof KeytarLoadError)
    // Once per start, where support will look; the settings screen shows the same words.
    options.log?.warn(`${message} (${detail})`)
    return tellingLog(createMemoryStore(message, detail), keep)
  }
}
