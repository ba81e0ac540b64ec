import { AppError } from '../../shared/errors'
import type { CredentialStore, ProfileSecrets } from '../credentials/index'
import type { Binding, ServiceName } from '../../shared/protocol/operations'
import { createRefusingClient, createServiceClient } from '../service/index'
import type { FetchLike, ServiceClient } from '../service/index'
import type { Store } from '../store/connection'
import { getSetting, setSetting } from '../store/settings-repo'
import { customProfiles, getProfile, upsertProfile } from './profiles-repo'
import type { ProfileInput, ProfileRecord } from './profiles-repo'
import { checkProfileSettings, settingsProblem } from './profile-rules'
import type { Log } from '../logging/index'

export type ServicePort = ServiceClient

interface ClientFactoryInput {
  readonly profile: ProfileRecord
  readonly secrets: () => { apiKey: string; userHash?: string }
  readonly fetch?: FetchLike
  /** Settings being tried, not the active profile: what its calls meet says nothing of that one. */
  readonly probe?: true
}

type ClientFactory = (input: ClientFactoryInput) => ServiceClient

/** The real client for a profile; tests may wrap it (fault injection) through the same signature. */
export const defaultClientFactory: ClientFactory = (input) =>
  createServiceClient({
    profile: {
      baseUrl: input.profile.baseUrl,
      paths: input.profile.paths,
      binding: input.profile.binding,
      ...(input.profile.namespaces ? { namespaces: input.profile.namespaces } : {})
    },
    secrets: input.secrets,
    ...(input.fetch ? { fetch: input.fetch } : {})
  })

/** The embedded reference service behind the demo profile. */
export interface DemoService {
  readonly fetch: FetchLike
  readonly apiKey: string
  readonly username: string
  readonly password: string
}

/** Never reached over a network: the demo client's fetch is the in-process service. */
const DEMO_BASE_URL = 'https://demo.studbook.invalid'
const ACTIVE_KEY = 'active_profile'

interface CustomProfileInput {
  readonly baseUrl: string
  readonly binding: 'auto' | Binding
  readonly paths?: Partial<Record<ServiceName, string>>
}

/**
 * The active service profile: its database id (every cached row is keyed by it, so profiles never
 * mix), its secrets (held in memory for the client, persisted only through the credential store) and
 * a client bound to both.
 */
export interface Profiles {
  readonly credentials: CredentialStore
  active(): ProfileRecord
  /**
   * Why the active profile's stored settings cannot be used (an older version stored an address
   * refused today), or null. The app still runs: the client answers every call with this reason.
   */
  problem(): AppError | null
  client(): ServicePort
  secrets(): ProfileSecrets
  /** The credential-store account of a profile: one entry per profile under one service name. */
  account(profile?: ProfileRecord): string
  /** The demo service, when the active profile is the demo. */
  demo(): DemoService | null
  useDemo(): Promise<ProfileRecord>
  /**
   * Saves and activates a profile; `secrets` are merged into its stored ones first, so whatever
   * the switch starts (a sync) already has them.
   */
  saveCustom(input: CustomProfileInput, secrets?: ProfileSecrets): Promise<ProfileRecord>
  /**
   * The API key saved for the profile at this address (written any way that names the same
   * service), or null: for trying settings with the key box left empty. Stays in main.
   */
  savedKey(baseUrl: string): Promise<string | null>
  /** A client for a profile not (yet) saved, with a candidate key: nothing is stored or switched. */
  probe(input: CustomProfileInput, apiKey: string): ServicePort
  /** Merges into the active profile's secrets and persists them (an empty value removes that key). */
  updateSecrets(patch: ProfileSecrets): Promise<void>
  onChange(listener: (profile: ProfileRecord) => void): () => void
}

interface ProfilesOptions {
  readonly store: Store
  readonly credentials: CredentialStore
  readonly createClient: ClientFactory
  readonly demo: () => Promise<DemoService>
  /** The profile to start with when none was saved yet; default the demo. */
  readonly initial?: CustomProfileInput
  readonly now?: () => Date
}

function cleanSecrets(s: ProfileSecrets): ProfileSecrets {
  const out: { apiKey?: string; userHash?: string; username?: string } = {}
  if (s.apiKey) out.apiKey = s.apiKey
  if (s.userHash) out.userHash = s.userHash
  if (s.username) out.username = s.username
  return out
}

/** `patch` over `base`; an empty value removes that key. */
function mergeSecrets(base: ProfileSecrets, patch: ProfileSecrets): ProfileSecrets {
  const merged: Record<string, string | undefined> = { ...base }
  for (const [k, v] of Object.entries(patch)) merged[k] = v === '' ? undefined : (v as string)
  return cleanSecrets(merged)
}

/**
 * What a user's service settings store as a profile: named by its host, no trailing slash.
 * Throws (before anything is written) when the settings, as they would be stored, are refused.
 */
function customInput(input: CustomProfileInput): ProfileInput {
  const checked = checkProfileSettings({ ...input, baseUrl: input.baseUrl.replace(/\/+$/, '') })
  return { kind: 'custom', label: new URL(checked.baseUrl).host, ...checked }
}

