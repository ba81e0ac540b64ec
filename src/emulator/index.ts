import { DEFAULT_NAMESPACES } from '../shared/protocol/operations'
import type { ServiceName } from '../shared/protocol/operations'
import type { BindingPolicy } from './binding-policy'
import { generateCatalogue } from './catalogue'
import type { Change, ServiceState } from './context'
import type { FaultRule, TransportDirective } from './faults'
import { FaultBook } from './faults'
import { route } from './handle'
import type { Store } from './persist'
import { openStore } from './persist'
import { rng, STREAM } from './rng'
import type { CollectionEntry, UserData } from './state'
import {
  DEFAULT_FLAG_LABELS,
  emptyEntry,
  FLAG_COUNT,
  isEmptyEntry,
  makeAccounts,
  seedDemoCollection
} from './state'
import { applyOwned, applyQty } from './collection-rules'
import { capPageSize } from './search'
import type { V3FlagShape } from './v3-flag-shape'
import { connectionError, cutResponse } from './fetch-transport'

export interface ReferenceServiceOptions {
  /** Catalogue size, default 2000 (1 to 200,000). */
  sets?: number
  /** Default 1. */
  seed?: number
  /** Default DEFAULT_NAMESPACES from src/shared/protocol/operations.ts. */
  namespaces?: { api: string; legacy: string }
  /** SQLite file for the service's data; default in-memory. */
  dbPath?: string
  /** Clock, for tests. */
  now?: () => Date
  /**
   * Sets in the shops get coming exit dates relative to the day the service starts (by `now`),
   * as the real site announces some (set-details.ts); default true. False: none, as before.
   */
  comingExits?: boolean
  /**
   * Whether raising a set's quantity adds a blank copy record per unit (and lowering removes the
   * newest blank ones first). Default true; production's answer is unknown, so both are tested.
   */
  quantityCreatesCopies?: boolean
  /** Most sets a getSets page holds, whatever pageSize asks (1 to 500, default 500). */
  maxPageSize?: number
  /**
   * Serve a service's operations over one binding only, refusing the others in the given style
   * (docs/protocol.md §4). Its WSDL still declares all four, as a description may outlive a change.
   */
  bindings?: Partial<Record<ServiceName, BindingPolicy>>
  /** Services not served at all: every path under them answers IIS's 404, `?WSDL` too. */
  absent?: readonly ServiceName[]
  /**
   * How v3 getSets writes `collection.flags` (docs/protocol.md §5); default `list`. Production's
   * shape is unknown: its recorded sets carry none (`omitted`).
   */
  v3Flags?: V3FlagShape
}

interface DemoAccount {
  apiKey: string
  username: string
  password: string
}

/** A user's state of one set, as the admin interface reads it. */
export type CollectionValue = CollectionEntry

interface CollectionPatch {
  owned?: boolean
  wanted?: boolean
  qtyOwned?: number
  notes?: string
  rating?: number
  flags?: Partial<Record<number, boolean>>
}

export interface ReferenceService {
  handle(request: Request): Promise<Response>
  readonly demo: DemoAccount
  readonly namespaces: { api: string; legacy: string }
  readonly admin: {
    /** Change N sets (lastUpdated moves to now); returns their setIDs. */
    touchSets(count: number): number[]
    setAllowance(apiKey: string, perDay: number | null): void
    addFault(rule: FaultRule): () => void
    clearFaults(): void
    /** Change a user's collection value "behind the app's back" (as the website would). */
    setCollectionValue(username: string, setID: number, patch: CollectionPatch): void
    getCollectionValue(username: string, setID: number): CollectionValue
    /** The key stops working, as when its owner revokes it on the website. */
    revokeKey(apiKey: string): void
    /** The user's sign-in stops working, as after a password change elsewhere. */
    revokeUserHash(username: string): void
    /** Every revoked key and sign-in works again. */
    restoreCredentials(): void
    /** From now on v3 getSets writes `collection.flags` in this shape. */
    showFlagsAs(shape: V3FlagShape): void
  }
  close(): void
}

/** The node:http listener's view of a service: the transport directive beside the Response. */
export const TRANSPORT = new WeakMap<
  ReferenceService,
  (request: Request) => Promise<{ response: Response; transport?: TransportDirective }>
>()

