import { AppError } from '../../shared/errors'
import type { Handlers } from '../../shared/ipc/contract'
import type { AccountStatus, ConnectionTestDto } from '../../shared/model/account'
import type { Binding } from '../../shared/protocol/operations'
import type { EventBus } from '../ipc/event-bus'
import type { Store } from '../store/connection'
import type { ReadDb } from '../store/handles'
import { setProfileUsername } from './profiles-repo'
import { rejectedCredential, setRejectedCredential } from './credential-check'
import type { Profiles, ServicePort } from './profiles'
import { signInDemo } from './profiles'
import type { Log } from '../logging/index'

export type AccountHandlers = Pick<
  Handlers,
  | 'account:getStatus'
  | 'account:saveProfile'
  | 'account:useDemo'
  | 'account:testConnection'
  | 'account:signIn'
  | 'account:signOut'
>

interface AccountDeps {
  readonly store: Store
  readonly profiles: Profiles
  readonly events: EventBus
  /** After a profile switch: forget per-profile caches (the pusher's view of the service). */
  readonly profileChanged?: () => void
  readonly log: Pick<Log, 'warn'>
}

/** Account status for the UI: whether secrets exist and where, never the secrets themselves. */
export function accountStatus(profiles: Profiles, db: ReadDb): AccountStatus {
  const p = profiles.active()
  const s = profiles.secrets()
  const store = profiles.credentials
  const hash = (s.userHash ?? '') !== ''
  const rejected = rejectedCredential(db, p.id)
  return {
    profile: p.kind,
    baseUrl: p.baseUrl,
    binding: p.binding,
    // The demo's key is the embedded service's, not one the user saved: the form must not offer
    // to keep it.
    apiKeySet: p.kind === 'custom' && (s.apiKey ?? '') !== '',
    signedIn: hash && rejected === null,
    signInNeeded: rejected,
    username: hash ? (s.username ?? p.username) : null,
    keychain: store.kind,
    remembered: store.remembered,
    keychainMessage: store.message,
    ...(store.message !== null && store.detail !== null ? { keychainDetail: store.detail } : {}),
    problem: profiles.problem()?.message ?? null
  }
}

/**
 * Throws when the service says the key is wrong. Any other failure (offline, slow, odd answer) is
 * not a verdict on the key: the profile is saved and the connection test reports the problem.
 */
async function refuseRejectedKey(client: ServicePort): Promise<void> {
  try {
    await client.v2.checkKey()
  } catch (e) {
    if (e instanceof AppError && e.code === 'invalid_key') {
      throw new AppError('invalid_key', 'The service refused this API key; nothing was changed.', {
        field: 'apiKey'
      })
    }
  }
}

const BINDINGS: readonly Binding[] = ['soap11', 'soap12', 'httpGet', 'httpPost']

export function createAccountHandlers(deps: AccountDeps): AccountHandlers {
  const { profiles, events } = deps
  const changed = (profileSwitched: boolean): AccountStatus => {
    const status = accountStatus(profiles, deps.store.read)
    events.emit('account:changed', status)
    if (profileSwitched) {
      deps.profileChanged?.()
      events.emit('data:changed', { scope: 'all', setIDs: [] })
    }
    return status
  }

  return {
    'account:getStatus': () => accountStatus(profiles, deps.store.read),
    'account:saveProfile': async ({ baseUrl, apiKey, binding, paths }) => {
      const input = { baseUrl, binding, ...(paths ? { paths } : {}) }
      // A key the service refuses is bad input: it must not replace a working setup.
      if (apiKey !== undefined) await refuseRejectedKey(profiles.probe(input, apiKey))
      const before = profiles.active().id
      // The key is stored with the profile before the switch is announced: the sync the switch
      // starts must not run with an empty key.
      await profiles.saveCustom(input, apiKey === undefined ? undefined : { apiKey })
      if (apiKey !== undefined) setRejectedCredential(deps.store.write, profiles.active().id, null)
      return changed(profiles.active().id !== before)
    },
    'account:useDemo': async () => {
      const before = profiles.active().id
      await profiles.useDemo()
      await signInDemo(profiles, deps.log)
      return changed(profiles.active().id !== before)
    },
    'account:testConnection': async ({ baseUrl, binding, apiKey }): Promise<ConnectionTestDto> => {
      // The form's own address, binding and key: what Save would store is what is tried. An
      // empty key box means the key saved for that address ("leave empty to keep it"); a key
      // saved for another address is never sent to this one.
      const key = apiKey ?? (await profiles.savedKey(baseUrl)) ?? ''
      if (key === '') return { ok: false, message: 'Enter an API key first.', bindings: [] }
      let client: ServicePort
      try {
        client = profiles.probe({ baseUrl, binding }, key)
      } catch (e) {
        if (e instanceof AppError) return { ok: false, message: e.message, bindings: [] }
        throw e
      }
      try {
        await client.v2.checkKey()
      } catch (e) {
        if (e instanceof AppError) return { ok: false, message: e.message, bindings: [] }
        throw e
      }
      let bindings: Binding[] = []
      try {
        const found = await client.discover()
        if (found.v2.ok) {
          const offered = found.v2.description.bindings
          bindings = BINDINGS.filter((b) => offered[b].length > 0)
        }
      } catch {
        // The key works; the binding list is only a detail for the settings screen.
      }
      return { ok: true, message: 'The service accepted the API key.', bindings }
    },
    'account:signIn': async ({ username, password }) => {
      if ((profiles.secrets().apiKey ?? '') === '') {
        throw new AppError('invalid_key', 'Enter an API key before signing in.', {
          field: 'apiKey'
        })
      }
      // The password goes to login once and is not kept anywhere, not even in memory.
      const userHash = await profiles.client().v2.login({ username, password })
      if (userHash === '')
        throw new AppError('invalid_credentials', 'The user name or password is wrong.')
      await profiles.updateSecrets({ userHash, username })
      setProfileUsername(deps.store.write, profiles.active().id, username)
      // login answered with a hash, so the key works too: whatever was refused works again.
      setRejectedCredential(deps.store.write, profiles.active().id, null)
      return changed(false)
    },
    'account:signOut': async () => {
      // Secrets go; the outbox stays: edits wait for the next sign-in.
      await profiles.updateSecrets({ userHash: '', username: '' })
      setProfileUsername(deps.store.write, profiles.active().id, null)
      return changed(false)
    }
  }
}
