import { AppError } from '../../shared/errors'
import type { ErrorCode } from '../../shared/errors'
import type {
  AllowanceDto,
  CatalogueProgress,
  SyncOutcome,
  SyncPhase,
  SyncStatus
} from '../../shared/model/sync'
import type { EventBus } from '../ipc/event-bus'
import { isDiskFull, storageFault } from '../store/faults'
import { countSets, hasSubthemesAndYears, themeNames } from '../catalogue/index'
import type { Store } from '../store/connection'
import { outboxCounts } from '../collection/index'
import { getAllowance, getSyncValue, setSyncValue, utcDay } from '../store/sync-state-repo'
import {
  SIGN_IN_AGAIN,
  accountStatus,
  confirmCredentials,
  rejectedCredential,
  rejectionError,
  rejectionOf,
  setRejectedCredential
} from '../account/index'
import type { Profiles } from '../account/index'
import {
  catalogueIncomplete,
  pullAllSets,
  pullRecentSets,
  pullSubthemesAndYears,
  pullThemes
} from './pull/catalogue'
import { pullCollection } from './pull/collection'
import type { PullContext } from './pull/context'
import { createReachability } from './reachability'
import type { Reachability } from './reachability'

/** The push step (outbox → service), provided by the edits side; runs before the collection pull. */
type PushStep = (signal: AbortSignal) => Promise<void>

export interface SyncRunner {
  status(): SyncStatus
  /** Starts a sync in the background (or joins the running one) and returns the status at once. */
  start(options?: { full?: boolean }): SyncStatus
  /**
   * Something changed that a sync must see (a sign-in, the service back): starts one, or, when one
   * is running, another once it ends, since the running one may have read the old state already.
   */
  request(): void
  /** Runs a sync to its end; resolves with the final status (errors are in the status). */
  run(options?: { full?: boolean }): Promise<SyncStatus>
  cancel(): SyncStatus
  /** Resolves when no sync is running. */
  idle(): Promise<void>
  /** Publishes the current status (after edits change the outbox counts). */
  publish(): void
  /** Called with the final status of each sync that ends (cancelled ones included). */
  onFinished(listener: (status: SyncStatus) => void): () => void
}

interface SyncRunnerOptions {
  readonly store: Store
  readonly profiles: Profiles
  readonly events: EventBus
  readonly now?: () => Date
  readonly push?: PushStep
  /** Fed by every call the profile's client makes; the runner tells it of deadlines too. */
  readonly reachability?: Reachability
  readonly log?: { warn(m: string, d?: unknown): void }
  /** After a sync failed for a full disk, the next try (default 30 s): until there is room. */
  readonly diskFullRetryMs?: number
}

const OFFLINE_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'offline',
  'timeout',
  'connection_reset'
])