/** An address as the URL parser reads it (scheme and host in lower case), no trailing slash. */
function addressKey(baseUrl: string): string | null {
  try {
    return new URL(baseUrl).href.replace(/\/+$/, '')
  } catch {
    return null
  }
}

/**
 * The saved profile for the service at `baseUrl`, typed any way that names it: the same service
 * keeps one profile (its data and its saved key) however its address is written again.
 */
function savedProfile(store: Store, baseUrl: string): ProfileRecord | null {
  const key = addressKey(baseUrl)
  if (key === null) return null
  return customProfiles(store.read).find((p) => addressKey(p.baseUrl) === key) ?? null
}

export async function createProfiles(options: ProfilesOptions): Promise<Profiles> {
  const { store, credentials, createClient } = options
  const now = () => (options.now ?? (() => new Date()))().toISOString()
  const listeners = new Set<(p: ProfileRecord) => void>()
  let current: ProfileRecord
  let secrets: ProfileSecrets = {}
  let client: ServicePort
  let problem: AppError | null = null
  let demo: DemoService | null = null

  const account = (p: ProfileRecord = current) => `profile-${p.id}`

  async function activate(profile: ProfileRecord): Promise<void> {
    const read = await credentials.read(account(profile))
    const stored = read.state === 'found' ? read.secrets : {}
    if (profile.kind === 'demo') {
      demo = await options.demo()
      // The demo key is public and fixed by the embedded service; it is not a user secret.
      secrets = cleanSecrets({ ...stored, apiKey: demo.apiKey })
    } else {
      demo = null
      secrets = cleanSecrets(stored)
    }
    current = profile
    setSetting(store.write, ACTIVE_KEY, String(profile.id))
    problem =
      profile.kind === 'demo'
        ? null
        : settingsProblem({
            baseUrl: profile.baseUrl,
            binding: profile.binding,
            paths: profile.paths
          })
    client = problem
      ? createRefusingClient(problem)
      : createClient({
          profile,
          secrets: () => ({
            apiKey: secrets.apiKey ?? '',
            ...(secrets.userHash ? { userHash: secrets.userHash } : {})
          }),
          ...(demo ? { fetch: demo.fetch } : {})
        })
    for (const l of listeners) l(profile)
  }

  function demoRecord(): ProfileRecord {
    return upsertProfile(
      store.write,
      { kind: 'demo', label: 'Demo catalogue', baseUrl: DEMO_BASE_URL, binding: 'auto', paths: {} },
      now()
    )
  }

  const savedId = Number(getSetting(store.read, ACTIVE_KEY))
  const saved = Number.isInteger(savedId) && savedId > 0 ? getProfile(store.read, savedId) : null
  const first = (): ProfileRecord =>
    options.initial ? upsertProfile(store.write, customInput(options.initial), now()) : demoRecord()
  await activate(saved ?? first())

  return {
    credentials,
    active: () => current,
    problem: () => problem,
    client: () => client,
    secrets: () => secrets,
    account,
    demo: () => demo,
    async useDemo() {
      await activate(demoRecord())
      return current
    },
    async saveCustom(input, patch) {
      // Checked whole before the first write: a refused address leaves every setting as it was.
      // An address naming a saved profile's service is that profile: its key is kept.
      const known = savedProfile(store, customInput(input).baseUrl)
      const checked = customInput(known ? { ...input, baseUrl: known.baseUrl } : input)
      const record = upsertProfile(store.write, checked, now())
      if (patch !== undefined) {
        const read = await credentials.read(account(record))
        const merged = mergeSecrets(read.state === 'found' ? read.secrets : {}, patch)
        await credentials.write(account(record), merged)
      }
      await activate(record)
      return current
    },
    async savedKey(baseUrl) {
      const record = savedProfile(store, baseUrl.replace(/\/+$/, ''))
      if (record === null) return null
      if (record.id === current.id) return secrets.apiKey ?? null
      const read = await credentials.read(account(record))
      return read.state === 'found' ? (read.secrets.apiKey ?? null) : null
    },
    probe(input, apiKey) {
      const profile = { ...customInput(input), id: 0, namespaces: null, username: null }
      return createClient({ profile, secrets: () => ({ apiKey }), probe: true })
    },
    async updateSecrets(patch) {
      secrets = mergeSecrets(secrets, patch)
      const toStore = current.kind === 'demo' ? cleanSecrets({ ...secrets, apiKey: '' }) : secrets
      if (Object.keys(toStore).length === 0) await credentials.remove(account())
      else await credentials.write(account(), toStore)
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
  }
}

/** The demo account signs itself in: a newcomer sees a working collection with no key and no form. */
export async function signInDemo(profiles: Profiles, log: Pick<Log, 'warn'>): Promise<void> {
  const demo = profiles.demo()
  if (!demo || profiles.secrets().userHash) return
  try {
    const hash = await profiles
      .client()
      .v2.login({ username: demo.username, password: demo.password })
    if (hash === '') throw new AppError('invalid_credentials', 'Demo sign-in failed.')
    await profiles.updateSecrets({ userHash: hash, username: demo.username })
  } catch (e) {
    log.warn('demo sign-in failed', e instanceof AppError ? e.code : 'unexpected')
  }
}
