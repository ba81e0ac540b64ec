import { AppError } from '../../shared/errors'
import type { ErrorCode } from '../../shared/errors'
import type { SyncStatus } from '../../shared/model/sync'
import type { EventBus } from '../ipc/event-bus'
import { isDiskFull, storageFault } from '../store/faults'
import type { Store } from '../store/connection'
import {
  SIGN_IN_AGAIN,
  accountStatus,
  rejectedCredential,
  rejectionOf,
  setRejectedCredential
} from '../account/index'
import type { Profiles } from '../account/index'
import { createReachability } from './reachability'
import type { Reachability } from './reachability'
import { runSync } from './sync-run'
import type { PushStep, SyncRunDeps } from './sync-run'
import { SyncProgress, syncStatus } from './sync-status'
import type { Log } from '../logging/index'

export interface SyncRunner {
  status(): SyncStatus
  /** Whether a sync runs now (status() without reading the store). */
  isRunning(): boolean
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
  readonly log?: Pick<Log, 'warn'>
  /** After a sync failed for a full disk, the next try (default 30 s): until there is room. */
  readonly diskFullRetryMs?: number
}

const OFFLINE_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'offline',
  'timeout',
  'connection_reset'
])

/** What the status says of a failed sync. */
function describeFailure(e: unknown, log: SyncRunnerOptions['log']): string {
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
  log?.warn('sync failed', e)
  return 'Sync failed unexpectedly.'
}

/**
 * One sync at a time: a request while one runs is remembered and runs after it; a sync that
 * failed for a full disk is tried again later, since nothing tells the app that space came back.
 */
class Runner implements SyncRunner {
  private readonly progress = new SyncProgress()
  private readonly finished = new Set<(status: SyncStatus) => void>()
  private readonly reach: Reachability
  private readonly now: () => Date
  private running: Promise<SyncStatus> | null = null
  private controller: AbortController | null = null
  /** A request that came while a sync ran: one more runs after it. */
  private followUp = false
  /** The next try after a full disk, until one gets through. */
  private diskRetry: NodeJS.Timeout | null = null

  constructor(private readonly options: SyncRunnerOptions) {
    this.now = options.now ?? (() => new Date())
    this.reach = options.reachability ?? createReachability()
    this.reach.onChange(this.publish)
    // Another profile is another service: whether the last one answered says nothing of it.
    options.profiles.onChange(() => {
      this.reach.reset()
    })
  }

  isRunning(): boolean {
    return this.running !== null
  }

  status(): SyncStatus {
    const { store, profiles } = this.options
    const sources = { store, profiles, reach: this.reach, now: this.now }
    return syncStatus(sources, this.progress, this.running !== null)
  }

  readonly publish = (): void => {
    this.options.events.emit('sync:status', this.status())
  }

  start(opts: { full?: boolean } = {}): SyncStatus {
    void this.run(opts)
    return this.status()
  }

  run(opts: { full?: boolean } = {}): Promise<SyncStatus> {
    if (this.running) return this.running
    const ac = new AbortController()
    this.controller = ac
    this.followUp = false
    this.progress.error = null
    this.running = this.runToEnd(opts.full ?? false, ac.signal)
    this.publish()
    return this.running
  }

  request(): void {
    if (this.running) this.followUp = true
    else void this.run()
  }

  cancel(): SyncStatus {
    this.followUp = false
    if (this.diskRetry) clearTimeout(this.diskRetry)
    this.diskRetry = null
    this.controller?.abort()
    return this.status()
  }

  async idle(): Promise<void> {
    if (this.running) await this.running
  }

  onFinished(listener: (status: SyncStatus) => void): () => void {
    this.finished.add(listener)
    return () => this.finished.delete(listener)
  }

  private async runToEnd(full: boolean, signal: AbortSignal): Promise<SyncStatus> {
    const profileId = this.options.profiles.active().id
    try {
      this.progress.outcome = { profileId, value: await runSync(this.runDeps(), full, signal) }
      this.progress.phase = 'done'
    } catch (caught) {
      this.failed(profileId, caught)
    } finally {
      this.running = null
      this.controller = null
    }
    const s = this.status()
    this.options.events.emit('sync:status', s)
    for (const l of this.finished) l(s)
    if (this.followUp) void this.run()
    return s
  }

  private runDeps(): SyncRunDeps {
    const { store, profiles, events, push } = this.options
    return {
      store,
      profiles,
      events,
      reach: this.reach,
      now: this.now,
      push,
      ...(this.options.log ? { log: this.options.log } : {}),
      step: (phase, done, total) => {
        this.progress.step(phase, done, total)
        this.publish()
      }
    }
  }

  private failed(profileId: number, caught: unknown): void {
    // A store write that failed (a full disk, a damaged page) is told by its kind.
    const e = storageFault(caught) ?? caught
    if (e instanceof AppError && OFFLINE_CODES.has(e.code)) this.reach.unreachable()
    this.noteRejection(e)
    const cancelled = e instanceof AppError && e.code === 'cancelled'
    if (!cancelled) this.progress.outcome = { profileId, value: 'failed' }
    this.progress.error = cancelled ? null : describeFailure(e, this.options.log)
    if (isDiskFull(e)) this.retryAfterDiskFull()
    this.progress.phase = 'idle'
  }

  /** A refused key or sign-in is remembered for the profile, and the account screen told. */
  private noteRejection(e: unknown): void {
    const r = rejectionOf(e)
    if (r === null) return
    const { store, profiles, events } = this.options
    const id = profiles.active().id
    if (rejectedCredential(store.read, id) === r) return
    setRejectedCredential(store.write, id, r)
    events.emit('account:changed', accountStatus(profiles, store.read))
  }

  /** Nothing tells the app that space came back: it tries again, quietly, until a sync works. */
  private retryAfterDiskFull(): void {
    if (this.diskRetry) return
    this.diskRetry = setTimeout(() => {
      this.diskRetry = null
      void this.run()
    }, this.options.diskFullRetryMs ?? 30_000)
    this.diskRetry.unref()
  }
}

export function createSyncRunner(options: SyncRunnerOptions): SyncRunner {
  return new Runner(options)
}