export function createSyncRunner(options: SyncRunnerOptions): SyncRunner {
  const { store, profiles, events } = options
  const now = options.now ?? (() => new Date())
  const reach = options.reachability ?? createReachability()
  const finished = new Set<(status: SyncStatus) => void>()
  let running: Promise<SyncStatus> | null = null
  let controller: AbortController | null = null
  /** A request that came while a sync ran: one more runs after it (an object: set from outside). */
  const followUp = { wanted: false }
  let phase: SyncPhase = 'idle'
  let done = 0
  let total = 0
  /** Kept with the profile it belongs to: a switch starts from "nothing known". */
  let outcome: { readonly profileId: number; readonly value: SyncOutcome } | null = null
  let error: string | null = null
  /** The next try after a full disk, until one gets through. */
  let diskRetry: NodeJS.Timeout | null = null

  function allowance(profileId: number): AllowanceDto {
    const a = getAllowance(store.read, profileId, utcDay(now()))
    return {
      limit: a.limit,
      used: a.used,
      remaining: a.limit === null ? null : Math.max(0, a.limit - a.used)
    }
  }

  /**
   * The service stopped paging short of its total, or a pull was cut off (offline, quit) and has
   * not run to its end since: either way the catalogue is not all there, and the next sync resumes.
   */
  function shortCatalogue(id: number, sets: number): CatalogueProgress | null {
    const stopped = catalogueIncomplete(store.read, id)
    if (stopped) return stopped
    if (running !== null || getSyncValue(store.read, id, 'sets_next_page') === null) return null
    const expected = Number(getSyncValue(store.read, id, 'sets_expected') ?? '0')
    return { got: sets, expected: Math.max(expected, sets) }
  }

  function status(): SyncStatus {
    const id = profiles.active().id
    const sets = countSets(store.read, id)
    return {
      running: running !== null,
      phase,
      done,
      total,
      lastSyncAt: getSyncValue(store.read, id, 'last_sync_at'),
      outcome: outcome?.profileId === id ? outcome.value : null,
      online: reach.online(),
      connected: reach.online() && reach.answered(),
      error,
      ...outboxCounts(store.read, id),
      allowance: allowance(id),
      catalogueSets: sets,
      catalogueIncomplete: shortCatalogue(id, sets)
    }
  }

  const publish = () => {
    events.emit('sync:status', status())
  }

  reach.onChange(publish)
  // Another profile is another service: whether the last one answered says nothing of it.
  profiles.onChange(() => {
    reach.reset()
  })

  /** Read when needed, not once: the user may sign in while the catalogue downloads. */
  const signedIn = (): boolean => (profiles.secrets().userHash ?? '') !== ''

  async function execute(full: boolean, signal: AbortSignal): Promise<SyncOutcome> {
    const profileId = profiles.active().id
    const client = profiles.client()
    const refused = rejectedCredential(store.read, profileId)
    // A refused key fails every call: nothing is asked until the user enters a working one.
    if (refused === 'key') throw rejectionError('key')
    let confirmed: Promise<void> | null = null
    const ctx: PullContext = {
      store,
      profileId,
      client,
      signal,
      now,
      confirmBeforeRemoving() {
        confirmed ??= confirmCredentials(client, signedIn(), signal)
        return confirmed
      },
      progress(p, d, t) {
        phase = p
        done = d
        total = t
        publish()
      },
      changed(scope, setIDs) {
        events.emit('data:changed', { scope, setIDs: [...setIDs] })
      }
    }
    const complete = getSyncValue(store.read, profileId, 'catalogue_complete_at') !== null
    const resuming = getSyncValue(store.read, profileId, 'sets_next_page') !== null
    if (full || !complete || resuming) {
      const themes = await pullThemes(ctx)
      reach.reached()
      const expected = themes.reduce((n, t) => n + t.setCount, 0)
      setSyncValue(store.write, profileId, 'sets_expected', String(expected))
      // Subthemes and years are independent of the set pages: fetched alongside them (the
      // service, the client and SQLite then overlap), reporting progress of the sets only.
      const both = new AbortController()
      const abortBoth = () => {
        both.abort()
      }
      signal.addEventListener('abort', abortBoth)
      const side: PullContext = { ...ctx, signal: both.signal, progress: () => undefined }
      try {
        await Promise.all([
          pullSubthemesAndYears(side, themes).catch((e: unknown) => {
            both.abort()
            throw e
          }),
          pullAllSets({ ...ctx, signal: both.signal }, expected).catch((e: unknown) => {
            both.abort()
            throw e
          })
        ])
      } finally {
        signal.removeEventListener('abort', abortBoth)
      }
    } else {
      const themes = await pullThemes(ctx)
      reach.reached()
      // A table an earlier sync left empty (cut off, or refused) is filled by the next one.
      if (themes.length > 0 && !hasSubthemesAndYears(store.read, profileId)) {
        await pullSubthemesAndYears(ctx, themes)
      }
      if (themeNames(store.read, profileId).length > 0) await pullRecentSets(ctx)
    }
    // A refused sign-in: the catalogue syncs, the outbox waits, the collection is left as it is.
    // Asked again here: signing in while the catalogue downloaded clears the refusal.
    if (rejectedCredential(store.read, profileId) === 'hash') throw rejectionError('hash')
    if (options.push) {
      ctx.progress('push', 0, 0)
      await options.push(signal)
    }
    if (signedIn()) await pullCollection(ctx)
    if (catalogueIncomplete(store.read, profileId) !== null) return 'incomplete'
    setSyncValue(store.write, profileId, 'last_sync_at', now().toISOString())
    return 'complete'
  }

  function noteRejection(e: unknown): void {
    const r = rejectionOf(e)
    if (r === null) return
    const id = profiles.active().id
    if (rejectedCredential(store.read, id) === r) return
    setRejectedCredential(store.write, id, r)
    events.emit('account:changed', accountStatus(profiles, store.read))
  }

  function describe(e: unknown): string {
    const refused = rejectionOf(e)
    if (refused !== null) return SIGN_IN_AGAIN[refused]
    if (e instanceof AppError) {
      if (e.code === 'disk_full') {
        return (
          'The disk that holds Studbook’s data is full, so the sync stopped. Nothing was lost; ' +
          'it starts again by itself once there is room.'
        )
      }
      if (e.code === 'limit_exceeded') {
        return "The service's daily allowance of set downloads is used up; sync continues tomorrow."
      }
      return e.message
    }
    options.log?.warn('sync failed', e)
    return 'Sync failed unexpectedly.'
  }

  /** Nothing tells the app that space came back: it tries again, quietly, until a sync works. */
  function retryAfterDiskFull(): void {
    if (diskRetry) return
    diskRetry = setTimeout(() => {
      diskRetry = null
      void start()
    }, options.diskFullRetryMs ?? 30_000)
    diskRetry.unref()
  }

  function start(opts: { full?: boolean } = {}): Promise<SyncStatus> {
    if (running) return running
    const ac = new AbortController()
    controller = ac
    followUp.wanted = false
    error = null
    const profileId = profiles.active().id
    running = (async () => {
      try {
        outcome = { profileId, value: await execute(opts.full ?? false, ac.signal) }
        phase = 'done'
      } catch (caught) {
        // A store write that failed (a full disk, a damaged page) is told by its kind.
        const e = storageFault(caught) ?? caught
        if (e instanceof AppError && OFFLINE_CODES.has(e.code)) reach.unreachable()
        noteRejection(e)
        const cancelled = e instanceof AppError && e.code === 'cancelled'
        if (!cancelled) outcome = { profileId, value: 'failed' }
        error = cancelled ? null : describe(e)
        if (isDiskFull(e)) retryAfterDiskFull()
        phase = 'idle'
      } finally {
        running = null
        controller = null
      }
      const s = status()
      events.emit('sync:status', s)
      for (const l of finished) l(s)
      if (followUp.wanted) void start()
      return s
    })()
    publish()
    return running
  }

  return {
    status,
    start(opts) {
      void start(opts)
      return status()
    },
    run: start,
    request() {
      if (running) followUp.wanted = true
      else void start()
    },
    cancel() {
      followUp.wanted = false
      if (diskRetry) clearTimeout(diskRetry)
      diskRetry = null
      controller?.abort()
      return status()
    },
    async idle() {
      if (running) await running
    },
    publish,
    onFinished(listener) {
      finished.add(listener)
      return () => finished.delete(listener)
    }
  }
}