export function createReferenceService(options: ReferenceServiceOptions = {}): ReferenceService {
  const seed = options.seed ?? 1
  const size = options.sets ?? 2000
  const namespaces = { ...(options.namespaces ?? DEFAULT_NAMESPACES) }
  const now = options.now ?? ((): Date => new Date())
  const cat = generateCatalogue(seed, size)
  const accounts = makeAccounts(seed)
  const users = new Map<string, UserData>()
  for (const user of accounts.users) {
    users.set(user.username.toLowerCase(), {
      user,
      sets: new Map(),
      copies: new Map(),
      minifigs: new Map(),
      flagLabels: [...DEFAULT_FLAG_LABELS]
    })
  }
  const demoData = users.get(accounts.users[0]?.username ?? '')
  if (demoData) seedDemoCollection(cat, demoData)
  let store: Store | null = null
  const state: ServiceState = {
    cat,
    accounts,
    apiKeys: new Set(accounts.apiKeys),
    users,
    byHash: new Map([...users.values()].map((u) => [u.user.userHash, u])),
    revoked: new Set(),
    allowances: new Map(),
    sortCache: new Map(),
    now,
    ...(options.comingExits === false ? {} : { today: now().toISOString().slice(0, 10) }),
    quantityCreatesCopies: options.quantityCreatesCopies ?? true,
    v3Flags: options.v3Flags ?? 'list',
    nextCollectionID: 1,
    changed: (c: Change) => store?.apply(c)
  }
  if (options.dbPath !== undefined) {
    store = openStore(options.dbPath, `seed=${seed};sets=${size}`, {
      sets: cat.byID,
      users,
      allowances: state.allowances
    })
  }
  state.nextCollectionID =
    1 + Math.max(0, ...[...users.values()].flatMap((u) => [...u.copies.keys()]))
  if (options.maxPageSize !== undefined) capPageSize(state, options.maxPageSize)
  const faults = new FaultBook()
  const policies: Partial<Record<ServiceName, BindingPolicy | 'absent'>> = {
    ...options.bindings
  }
  for (const s of options.absent ?? []) policies[s] = 'absent'
  const router = { state, namespaces, faults, policies }
  const userData = (username: string): UserData => {
    const u = users.get(username.toLowerCase())
    if (!u) throw new RangeError(`no user ${username}`)
    return u
  }
  let touches = 0
  const service: ReferenceService = {
    handle: async (request) => {
      const { response, transport } = await route(router, request)
      return transport ? inProcess(response, transport) : response
    },
    demo: {
      apiKey: accounts.apiKeys[0] ?? '',
      username: accounts.users[0]?.username ?? '',
      password: accounts.users[0]?.password ?? ''
    },
    namespaces,
    admin: {
      touchSets(count) {
        const r = rng(seed, STREAM.revision, ++touches)
        const n = Math.max(0, Math.min(count, cat.sets.length))
        const picked = new Set<number>()
        while (picked.size < n) picked.add(cat.sets[r.int(0, cat.sets.length - 1)]?.setID ?? 0)
        // Strictly increasing times, so "updated since" watermarks see every change once.
        const at = Math.max(now().getTime(), ...cat.sets.map((s) => s.lastUpdated))
        for (const id of picked) {
          const set = cat.byID.get(id)
          if (!set) continue
          set.revision++
          set.lastUpdated = Math.max(at, now().getTime())
          state.changed({ kind: 'set', set })
        }
        return [...picked]
      },
      setAllowance(apiKey, perDay) {
        const a = state.allowances.get(apiKey) ?? {
          perDay: null,
          day: now().toISOString().slice(0, 10),
          used: 0
        }
        a.perDay = perDay
        state.allowances.set(apiKey, a)
        state.changed({ kind: 'allowance', apiKey })
      },
      addFault: (rule) => faults.add(rule),
      clearFaults: () => {
        faults.clear()
      },
      setCollectionValue(username, setID, patch) {
        const u = userData(username)
        if (!cat.byID.has(setID)) throw new RangeError(`no set ${setID}`)
        const e = { ...(u.sets.get(setID) ?? emptyEntry()) }
        e.flags = [...e.flags]
        if (patch.owned !== undefined) applyOwned(e, patch.owned)
        if (patch.qtyOwned !== undefined) applyQty(e, patch.qtyOwned)
        if (patch.wanted !== undefined) e.wanted = patch.wanted
        if (patch.notes !== undefined) e.notes = patch.notes
        if (patch.rating !== undefined) e.rating = patch.rating
        for (const [k, v] of Object.entries(patch.flags ?? {})) {
          const i = Number(k) - 1
          if (i >= 0 && i < FLAG_COUNT && v !== undefined) e.flags[i] = v
        }
        if (isEmptyEntry(e)) u.sets.delete(setID)
        else u.sets.set(setID, e)
        state.changed({ kind: 'user', user: u })
      },
      getCollectionValue(username, setID) {
        const e = userData(username).sets.get(setID) ?? emptyEntry()
        return {
          owned: e.owned,
          wanted: e.wanted,
          qtyOwned: e.qtyOwned,
          notes: e.notes,
          rating: e.rating,
          flags: [...e.flags]
        }
      },
      revokeKey(apiKey) {
        state.revoked.add(apiKey)
      },
      revokeUserHash(username) {
        state.revoked.add(userData(username).user.userHash)
      },
      restoreCredentials() {
        state.revoked.clear()
      },
      showFlagsAs(shape) {
        state.v3Flags = shape
      }
    },
    close() {
      store?.close()
      store = null
    }
  }
  TRANSPORT.set(service, (request) => route(router, request))
  return service
}

/** What fetch would show a caller for a dropped or truncated connection. */
async function inProcess(response: Response, t: TransportDirective): Promise<Response> {
  if (t.type === 'drop') throw connectionError('ECONNRESET', 'socket hang up')
  const bytes = new Uint8Array(await response.arrayBuffer())
  const keep = t.bytes ?? Math.floor(bytes.length / 2)
  return cutResponse(bytes, keep, { status: response.status, headers: response.headers })
}
